import { type Result, err, ok } from '../../base/result';
import { validateEntryName } from './entry-name';
import { type FileTreeError, fileTreeErrors } from './file-tree.errors';
import { type FsOperation, type JsonTreeNode, NodeType, ROOT_ID, type TreeNode } from './file-tree.types';
import { normalizeWorkspacePath } from './workspace-path';

type CreateOperation = Extract<FsOperation, { type: 'create' }>;
type MoveOperation = Extract<FsOperation, { type: 'move' }>;

/** What `createPath` would do: the create operations to apply in order, or the directory that already exists. */
export interface CreatePathPlan {
  readonly operations: readonly CreateOperation[];
  readonly existing: TreeNode | undefined;
}

/** The queries of a file tree, for holders that must not mutate it. */
export interface ReadonlyFileTree {
  readonly size: number;
  has(id: string): boolean;
  get(id: string): TreeNode | undefined;
  children(id: string): TreeNode[];
  descendants(id: string): TreeNode[];
  pathOf(id: string): Result<string, FileTreeError>;
  findByPath(path: string): TreeNode | undefined;
  toJSON(): JsonTreeNode[];
  /** Whether `apply` would accept the operation, and why not. */
  check(operation: FsOperation): Result<void, FileTreeError>;
  /** Whether applying the operation would leave the tree as it is. */
  isNoop(operation: FsOperation): boolean;
}

const ROOT: TreeNode = { id: ROOT_ID, type: NodeType.Directory, name: '', parentId: undefined };

