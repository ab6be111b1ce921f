/** The workspace file tree as the pitcher fs model sees it (protocol.md §5). */

/** Id of the workspace root directory. */
export const ROOT_ID = '0';

/** Node type, with the wire values 0 and 1. */
export enum NodeType {
  File = 0,
  Directory = 1,
}

/** One node of the tree. The root has id ROOT_ID, name '' and parentId undefined. */
export interface TreeNode {
  readonly id: string;
  readonly type: NodeType;
  readonly name: string;
  readonly parentId: string | undefined;
}

/** Wire form of a node (`fs/read` treeNodes). The root has name null and parentId null. */
export interface JsonTreeNode {
  id: string;
  type: NodeType;
  name: string | null;
  parentId: string | null;
}

/** A tree operation (`fs/operation` request, `fs/operations` notification). Delete is recursive. */
export type FsOperation =
  | { type: 'create'; parentId: string; newEntry: { id: string; type: NodeType; name: string } }
  | { type: 'delete'; id: string }
  | { type: 'move'; id: string; parentId?: string | null; name?: string | null };
