import { Container } from 'inversify';
import { Emitter } from '../../../../../src/base/event';
import { EditorStore } from '../../../../../src/application/editor/editor.store';
import { ExplorerStore } from '../../../../../src/application/files/explorer.store';
import { FileDecorationsStore } from '../../../../../src/application/files/file-decorations.store';
import { FileTransfersStore } from '../../../../../src/application/files/file-transfers.store';
import { FileTreeStore } from '../../../../../src/application/files/file-tree.store';
import { RawFsStore } from '../../../../../src/application/fs/raw-fs.store';
import { GitStore } from '../../../../../src/application/git/git.store';
import { BranchRecordsPort } from '../../../../../src/application/ports/branch-records.port';
import { DocumentsPort } from '../../../../../src/application/ports/documents.port';
import { FileTreeOperationResult, FileTreePort, ListedEntry } from '../../../../../src/application/ports/file-tree.port';
import { GitPort } from '../../../../../src/application/ports/git.port';
import { PreferencesPort } from '../../../../../src/application/ports/preferences.port';
import { RawFsPort } from '../../../../../src/application/ports/raw-fs.port';
import { NotifyError, NotifyInfo, OpenBranchId } from '../../../../../src/application/tokens';
import { ActionRegistry } from '../../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../../src/application/workbench/layout.store';
import { AccessStore } from '../../../../../src/application/workspace/access.store';
import { NotificationsStore } from '../../../../../src/application/workspace/notifications.store';
import { FileTree } from '../../../../../src/domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID } from '../../../../../src/domain/fs/file-tree.types';
import { useService } from '../../../../../src/ui/di/container-context';
import { FileExplorer } from '../../../../../src/ui/explorer/file-explorer';
import { useExplorerActions } from '../../../../../src/ui/explorer/use-explorer-actions';
import { useActionKeys } from '../../../../../src/ui/workbench/use-action-keys';
import { accessAs } from '../../../application/support/access';
import { FakeConnection } from '../../../application/support/fake-connection';

/**
 * A fake FileTreePort that behaves like the server's tree: it applies operations to its own FileTree with the same
 * rules (so refusals carry the spec's texts) and answers with the clock. `refuseNext` makes the next operation fail
 * with a given text, as a disk failure would; `hold` keeps answers back until `release()`.
 */
export class FakeFileTreePort implements FileTreePort {
  readonly operations = new Emitter<Array<{ operation: FsOperation; clock: number }>>();
  readonly onDidReceiveOperations = this.operations.event;
  readonly server = FileTree.empty();
  clock = 1;
  sent: FsOperation[] = [];
  refuseNext: string | undefined;
  hold = false;
  private held: Array<() => void> = [];

  constructor(build: (add: (id: string, parentId: string, name: string, type: NodeType) => void) => void) {
    build((id, parentId, name, type) => {
      const added = this.server.apply({ type: 'create', parentId, newEntry: { id, type, name } });
      if (!added.ok) throw new Error(added.error.message);
    });
  }

  async read() {
    return { nodes: this.server.toJSON(), clock: this.clock };
  }

  async readdir(path: string): Promise<ListedEntry[]> {
    throw new Error(`ENOENT: ${path}`);
  }

  async operation(operation: FsOperation): Promise<FileTreeOperationResult> {
    this.sent.push(operation);
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const refusal = this.refuseNext;
    this.refuseNext = undefined;
    if (refusal) throw new Error(refusal);
    if (this.server.isNoop(operation)) return { code: 1 };
    const applied = this.server.apply(operation);
    if (!applied.ok) throw new Error(applied.error.message);
    return { code: 0, clock: ++this.clock };
  }

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }

  /** An operation another client made. */
  remote(operation: FsOperation): void {
    const applied = this.server.apply(operation);
    if (!applied.ok) throw new Error(applied.error.message);
    this.operations.fire([{ operation, clock: ++this.clock }]);
  }
}

