import type { ReadonlyFileTree } from './file-tree';
import type { FsOperation } from './file-tree.types';

/**
 * The operations that undo `operation`, computed on the tree as it is just before the operation is applied
 * (spec 001 §4: pending local operations are applied optimistically "with revert operations"). Applied in order
 * to the tree right after `operation`, they give the tree back exactly:
 * - a create is undone by deleting the new node;
 * - a delete by creating the node and everything below it again, with the same ids, parents before children;
 * - a move by moving the node back to its parent under its old name.
 * An operation the tree would refuse has nothing to undo (empty list).
 */
export function revertOperations(tree: ReadonlyFileTree, operation: FsOperation): FsOperation[] {
  switch (operation.type) {
    case 'create':
      return [{ type: 'delete', id: operation.newEntry.id }];
    case 'delete': {
      const node = tree.get(operation.id);
      if (!node || node.parentId === undefined) return [];
      return [node, ...tree.descendants(node.id)].map((n) => ({
        type: 'create',
        parentId: n.parentId as string,
        newEntry: { id: n.id, type: n.type, name: n.name },
      }));
    }
    case 'move': {
      const node = tree.get(operation.id);
      if (!node || node.parentId === undefined) return [];
      return [{ type: 'move', id: node.id, parentId: node.parentId, name: node.name }];
    }
  }
}
