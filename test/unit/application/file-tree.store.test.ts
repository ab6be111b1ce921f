import 'reflect-metadata';
import { Emitter } from '../../../src/base/event';
import { FileTreeStore } from '../../../src/application/files/file-tree.store';
import { FileTreeOperationResult, FileTreePort, ListedEntry } from '../../../src/application/ports/file-tree.port';
import { FsOperation, JsonTreeNode, NodeType, ROOT_ID } from '../../../src/domain/fs/file-tree.types';

class FakeFileTreePort implements FileTreePort {
  readonly operations = new Emitter<Array<{ operation: FsOperation; clock: number }>>();
  readonly onDidReceiveOperations = this.operations.event;
  nodes: JsonTreeNode[] = [
    { id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null },
    { id: 'readme', type: NodeType.File, name: 'README.md', parentId: ROOT_ID },
  ];
  clock = 5;
  read = jest.fn(async () => ({ nodes: this.nodes, clock: this.clock }));
  listed: Record<string, ListedEntry[]> = {};
  readdir = jest.fn(async (path: string) => {
    const entries = this.listed[path];
    if (!entries) throw new Error(`ENOENT: no such file or directory, scandir '${path}'`);
    return entries;
  });
  /** Answers of fs/operation, one per call: a clock, 'ignored', or an Error (refused). */
  answers: Array<number | 'ignored' | Error> = [];
  sent: FsOperation[] = [];
  private release: Array<() => void> = [];
  /** While held, answers wait until `answer()` is called. */
  held = false;
  operation = jest.fn(async (operation: FsOperation): Promise<FileTreeOperationResult> => {
    this.sent.push(operation);
    if (this.held) await new Promise<void>((resolve) => this.release.push(resolve));
    const next = this.answers.shift() ?? 'ignored';
    if (next instanceof Error) throw next;
    return next === 'ignored' ? { code: 1 } : { code: 0, clock: next };
  });
  answer(): void {
    this.release.shift()?.();
  }
}

const create = (id: string, name: string): FsOperation => ({ type: 'create', parentId: ROOT_ID, newEntry: { id, type: NodeType.File, name } });
const names = (store: FileTreeStore) => store.children(ROOT_ID).map((n) => n.name).sort();

async function loadedStore(): Promise<{ store: FileTreeStore; port: FakeFileTreePort }> {
  const port = new FakeFileTreePort();
  const store = new FileTreeStore(port);
  await store.load();
  return { store, port };
}

