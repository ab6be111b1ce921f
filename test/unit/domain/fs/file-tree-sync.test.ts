import { unwrap } from '../../../../src/base/result';
import { FileTreeSync } from '../../../../src/domain/fs/file-tree-sync';
import { FsOperation, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { sampleTree } from './support/tree-fixture';

const createFile = (id: string, name: string, parentId = ROOT_ID): FsOperation => ({ type: 'create', parentId, newEntry: { id, type: NodeType.File, name } });
const createDir = (id: string, name: string, parentId = ROOT_ID): FsOperation => ({ type: 'create', parentId, newEntry: { id, type: NodeType.Directory, name } });
const rootNames = (sync: FileTreeSync) => sync.view.children(ROOT_ID).map((n) => n.name);
const engine = () => FileTreeSync.fromSnapshot(sampleTree(), 10);

describe('FileTreeSync', () => {
  it('applies a local operation at once and keeps it pending until acknowledged', () => {
    const sync = engine();
    const id = unwrap(sync.applyLocal(createFile('a', 'a.txt')));
    expect(rootNames(sync)).toContain('a.txt');
    expect(sync.pendingOperations).toHaveLength(1);
    sync.acknowledge(id, 11);
    expect(sync.pendingOperations).toEqual([]);
    expect(sync.clock).toBe(11);
    expect(rootNames(sync)).toContain('a.txt');
  });

  it("refuses a local operation with the spec's texts and changes nothing", () => {
    const sync = engine();
    const before = sync.view.toJSON();
    const refusals = [
      sync.applyLocal(createFile('a', '')),
      sync.applyLocal(createDir('a', '')),
      sync.applyLocal(createFile('a', 'README.md')),
      sync.applyLocal(createFile('a', 'x', 'missing')),
      sync.applyLocal(createFile('a', 'x', 'readme')),
      sync.applyLocal({ type: 'delete', id: ROOT_ID }),
      sync.applyLocal({ type: 'move', id: ROOT_ID, parentId: 'src' }),
      sync.applyLocal({ type: 'move', id: ROOT_ID, name: 'x' }),
      sync.applyLocal({ type: 'move', id: 'app', name: 'components' }),
    ];
    expect(refusals.map((r) => (r.ok ? undefined : r.error.message))).toEqual([
      'File name is undefined',
      'Directory name is undefined',
      '/README.md already exists',
      'Parent directory not found',
      '/README.md is not a directory',
      'Cannot delete root directory',
      'Root directory cannot be moved',
      'Root directory cannot be renamed',
      '/src/components already exists',
    ]);
    expect(sync.view.toJSON()).toEqual(before);
    expect(sync.pendingOperations).toEqual([]);
  });

  it('reverts a refused operation, and the pending operations after it stay applied', () => {
    const sync = engine();
    const before = sync.view.toJSON();
    const moved = unwrap(sync.applyLocal({ type: 'move', id: 'app', parentId: ROOT_ID, name: 'Main.js' }));
    const created = unwrap(sync.applyLocal(createFile('b', 'b.txt')));
    sync.discard(moved);
    expect(sync.view.findByPath('src/App.js')?.id).toBe('app');
    expect(sync.view.findByPath('Main.js')).toBeUndefined();
    expect(sync.view.findByPath('b.txt')?.id).toBe('b');
    sync.discard(created);
    expect(sync.view.toJSON()).toEqual(before);
  });

  it('brings back a deleted folder with its contents when the delete is refused', () => {
    const sync = engine();
    const before = sync.view.toJSON();
    const deleted = unwrap(sync.applyLocal({ type: 'delete', id: 'src' }));
    expect(sync.view.has('button')).toBe(false);
    sync.discard(deleted);
    expect(sync.view.toJSON()).toEqual(before);
  });

  it('applies remote operations under the pending ones', () => {
    const sync = engine();
    unwrap(sync.applyLocal(createFile('mine', 'mine.txt', 'src')));
    sync.receive([{ operation: { type: 'move', id: 'src', name: 'lib' }, clock: 11 }]);
    expect(sync.view.findByPath('lib/mine.txt')?.id).toBe('mine');
    expect(sync.clock).toBe(11);
  });

  it('drops stale remote operations and holds ones after a gap', () => {
    const sync = engine();
    expect(sync.receive([{ operation: createFile('old', 'old.txt'), clock: 10 }])).toBe(false);
    expect(sync.receive([{ operation: createFile('c', 'c.txt'), clock: 12 }])).toBe(false);
    expect(rootNames(sync)).not.toContain('c.txt');
    sync.receive([{ operation: createFile('b', 'b.txt'), clock: 11 }]);
    expect(rootNames(sync)).toEqual(expect.arrayContaining(['b.txt', 'c.txt']));
    expect(rootNames(sync)).not.toContain('old.txt');
    sync.receive([{ operation: { type: 'delete', id: 'b' }, clock: 11 }]); // a duplicate of clock 11
    expect(rootNames(sync)).toContain('b.txt');
  });

  it('keeps an acknowledged operation shown while an earlier clock is still missing', () => {
    const sync = engine();
    const id = unwrap(sync.applyLocal(createFile('mine', 'mine.txt')));
    sync.acknowledge(id, 12); // clock 11 (someone else's) has not arrived yet
    expect(rootNames(sync)).toContain('mine.txt');
    expect(sync.pendingOperations).toHaveLength(1);
    sync.receive([{ operation: createFile('theirs', 'theirs.txt'), clock: 11 }]);
    expect(sync.pendingOperations).toEqual([]);
    expect(sync.clock).toBe(12);
    expect(rootNames(sync)).toEqual(expect.arrayContaining(['mine.txt', 'theirs.txt']));
  });

  it('hides a pending operation that no longer fits after a remote one, until the server answers', () => {
    const sync = engine();
    const id = unwrap(sync.applyLocal(createFile('mine', 'mine.txt', 'components')));
    sync.receive([{ operation: { type: 'delete', id: 'src' }, clock: 11 }]);
    expect(sync.view.has('mine')).toBe(false);
    expect(sync.pendingOperations).toHaveLength(1);
    sync.discard(id);
    expect(sync.pendingOperations).toEqual([]);
  });

  it('a new snapshot keeps the pending operations on top and drops those it already holds', () => {
    const sync = engine();
    const held = unwrap(sync.applyLocal(createFile('held', 'held.txt')));
    sync.acknowledge(held, 12); // waits for 11
    unwrap(sync.applyLocal(createFile('open', 'open.txt')));
    const snapshot = sampleTree();
    unwrap(snapshot.apply(createFile('theirs', 'theirs.txt')));
    unwrap(snapshot.apply(createFile('held', 'held.txt')));
    sync.reset(snapshot, 12);
    expect(sync.clock).toBe(12);
    expect(sync.pendingOperations).toEqual([createFile('open', 'open.txt')]);
    expect(rootNames(sync)).toEqual(expect.arrayContaining(['held.txt', 'open.txt', 'theirs.txt']));
  });
});
