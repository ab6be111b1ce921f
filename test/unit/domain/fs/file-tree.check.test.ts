import fc from 'fast-check';
import { FileTree } from '../../../../src/domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';

const NAMES = ['x', 'y', 'X', '', '.', 'a/b'];

/** Builds an operation against the tree's current ids (one slot in eight is an unknown id). */
const operation = fc
  .record({ kind: fc.constantFrom('create', 'delete', 'move'), a: fc.nat(), b: fc.nat(), name: fc.nat(), type: fc.constantFrom(NodeType.File, NodeType.Directory), keepParent: fc.boolean(), keepName: fc.boolean() })
  .map((r) => (tree: FileTree, fresh: () => string): FsOperation => {
    const ids = tree.toJSON().map((n) => n.id);
    const idAt = (n: number) => (n % 8 === 7 ? 'missing' : ids[n % ids.length]);
    const name = NAMES[r.name % NAMES.length];
    if (r.kind === 'create') return { type: 'create', parentId: idAt(r.a), newEntry: { id: r.b % 5 === 0 ? idAt(r.b) : fresh(), type: r.type, name } };
    if (r.kind === 'delete') return { type: 'delete', id: idAt(r.a) };
    return { type: 'move', id: idAt(r.a), parentId: r.keepParent ? undefined : idAt(r.b), name: r.keepName ? undefined : name };
  });

describe('FileTree.check', () => {
  it('accepts exactly the operations apply accepts, with the same error, and changes nothing', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 40 }), (ops) => {
        const tree = FileTree.empty();
        let n = 0;
        for (const make of ops) {
          const op = make(tree, () => `n${n++}`);
          const before = JSON.stringify(tree.toJSON());
          const checked = tree.check(op);
          expect(JSON.stringify(tree.toJSON())).toBe(before);
          const applied = tree.apply(op);
          expect(checked.ok).toBe(applied.ok);
          if (!checked.ok && !applied.ok) expect(checked.error).toEqual(applied.error);
        }
      }),
    );
  });
});

describe('FileTree.isNoop', () => {
  const tree = FileTree.empty();
  tree.apply({ type: 'create', parentId: ROOT_ID, newEntry: { id: 'd', type: NodeType.Directory, name: 'src' } });
  tree.apply({ type: 'create', parentId: 'd', newEntry: { id: 'f', type: NodeType.File, name: 'a.ts' } });

  it('is true for a re-sent create, a move to where the node is and a delete of a node that is gone', () => {
    expect(tree.isNoop({ type: 'create', parentId: 'd', newEntry: { id: 'f', type: NodeType.File, name: 'a.ts' } })).toBe(true);
    expect(tree.isNoop({ type: 'move', id: 'f', parentId: 'd', name: 'a.ts' })).toBe(true);
    expect(tree.isNoop({ type: 'move', id: 'f' })).toBe(true);
    expect(tree.isNoop({ type: 'delete', id: 'gone' })).toBe(true);
  });

  it('is false for anything that changes the tree or must be refused', () => {
    expect(tree.isNoop({ type: 'create', parentId: ROOT_ID, newEntry: { id: 'f', type: NodeType.File, name: 'a.ts' } })).toBe(false);
    expect(tree.isNoop({ type: 'create', parentId: 'd', newEntry: { id: 'g', type: NodeType.File, name: 'b.ts' } })).toBe(false);
    expect(tree.isNoop({ type: 'move', id: 'f', name: 'b.ts' })).toBe(false);
    expect(tree.isNoop({ type: 'move', id: 'f', parentId: null })).toBe(false);
    expect(tree.isNoop({ type: 'move', id: ROOT_ID })).toBe(false);
    expect(tree.isNoop({ type: 'delete', id: ROOT_ID })).toBe(false);
    expect(tree.isNoop({ type: 'delete', id: 'f' })).toBe(false);
  });
});