describe('FileTreeStore', () => {
  it('loads the tree and its clock from the port', async () => {
    const { store } = await loadedStore();
    expect(store.loaded).toBe(true);
    expect(names(store)).toEqual(['README.md']);
    expect(store.fileAt('README.md')?.id).toBe('readme');
  });

  it('applies operations in clock order, even when they arrive out of order in one batch', async () => {
    const { store, port } = await loadedStore();
    port.operations.fire([
      { operation: { type: 'move', id: 'a', name: 'b.txt' }, clock: 7 },
      { operation: create('a', 'a.txt'), clock: 6 },
    ]);
    expect(names(store)).toEqual(['README.md', 'b.txt']);
  });

  it('drops stale operations (clock <= the current clock)', async () => {
    const { store, port } = await loadedStore();
    port.operations.fire([{ operation: create('old', 'old.txt'), clock: 5 }]);
    port.operations.fire([{ operation: create('older', 'older.txt'), clock: 3 }]);
    expect(names(store)).toEqual(['README.md']);
    port.operations.fire([{ operation: create('a', 'a.txt'), clock: 6 }]);
    port.operations.fire([{ operation: { type: 'delete', id: 'a' }, clock: 6 }]); // duplicate of clock 6: dropped
    expect(names(store)).toEqual(['README.md', 'a.txt']);
  });

  it('holds an operation after a gap until the gap is filled', async () => {
    const { store, port } = await loadedStore();
    port.operations.fire([{ operation: create('c', 'c.txt'), clock: 8 }]);
    port.operations.fire([{ operation: create('a', 'a.txt'), clock: 6 }]);
    expect(names(store)).toEqual(['README.md', 'a.txt']);
    port.operations.fire([{ operation: create('b', 'b.txt'), clock: 7 }]);
    expect(names(store)).toEqual(['README.md', 'a.txt', 'b.txt', 'c.txt']);
  });

  it('counts a revision only when something applied', async () => {
    const { store, port } = await loadedStore();
    const before = store.revision;
    port.operations.fire([{ operation: create('x', 'x.txt'), clock: 9 }]);
    expect(store.revision).toBe(before);
    port.operations.fire([{ operation: create('a', 'a.txt'), clock: 6 }]);
    expect(store.revision).toBeGreaterThan(before);
  });

  it('a reload resets the clock and forgets waiting operations', async () => {
    const { store, port } = await loadedStore();
    port.operations.fire([{ operation: create('late', 'late.txt'), clock: 7 }]); // waits for 6
    port.clock = 10;
    port.nodes = [...port.nodes, { id: 'n', type: NodeType.File, name: 'new.txt', parentId: ROOT_ID }];
    await store.load();
    port.operations.fire([{ operation: create('z', 'z.txt'), clock: 11 }]);
    expect(names(store)).toEqual(['README.md', 'new.txt', 'z.txt']);
  });

  it('lists node_modules on demand when opened, and directories below it by path', async () => {
    const { store, port } = await loadedStore();
    port.operations.fire([{ operation: { type: 'create', parentId: ROOT_ID, newEntry: { id: 'nm', type: NodeType.Directory, name: 'node_modules' } }, clock: 6 }]);
    port.listed = {
      node_modules: [
        { name: 'zod', isDirectory: true, isSymlink: false },
        { name: '.package-lock.json', isDirectory: false, isSymlink: false },
        { name: 'ansi', isDirectory: true, isSymlink: false },
      ],
      'node_modules/zod': [{ name: 'package.json', isDirectory: false, isSymlink: false }],
    };
    expect(store.isListedOnDemand('nm')).toBe(true);
    store.toggle('nm');
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.listings.get('node_modules')).toEqual({
      kind: 'listed',
      entries: [
        { name: 'ansi', isDirectory: true, isSymlink: false },
        { name: 'zod', isDirectory: true, isSymlink: false },
        { name: '.package-lock.json', isDirectory: false, isSymlink: false },
      ],
    });
    store.togglePath('node_modules/zod');
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.listings.get('node_modules/zod')).toMatchObject({ kind: 'listed', entries: [{ name: 'package.json' }] });
    store.togglePath('node_modules/gone');
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.listings.get('node_modules/gone')).toEqual({ kind: 'failed', message: "ENOENT: no such file or directory, scandir 'node_modules/gone'" });
    expect(port.readdir).toHaveBeenCalledTimes(3);
  });

  it('shows a local operation at once and keeps it once the server applied it', async () => {
    const { store, port } = await loadedStore();
    port.held = true;
    port.answers = [6];
    const done = store.perform(create('n', 'new.txt'));
    expect(names(store)).toEqual(['README.md', 'new.txt']);
    port.answer();
    expect(await done).toEqual({ ok: true, value: undefined });
    expect(names(store)).toEqual(['README.md', 'new.txt']);
    port.operations.fire([{ operation: create('t', 'theirs.txt'), clock: 7 }]);
    expect(names(store)).toEqual(['README.md', 'new.txt', 'theirs.txt']);
  });

  it("reverts an operation the server refuses and answers the server's text", async () => {
    const { store, port } = await loadedStore();
    port.held = true;
    port.answers = [new Error('/README.md is not a directory')];
    const done = store.perform({ type: 'move', id: 'readme', name: 'READ.md' });
    expect(names(store)).toEqual(['READ.md']);
    port.answer();
    expect(await done).toEqual({ ok: false, error: '/README.md is not a directory' });
    expect(names(store)).toEqual(['README.md']);
  });

  it("checks an operation before sending it and sends nothing when the tree refuses it, with the spec's text", async () => {
    const { store, port } = await loadedStore();
    expect(await store.perform(create('e', ''))).toEqual({ ok: false, error: 'File name is undefined' });
    expect(await store.perform(create('d', 'README.md'))).toEqual({ ok: false, error: '/README.md already exists' });
    expect(await store.perform({ type: 'delete', id: ROOT_ID })).toEqual({ ok: false, error: 'Cannot delete root directory' });
    expect(await store.perform({ type: 'move', id: 'readme', name: 'README.md' })).toEqual({ ok: true, value: undefined });
    expect(port.operation).not.toHaveBeenCalled();
  });
});
