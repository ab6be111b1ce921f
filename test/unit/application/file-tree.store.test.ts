import 'reflect-metadata';
import { Emitter } from '../../../src/base/event';
import { FileTreeStore } from '../../../src/application/files/file-tree.store';
import { FileTreePort, ListedEntry } from '../../../src/application/ports/file-tree.port';
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
    const before = store.tree;
    port.operations.fire([{ operation: create('c', 'c.txt'), clock: 8 }]);
    port.operations.fire([{ operation: create('a', 'a.txt'), clock: 6 }]);
    expect(names(store)).toEqual(['README.md', 'a.txt']);
    expect(store.tree).not.toBe(before);
    port.operations.fire([{ operation: create('b', 'b.txt'), clock: 7 }]);
    expect(names(store)).toEqual(['README.md', 'a.txt', 'b.txt', 'c.txt']);
  });

  it('replaces the tree (an immutable reference) only when something applied', async () => {
    const { store, port } = await loadedStore();
    const before = store.tree;
    port.operations.fire([{ operation: create('x', 'x.txt'), clock: 9 }]);
    expect(store.tree).toBe(before);
    port.operations.fire([{ operation: create('a', 'a.txt'), clock: 6 }]);
    expect(store.tree).not.toBe(before);
    expect(before.children(ROOT_ID).map((n) => n.name)).toEqual(['README.md']);
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
});
