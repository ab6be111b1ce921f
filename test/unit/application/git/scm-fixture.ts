import 'reflect-metadata';
import { Container } from 'inversify';
import { Emitter } from '../../../../src/base/event';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { DiffTabsStore } from '../../../../src/application/git/diff-tabs.store';
import { GitAutofetch } from '../../../../src/application/git/git-autofetch';
import { GitStore } from '../../../../src/application/git/git.store';
import { ScmStore } from '../../../../src/application/git/scm.store';
import { BranchRecordsPort } from '../../../../src/application/ports/branch-records.port';
import { DocumentsPort, OpenedDocument } from '../../../../src/application/ports/documents.port';
import { FileTreePort } from '../../../../src/application/ports/file-tree.port';
import { GitPort } from '../../../../src/application/ports/git.port';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { RawFsPort } from '../../../../src/application/ports/raw-fs.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { NotifyError, NotifyInfo, OpenBranchId } from '../../../../src/application/tokens';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { JsonTreeNode, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { murmurHash } from '../../../../src/domain/hash/murmur';
import { accessAs } from '../support/access';
import { FakeGitPort } from './fake-git-port';

if (typeof globalThis.TextDecoder === 'undefined') Object.assign(globalThis, { TextDecoder: require('util').TextDecoder });

/** Files of the workspace: their tree nodes, their text on disk, and the open-document answers. */
class FakeWorkspaceFiles {
  readonly disk = new Map<string, string>();
  readonly opened: string[] = [];
  constructor(paths: readonly string[]) {
    for (const path of paths) this.disk.set(path, `${path} on disk\n`);
  }
  /** A file's node id is `id:<path>`, a directory's `dir:<path>`. */
  nodes(): JsonTreeNode[] {
    const nodes = new Map<string, JsonTreeNode>([[ROOT_ID, { id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null }]]);
    for (const path of this.disk.keys()) {
      const parts = path.split('/');
      let parentId = ROOT_ID;
      parts.forEach((name, i) => {
        const sub = parts.slice(0, i + 1).join('/');
        const isFile = i === parts.length - 1;
        const id = isFile ? `id:${sub}` : `dir:${sub}`;
        if (!nodes.has(id)) nodes.set(id, { id, type: isFile ? NodeType.File : NodeType.Directory, name, parentId });
        parentId = id;
      });
    }
    return [...nodes.values()];
  }
}

/** The remote the fixture's repository has unless a test says otherwise (pull and push are offered with one only). */
export const FIXTURE_REMOTES = { origin: 'https://example.com/origin.git', upstream: '' };

/**
 * The source control stores (GitStore, ScmStore, DiffTabsStore) with the real editor, tree, layout and action
 * stores, fed by fakes of their ports: git in memory, a flat tree of `paths`, their text on disk; the repository has
 * `remotes` (origin unless told otherwise).
 */
export async function scmFixture(paths: readonly string[] = [], { remotes = FIXTURE_REMOTES }: { remotes?: { origin: string; upstream: string } } = {}) {
  const git = new FakeGitPort();
  const files = new FakeWorkspaceFiles(paths);
  const errors: string[] = [];
  const notices: string[] = [];
  const renames: Array<{ branchId: string; name: string }> = [];
  const branchRecords = { failure: undefined as Error | undefined };
  const c = new Container();
  const { access, connection } = accessAs('write');
  c.bind(AccessStore).toConstantValue(access);
  c.bind(GitPort).toConstantValue(git);
  c.bind<NotifyError>(NotifyError).toConstantValue((m) => errors.push(m));
  c.bind<NotifyInfo>(NotifyInfo).toConstantValue((m) => notices.push(m));
  c.bind<OpenBranchId>(OpenBranchId).toConstantValue(() => 'branch-1');
  c.bind<BranchRecordsPort>(BranchRecordsPort).toConstantValue({
    rename: async (branchId, name) => {
      renames.push({ branchId, name });
      if (branchRecords.failure) throw branchRecords.failure;
    },
  });
  const tree: FileTreePort = {
    onDidReceiveOperations: new Emitter<never>().event,
    read: async () => ({ nodes: files.nodes(), clock: 1 }),
    readdir: async () => [],
    operation: async () => ({ code: 1 }),
  };
  c.bind(FileTreePort).toConstantValue(tree);
  const documents: DocumentsPort = {
    onDidReceiveOperation: new Emitter<never>().event,
    onDidReceiveSelections: new Emitter<never>().event,
    onDidSave: new Emitter<never>().event,
    onDidJoinFile: new Emitter<never>().event,
    onDidLeaveFile: new Emitter<never>().event,
    open: async (fileId): Promise<OpenedDocument> => {
      const content = files.disk.get(fileId.replace(/^id:/, '')) ?? '';
      files.opened.push(fileId);
      return { fileId, isBinary: false, content, revision: 0, savedHash: murmurHash(content), selections: {}, participants: {} };
    },
    openByPath: async (path) => {
      throw new Error(`Failed to retrieve the file ${path}`);
    },
    sendOperation: async () => ({ revision: 1 }),
    acknowledge: async () => undefined,
    sendSelection: async () => undefined,
    save: async () => undefined,
    close: async () => undefined,
  };
  c.bind(DocumentsPort).toConstantValue(documents);
  const rawFs = {
    onDidReceiveWatchEvents: new Emitter<never>().event,
    readFile: async (path: string) => {
      const text = files.disk.get(path);
      if (text === undefined) throw new Error(`File not found: ${path}`);
      return new Uint8Array(Buffer.from(text, 'utf8'));
    },
  } as unknown as RawFsPort;
  c.bind(RawFsPort).toConstantValue(rawFs);
  const stored = new Map<string, unknown>();
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue({ read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) });
  c.bind(WorkspaceConnectionPort).toConstantValue(connection);
  c.bind(ThemeLoaderPort).toConstantValue({ load: async () => Promise.reject(new Error('no themes in this test')) } satisfies ThemeLoaderPort);
  for (const store of [GitStore, ScmStore, DiffTabsStore, GitAutofetch, SettingsStore, EditorStore, FileTreeStore, ActionRegistry, LayoutStore]) c.bind(store).toSelf().inSingletonScope();
  await c.get(FileTreeStore).load();
  git.serverRemotes = remotes;
  const gitStore = c.get(GitStore);
  git.remotesEvents.fire(remotes);
  return {
    c,
    git,
    connection,
    files,
    errors,
    notices,
    renames,
    branchRecords,
    gitStore,
    scm: c.get(ScmStore),
    diffs: c.get(DiffTabsStore),
    editor: c.get(EditorStore),
    layout: c.get(LayoutStore),
    actions: c.get(ActionRegistry),
    settings: c.get(SettingsStore),
    autofetch: c.get(GitAutofetch),
  };
}

/** Lets pending promise callbacks run. */
export const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};