/** The sample workspace: README.md, package.json, src/{App.js, components/Button.tsx}, docs/. */
export const sampleWorkspace = (add: (id: string, parentId: string, name: string, type: NodeType) => void): void => {
  add('src', ROOT_ID, 'src', NodeType.Directory);
  add('app', 'src', 'App.js', NodeType.File);
  add('components', 'src', 'components', NodeType.Directory);
  add('button', 'components', 'Button.tsx', NodeType.File);
  add('docs', ROOT_ID, 'docs', NodeType.Directory);
  add('readme', ROOT_ID, 'README.md', NodeType.File);
  add('pkg', ROOT_ID, 'package.json', NodeType.File);
};

const noEvent = () => ({ dispose: () => undefined });

export interface ExplorerFixture {
  container: Container;
  port: FakeFileTreePort;
  files: FileTreeStore;
  explorer: ExplorerStore;
  notifications: NotificationsStore;
  git: GitStore;
  uploads: Array<{ parentId: string; filename: string; content: string }>;
  opened: string[];
  /** The connection this client joined (as a writer) on: `changeAccess` switches its permissions. */
  connection: FakeConnection;
}

/** A container with the real explorer stores over fakes of their ports; the tree is loaded. */
export async function explorerFixture(build = sampleWorkspace): Promise<ExplorerFixture> {
  const port = new FakeFileTreePort(build);
  const uploads: ExplorerFixture['uploads'] = [];
  const opened: string[] = [];
  const c = new Container();
  const { access, connection } = accessAs('write');
  c.bind(AccessStore).toConstantValue(access);
  const stored = new Map<string, unknown>();
  c.bind(PreferencesPort).toConstantValue({ read: (k: string) => stored.get(k), write: (k: string, v: unknown) => void stored.set(k, v) } satisfies PreferencesPort);
  c.bind(FileTreePort).toConstantValue(port);
  const documents = {
    onDidReceiveOperation: noEvent,
    onDidReceiveSelections: noEvent,
    onDidSave: noEvent,
    onDidJoinFile: noEvent,
    onDidLeaveFile: noEvent,
    open: async (fileId: string) => {
      opened.push(fileId);
      return { fileId, isBinary: true, content: '', revision: 0, savedHash: '', selections: {}, participants: {} };
    },
  } as unknown as DocumentsPort;
  c.bind(DocumentsPort).toConstantValue(documents);
  const rawFs = {
    onDidReceiveWatchEvents: noEvent,
    upload: async (parentId: string, filename: string, content: Uint8Array) => {
      uploads.push({ parentId, filename, content: Buffer.from(content).toString('utf8') });
      if (filename === 'refused.txt') throw new Error('/docs/refused.txt already exists');
      return `uploaded-${filename}`;
    },
    download: async (path: string) => `/download/token/${encodeURIComponent(path.split('/').pop() || 'workspace')}`,
  } as unknown as RawFsPort;
  c.bind(RawFsPort).toConstantValue(rawFs);
  const git = new Proxy({}, { get: (_, key) => (String(key).startsWith('onDid') ? noEvent : undefined) }) as GitPort;
  c.bind(GitPort).toConstantValue(git);
  c.bind(BranchRecordsPort).toConstantValue({ rename: async () => undefined } satisfies BranchRecordsPort);
  c.bind(OpenBranchId).toConstantValue(() => undefined);
  c.bind(NotifyError).toDynamicValue((ctx) => {
    const notifications = ctx.container.get(NotificationsStore);
    return (message: string) => notifications.show('error', message);
  });
  c.bind(NotifyInfo).toConstantValue(() => undefined);
  for (const store of [NotificationsStore, FileTreeStore, EditorStore, RawFsStore, GitStore, ActionRegistry, LayoutStore, ExplorerStore, FileTransfersStore, FileDecorationsStore]) {
    c.bind(store).toSelf().inSingletonScope();
  }
  const files = c.get(FileTreeStore);
  await files.load();
  return { container: c, port, files, explorer: c.get(ExplorerStore), notifications: c.get(NotificationsStore), git: c.get(GitStore), uploads, opened, connection };
}

/** The explorer as the workbench shows it: its actions registered and the workbench key handler listening. */
export function ExplorerHarness() {
  const actions = useService(ActionRegistry);
  useExplorerActions(actions);
  useActionKeys(actions);
  return <FileExplorer />;
}
