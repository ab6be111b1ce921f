import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { EditorStore } from '../editor/editor.store';
import { FileTreeStore } from '../files/file-tree.store';
import { SandboxApiPort, SandboxNotFoundError, SandboxSummary } from '../ports/sandbox-api.port';
import { JoinInfo, WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { TerminalStore } from '../terminal/terminal.store';
import { CollaboratorsStore } from './collaborators.store';
import { NotificationsStore } from './notifications.store';

export type WorkbenchState =
  | { kind: 'loading' }
  | { kind: 'ready'; sandbox: SandboxSummary }
  | { kind: 'error'; code: 'SANDBOX_NOT_FOUND' | 'SANDBOX_NOT_STARTED'; title: string; message: string };

/**
 * Opens a sandbox: platform API → workspace connection → on every join, presence, tree,
 * documents and terminal are (re)loaded, so a reconnect resyncs everything (spec 002 §4).
 */
@injectable()
export class WorkbenchStore {
  state: WorkbenchState = { kind: 'loading' };
  private terminalSize = { cols: 125, rows: 20 };

  constructor(
    @inject(SandboxApiPort) private readonly api: SandboxApiPort,
    @inject(WorkspaceConnectionPort) private readonly connection: WorkspaceConnectionPort,
    @inject(CollaboratorsStore) private readonly collaborators: CollaboratorsStore,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(TerminalStore) private readonly terminal: TerminalStore,
    @inject(NotificationsStore) private readonly notifications: NotificationsStore,
  ) {
    makeObservable(this, { state: observable.ref, setState: action });
    connection.onDidJoin((join) => void this.joined(join));
  }

  async open(sandboxId: string): Promise<void> {
    this.setState({ kind: 'loading' });
    try {
      const sandbox = await this.api.getSandbox(sandboxId);
      const host = await this.api.startWorkspace(sandboxId);
      this.setState({ kind: 'ready', sandbox });
      // Pitcher tokens are short-lived: every reconnection mints a new one through the same start call.
      this.connection.connect(host, () => this.api.startWorkspace(sandboxId));
    } catch (error) {
      if (error instanceof SandboxNotFoundError) {
        this.setState({ kind: 'error', code: 'SANDBOX_NOT_FOUND', title: 'Sandbox not found', message: `There is no sandbox with the id ${sandboxId}.` });
      } else {
        this.setState({ kind: 'error', code: 'SANDBOX_NOT_STARTED', title: 'Unable to start the Sandbox', message: (error as Error).message });
      }
    }
  }

  /** The terminal view reports its size before the terminal attaches. */
  setTerminalSize(size: { cols: number; rows: number }): void {
    this.terminalSize = size;
  }

  setState(state: WorkbenchState): void {
    this.state = state;
  }

  private async joined(join: JoinInfo): Promise<void> {
    this.editor.setSelf(join.self.clientId);
    try {
      await Promise.all([this.collaborators.refresh(join.self.clientId), this.files.load()]);
      if (join.isReconnect) await this.editor.resyncAll();
      else await this.editor.openInitialFile();
      await this.terminal.attach(this.terminalSize, join.canCreateShells);
    } catch (error) {
      this.notifications.show('error', `Could not load the workspace: ${(error as Error).message}`);
    }
  }
}
