import fc from 'fast-check';
import { FileTree } from '../../../../src/domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { revertOperations } from '../../../../src/domain/fs/revert-operations';
import { sampleTree } from './support/tree-fixture';

const NAMES = ['x', 'y', 'App.js', 'src', 'README.md', ''];
const IDS = ['src', 'app', 'components', 'button', 'readme', 'pkg', ROOT_ID, 'new', 'missing'];

const operation: fc.Arbitrary<FsOperation> = fc.oneof(
  fc.record({
    type: fc.constant('create' as const),
    parentId: fc.constantFrom(...IDS),
    newEntry: fc.record({ id: fc.constantFrom('new', 'app'), type: fc.constantFrom(NodeType.File, NodeType.Directory), name: fc.constantFrom(...NAMES) }),
  }),
  fc.record({ type: fc.constant('delete' as const), id: fc.constantFrom(...IDS) }),
  fc.record({
    type: fc.constant('move' as const),
    id: fc.constantFrom(...IDS),
    parentId: fc.option(fc.constantFrom(...IDS), { nil: undefined }),
    name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
  }),
);

describe('revertOperations', () => {
  it('undoes a delete of a folder by creating it and everything below it again, parents first', () => {
    const tree = sampleTree();
    const reverts = revertOperations(tree, { type: 'delete', id: 'src' });
    expect(reverts.map((op) => (op.type === 'create' ? op.newEntry.id : op.type))).toEqual(['src', 'app', 'components', 'button']);
  });

  it('undoes a move by moving back under the old name', () => {
    expect(revertOperations(sampleTree(), { type: 'move', id: 'app', parentId: ROOT_ID, name: 'Main.js' })).toEqual([
      { type: 'move', id: 'app', parentId: 'src', name: 'App.js' },
    ]);
  });

  it('give back exactly the tree of before, for every operation the tree accepts', () => {
    fc.assert(
      fc.property(operation, (op) => {
        const tree = sampleTree();
        const before = tree.toJSON();
        const reverts = revertOperations(tree, op);
        if (!tree.apply(op).ok) return;
        for (const revert of reverts) expect(tree.apply(revert).ok).toBe(true);
        expect(tree.toJSON()).toEqual(before);
      }),
      { numRuns: 500 },
    );
  });

  it('has nothing to undo for the root or an unknown node', () => {
    const tree = FileTree.empty();
    expect(revertOperations(tree, { type: 'delete', id: ROOT_ID })).toEqual([]);
    expect(revertOperations(tree, { type: 'move', id: 'missing', name: 'x' })).toEqual([]);
  });
});
