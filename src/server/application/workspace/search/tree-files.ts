import { NodeType, ROOT_ID } from '../../../../domain/fs/file-tree.types';
import { PathIndex } from '../../../../domain/search/path-search';
import { WorkspaceTree } from '../workspace-tree';

interface Snapshot {
  clock: number;
  /** Workspace-relative path → node id, for every file. */
  ids: Map<string, string>;
  index: PathIndex | undefined;
}

/** A tree that keeps changing is not copied more often than this; lookups meanwhile ask the tree itself. */
const MIN_REBUILD_GAP_MS = 500;

/**
 * The tree's files for search: the paths fs/pathSearch ranks, and path → node id for text results (one Map lookup
 * each instead of walking the tree). Made from the tree's wire form and made again only when the tree changed.
 */
export class TreeFiles {
  private snapshot: Snapshot | undefined;
  private builtAt = -Infinity;

  constructor(private readonly tree: WorkspaceTree) {}

  /** The node id of the file at a workspace-relative path, or undefined when the tree has no such file. */
  idOf(path: string): string | undefined {
    const snapshot = this.current(false);
    return snapshot ? snapshot.ids.get(path) : this.tree.findByPath(path)?.id;
  }

  /** Every file's path, ready for fuzzy search. */
  index(): PathIndex {
    const snapshot = this.current(true) as Snapshot;
    return (snapshot.index ??= new PathIndex([...snapshot.ids.keys()]));
  }

  /** The snapshot of the tree as it is now; undefined when it changed too recently to copy again (unless `force`). */
  private current(force: boolean): Snapshot | undefined {
    const clock = this.tree.clock;
    if (this.snapshot?.clock === clock) return this.snapshot;
    const now = Date.now();
    if (!force && now - this.builtAt < MIN_REBUILD_GAP_MS) return undefined;
    this.builtAt = now;
    this.snapshot = { clock, ids: fileIds(this.tree), index: undefined };
    return this.snapshot;
  }
}

/** Every file's path and id, from the tree's wire form (parents come before children). */
function fileIds(tree: WorkspaceTree): Map<string, string> {
  const directories = new Map<string, string>([[ROOT_ID, '']]);
  const out = new Map<string, string>();
  for (const node of tree.toJSON()) {
    if (node.parentId === null || node.name === null) continue;
    const parent = directories.get(node.parentId);
    if (parent === undefined) continue;
    const path = parent === '' ? node.name : `${parent}/${node.name}`;
    if (node.type === NodeType.Directory) directories.set(node.id, path);
    else out.set(path, node.id);
  }
  return out;
}