/** Directories first, then by name case-insensitively, ties broken by code units: deterministic everywhere. */
function compareNodes(a: TreeNode, b: TreeNode): number {
  if (a.type !== b.type) return a.type === NodeType.Directory ? -1 : 1;
  const left = a.name.toLowerCase();
  const right = b.name.toLowerCase();
  if (left !== right) return left < right ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const isNodeType = (type: unknown): type is NodeType => type === NodeType.File || type === NodeType.Directory;

/** '/src' + 'App.js' → '/src/App.js'; '/' + 'README.md' → '/README.md'. */
const childPath = (parentPath: string, name: string): string => (parentPath === '/' ? `/${name}` : `${parentPath}/${name}`);

/**
 * The workspace file tree (protocol.md §5): a mutable in-memory tree with O(1) lookup by id and by name
 * inside a directory. Every operation is validated; a refused operation leaves the tree unchanged.
 * Invariants: every non-root node's parent exists and is a directory, names are unique per directory, no cycles.
 */
export class FileTree implements ReadonlyFileTree {
  private readonly nodes = new Map<string, TreeNode>();
  /** Directory id → child name → child id. Present for every directory. */
  private readonly childIds = new Map<string, Map<string, string>>();

  private constructor() {
    this.insert(ROOT);
  }

  /** A tree holding only the root directory. */
  static empty(): FileTree {
    return new FileTree();
  }

  /** Builds a tree from `fs/read` treeNodes in any order; the root entry may be present or absent. */
  static fromJSON(nodes: readonly JsonTreeNode[]): Result<FileTree, FileTreeError> {
    const byParent = new Map<string, JsonTreeNode[]>();
    const ids = new Set<string>([ROOT_ID]);
    let rootSeen = false;
    for (const node of nodes) {
      const id: unknown = node?.id;
      if (typeof id !== 'string' || id === '' || !isNodeType(node.type)) return err(fileTreeErrors.malformedNode(String(id)));
      if (id === ROOT_ID) {
        if (rootSeen) return err(fileTreeErrors.duplicateId(id));
        if (node.type !== NodeType.Directory || (node.parentId !== null && node.parentId !== undefined)) {
          return err(fileTreeErrors.malformedNode(id));
        }
        rootSeen = true;
        continue;
      }
      if (ids.has(id)) return err(fileTreeErrors.duplicateId(id));
      ids.add(id);
      if (typeof node.parentId !== 'string') return err(fileTreeErrors.parentNotFound());
      const siblings = byParent.get(node.parentId);
      if (siblings) siblings.push(node);
      else byParent.set(node.parentId, [node]);
    }
    for (const parentId of byParent.keys()) {
      if (!ids.has(parentId)) return err(fileTreeErrors.parentNotFound());
    }

    const tree = new FileTree();
    const queue = [ROOT_ID];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      for (const node of byParent.get(next) ?? []) {
        const newEntry = { id: node.id, type: node.type, name: node.name as string };
        const created = tree.create({ type: 'create', parentId: next, newEntry });
        if (!created.ok) return created;
        queue.push(node.id);
      }
    }
    if (tree.size !== ids.size) {
      const unreached = [...ids].find((id) => !tree.has(id)) as string;
      return err(fileTreeErrors.cyclicTree(unreached));
    }
    return ok(tree);
  }

  /** Wire form: root first, then breadth first with parents before children, children in `children()` order. */
  toJSON(): JsonTreeNode[] {
    const result: JsonTreeNode[] = [];
    const queue: TreeNode[] = [ROOT];
    for (let index = 0; index < queue.length; index++) {
      const node = queue[index];
      result.push(
        node.parentId === undefined
          ? { id: node.id, type: node.type, name: null, parentId: null }
          : { id: node.id, type: node.type, name: node.name, parentId: node.parentId },
      );
      if (node.type === NodeType.Directory) queue.push(...this.children(node.id));
    }
    return result;
  }

  /** An independent copy (nodes are immutable values and are shared). */
  clone(): FileTree {
    const copy = new FileTree();
    for (const [id, node] of this.nodes) copy.nodes.set(id, node);
    for (const [id, names] of this.childIds) copy.childIds.set(id, new Map(names));
    return copy;
  }

  /** Number of nodes, the root included. */
  get size(): number {
    return this.nodes.size;
  }

  has(id: string): boolean {
    return this.nodes.has(id);
  }

  get(id: string): TreeNode | undefined {
    return this.nodes.get(id);
  }

  /** Children of a directory: directories first, then by name. Empty for files and unknown ids. */
  children(id: string): TreeNode[] {
    const names = this.childIds.get(id);
    if (!names) return [];
    return [...names.values()].map((childId) => this.node(childId)).sort(compareNodes);
  }

  /** Every node below `id` (not `id` itself), parents before children. */
  descendants(id: string): TreeNode[] {
    const result: TreeNode[] = [];
    const queue = [id];
    for (let index = 0; index < queue.length; index++) {
      for (const childId of this.childIds.get(queue[index])?.values() ?? []) {
        result.push(this.node(childId));
        queue.push(childId);
      }
    }
    return result;
  }

  /** '/src/App.js' style path of a node; '/' for the root. */
  pathOf(id: string): Result<string, FileTreeError> {
    return this.nodes.has(id) ? ok(this.path(id)) : err(fileTreeErrors.nodeNotFound(id));
  }

  /** Node at a workspace path ('src/App.js', '/src/App.js' and './src/App.js' are the same); the root for '' or '/'. */
  findByPath(path: string): TreeNode | undefined {
    const normalized = normalizeWorkspacePath(path);
    if (!normalized.ok) return undefined;
    let node: TreeNode | undefined = ROOT;
    if (normalized.value === '') return node;
    for (const name of normalized.value.split('/')) {
      const childId = this.childIds.get(node.id)?.get(name);
      if (childId === undefined) return undefined;
      node = this.node(childId);
    }
    return node;
  }

  /** Applies one operation, or returns why it is refused (the tree is then unchanged). */
  apply(operation: FsOperation): Result<void, FileTreeError> {
    switch (operation.type) {
      case 'create':
        return this.create(operation);
      case 'delete':
        return this.delete(operation.id);
      case 'move':
        return this.move(operation);
    }
  }

  /** Whether `apply` would accept the operation, and why not; the tree is not changed. */
  check(operation: FsOperation): Result<void, FileTreeError> {
    switch (operation.type) {
      case 'create': {
        const checked = this.checkCreate(operation);
        return checked.ok ? ok(undefined) : checked;
      }
      case 'delete':
        return this.checkDelete(operation.id);
      case 'move': {
        const checked = this.checkMove(operation);
        return checked.ok ? ok(undefined) : checked;
      }
    }
  }

  /** Whether applying the operation would leave the tree as it is (a re-sent create, a move to where it is). */
  isNoop(operation: FsOperation): boolean {
    switch (operation.type) {
      case 'create': {
        const node = this.nodes.get(operation.newEntry.id);
        return node !== undefined && node.parentId === operation.parentId && node.name === operation.newEntry.name && node.type === operation.newEntry.type;
      }
      case 'delete':
        return operation.id !== ROOT_ID && !this.nodes.has(operation.id);
      case 'move': {
        const node = this.nodes.get(operation.id);
        if (!node || operation.id === ROOT_ID || operation.parentId === null) return false;
        const parentId = operation.parentId ?? node.parentId;
        const name = operation.name ?? node.name;
        return parentId === node.parentId && name === node.name;
      }
    }
  }

  /**
   * Plans `createPath` without changing the tree: the create operations for the missing directories and the
   * target, in order, with ids from `newId`. An existing directory asked for as a directory is `existing` (mkdir -p).
   */
  planCreatePath(path: string, type: NodeType, newId: () => string): Result<CreatePathPlan, FileTreeError> {
    const normalized = normalizeWorkspacePath(path);
    if (!normalized.ok) return normalized;
    if (normalized.value === '') {
      return type === NodeType.Directory ? ok({ operations: [], existing: ROOT }) : err(fileTreeErrors.alreadyExists('/'));
    }
    const names = normalized.value.split('/');
    let parent = ROOT;
    let parentPath = '/';
    let index = 0;
    for (; index < names.length; index++) {
      const childId = this.childIds.get(parent.id)?.get(names[index]);
      if (childId === undefined) break;
      const child = this.node(childId);
      const path = childPath(parentPath, child.name);
      const isLast = index === names.length - 1;
      if (isLast && (type === NodeType.File || child.type === NodeType.File)) {
        return err(type === NodeType.Directory ? fileTreeErrors.existsNotADirectory(path) : fileTreeErrors.alreadyExists(path));
      }
      if (isLast) return ok({ operations: [], existing: child });
      if (child.type !== NodeType.Directory) return err(fileTreeErrors.existsNotADirectory(path));
      parent = child;
      parentPath = path;
    }
    const operations: CreateOperation[] = [];
    const newIds = new Set<string>();
    let parentId = parent.id;
    for (; index < names.length; index++) {
      const id = newId();
      if (this.nodes.has(id) || newIds.has(id)) return err(fileTreeErrors.duplicateId(id));
      newIds.add(id);
      const entryType = index === names.length - 1 ? type : NodeType.Directory;
      operations.push({ type: 'create', parentId, newEntry: { id, type: entryType, name: names[index] } });
      parentId = id;
    }
    return ok({ operations, existing: undefined });
  }

  /** Creates the node at `path` and any missing parent directories (mkdir -p); returns it. */
  createPath(path: string, type: NodeType, newId: () => string): Result<TreeNode, FileTreeError> {
    const plan = this.planCreatePath(path, type, newId);
    if (!plan.ok) return plan;
    if (plan.value.existing) return ok(plan.value.existing);
    for (const operation of plan.value.operations) {
      const created = this.create(operation);
      if (!created.ok) return created;
    }
    const last = plan.value.operations[plan.value.operations.length - 1];
    return ok(this.node(last.newEntry.id));
  }

  private create(operation: CreateOperation): Result<void, FileTreeError> {
    const checked = this.checkCreate(operation);
    if (!checked.ok) return checked;
    this.insert(checked.value);
    return ok(undefined);
  }

  /** The node a create would insert, or why it is refused. */
  private checkCreate({ parentId, newEntry }: CreateOperation): Result<TreeNode, FileTreeError> {
    if (typeof newEntry.id !== 'string' || newEntry.id === '' || !isNodeType(newEntry.type)) {
      return err(fileTreeErrors.malformedNode(String(newEntry.id)));
    }
    const name = validateEntryName(newEntry.name, newEntry.type);
    if (!name.ok) return name;
    if (this.nodes.has(newEntry.id)) return err(fileTreeErrors.duplicateId(newEntry.id));
    const parent = this.nodes.get(parentId);
    if (!parent) return err(fileTreeErrors.parentNotFound());
    if (parent.type !== NodeType.Directory) return err(fileTreeErrors.notADirectory(this.path(parent.id)));
    if (this.childIds.get(parentId)?.has(name.value)) {
      return err(fileTreeErrors.alreadyExists(childPath(this.path(parentId), name.value)));
    }
    return ok({ id: newEntry.id, type: newEntry.type, name: name.value, parentId });
  }

  private checkDelete(id: string): Result<void, FileTreeError> {
    if (id === ROOT_ID) return err(fileTreeErrors.cannotDeleteRoot());
    return this.nodes.has(id) ? ok(undefined) : err(fileTreeErrors.nodeNotFound(id));
  }

  private delete(id: string): Result<void, FileTreeError> {
    const checked = this.checkDelete(id);
    if (!checked.ok) return checked;
    const node = this.node(id);
    for (const descendant of this.descendants(id)) {
      this.nodes.delete(descendant.id);
      this.childIds.delete(descendant.id);
    }
    this.detach(node);
    this.nodes.delete(id);
    this.childIds.delete(id);
    return ok(undefined);
  }

  private move(operation: MoveOperation): Result<void, FileTreeError> {
    const checked = this.checkMove(operation);
    if (!checked.ok) return checked;
    const node = this.node(operation.id);
    this.detach(node);
    this.insert({ id: node.id, type: node.type, name: checked.value.name, parentId: checked.value.parentId });
    return ok(undefined);
  }

  /** Where a move would put the node, or why it is refused. */
  private checkMove({ id, parentId, name }: MoveOperation): Result<{ parentId: string; name: string }, FileTreeError> {
    const node = this.nodes.get(id);
    if (!node) return err(fileTreeErrors.nodeNotFound(id));
    if (id === ROOT_ID) {
      const renames = parentId === undefined && name !== undefined && name !== null;
      return err(renames ? fileTreeErrors.rootCannotBeRenamed() : fileTreeErrors.rootCannotBeMoved());
    }
    if (parentId === null) return err(fileTreeErrors.moveRequiresParent());
    let newName = node.name;
    if (name !== undefined && name !== null) {
      const valid = validateEntryName(name, node.type);
      if (!valid.ok) return valid;
      newName = valid.value;
    }
    const targetId = parentId ?? (node.parentId as string);
    const target = this.nodes.get(targetId);
    if (!target) return err(fileTreeErrors.parentNotFound());
    if (target.type !== NodeType.Directory) return err(fileTreeErrors.notADirectory(this.path(targetId)));
    for (let ancestor: string | undefined = targetId; ancestor !== undefined; ancestor = this.node(ancestor).parentId) {
      if (ancestor === id) return err(fileTreeErrors.moveIntoItself(this.path(id), this.path(targetId)));
    }
    const existing = this.childIds.get(targetId)?.get(newName);
    if (existing !== undefined && existing !== id) return err(fileTreeErrors.alreadyExists(childPath(this.path(targetId), newName)));
    return ok({ parentId: targetId, name: newName });
  }

  private insert(node: TreeNode): void {
    this.nodes.set(node.id, node);
    if (node.type === NodeType.Directory && !this.childIds.has(node.id)) this.childIds.set(node.id, new Map());
    if (node.parentId !== undefined) this.childIds.get(node.parentId)?.set(node.name, node.id);
  }

  private detach(node: TreeNode): void {
    if (node.parentId !== undefined) this.childIds.get(node.parentId)?.delete(node.name);
  }

  /** Node by id, for ids known to exist. */
  private node(id: string): TreeNode {
    return this.nodes.get(id) as TreeNode;
  }

  /** Path of a node known to exist. */
  private path(id: string): string {
    const names: string[] = [];
    for (let node = this.node(id); node.parentId !== undefined; node = this.node(node.parentId)) {
      names.push(node.name);
    }
    return names.length === 0 ? '/' : `/${names.reverse().join('/')}`;
  }
}
