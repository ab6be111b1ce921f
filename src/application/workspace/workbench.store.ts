import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { EditorStore } from '../editor/editor.store';
import { FileTreeStore } from '../files/file-tree.store';
import { SandboxApiPort, SandboxNotFoundError, SandboxSummary } from '../ports/sandbox-api.port';
import { JoinInfo, WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { TerminalsStore } from '../terminal/terminals.store';
import { CollaboratorsStore } from './collaborators.store';
import { NotificationsStore } from './notifications.store';

export type WorkbenchState =
  | { kind: 'loading' }
  | { kind: 'ready'; sandbox: SandboxSummary }
  | { kind: 'error'; code: 'SANDBOX_NOT_FOUND' | 'SANDBOX_NOT_STARTED'; title: string; message: string };

/**
 * Opens a sandbox: platform API → workspace connection → on the first join, the collaborator list and the tree load,
 * the initial file opens and the terminal attaches. After a reconnect those stores are resynced by the
 * ResyncCoordinator with every other family, in the spec's order (spec 002 §4).
 */
@injectable()
export class WorkbenchStore extends DisposableBase {
  state: WorkbenchState = { kind: 'loading' };
  private opening: { sandboxId: string; done: Promise<void> } | undefined;

  constructor(
    @inject(SandboxApiPort) private readonly api: SandboxApiPort,
    @inject(WorkspaceConnectionPort) private readonly connection: WorkspaceConnectionPort,
    @inject(CollaboratorsStore) private readonly collaborators: CollaboratorsStore,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(TerminalsStore) private readonly terminals: TerminalsStore,
    @inject(NotificationsStore) private readonly notifications: NotificationsStore,
  ) {
    super();
    makeObservable(this, { state: observable.ref, setState: action });
    this.register(connection.onDidJoin((join) => void this.joined(join)));
  }

  /**
   * Opens a sandbox once: a second call for the same sandbox (the page starts opening before React renders, and the
   * page's effect asks again) gets the first call's promise, unless that one failed.
   */
  open(sandboxId: string): Promise<void> {
    if (this.opening?.sandboxId === sandboxId && this.state.kind !== 'error') return this.opening.done;
    const done = this.start(sandboxId);
    this.opening = { sandboxId, done };
    return done;
  }

  private async start(sandboxId: string): Promise<void> {
    this.setState({ kind: 'loading' });
    try {
      const sandbox = await this.api.getSandbox(sandboxId);
      this.editor.expectInitialFile(sandbox.initialFile);
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

  setState(state: WorkbenchState): void {
    this.state = state;
  }

  private async joined(join: JoinInfo): Promise<void> {
    // Before the resync of a reconnect starts (it follows the join): the documents resync as this client.
    this.editor.setSelf(join.self.clientId);
    if (join.isReconnect) return;
    try {
      // The first file is asked for with the tree (when the page said which it is), not after it.
      this.editor.prefetchInitialFile();
      await Promise.all([this.collaborators.refresh(join.self.clientId), this.files.load()]);
      await this.editor.openInitialFile();
      await this.terminals.attach();
    } catch (error) {
      this.notifications.show('error', `Could not load the workspace: ${(error as Error).message}`);
    }
  }
}
