import { Result, err, ok } from '../../../base/result';
import { FileTree } from '../../../domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID, TreeNode } from '../../../domain/fs/file-tree.types';
import { DiskEntry, WorkspaceFiles } from '../ports/workspace-files.port';
import { TreeIdStore } from '../ports/tree-id-store.port';

export interface ClockedOperation {
  operation: FsOperation;
  clock: number;
}

/**
 * The pitcher file tree of one workspace, kept equal to the disk: loaded by a scan, and
 * refreshed by diffing a new scan. Node ids persist through the id store, so a client's
 * ids stay valid across server restarts. Every accepted change advances the clock.
 */
export class WorkspaceTree {
  private tree = FileTree.empty();
  private clockValue = 0;

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly ids: TreeIdStore,
    private readonly newId: () => string,
  ) {}

  get clock(): number {
    return this.clockValue;
  }

  async load(): Promise<void> {
    const known = await this.ids.load();
    const entries = await this.files.scan();
    const tree = FileTree.empty();
    for (const entry of entries) {
      const parent = tree.findByPath(parentPath(entry.path));
      if (!parent) continue;
      const id = known.get(entry.path) ?? this.newId();
      tree.apply({ type: 'create', parentId: parent.id, newEntry: { id, type: nodeType(entry), name: baseName(entry.path) } });
    }
    this.tree = tree;
    this.persistIds();
  }

  /** Re-reads the disk and returns the operations that brought the tree up to date. */
  async refresh(): Promise<ClockedOperation[]> {
    const entries = await this.files.scan();
    const onDisk = new Map(entries.map((e) => [e.path, nodeType(e)]));
    const current = this.pathsById();
    const applied: ClockedOperation[] = [];
    const apply = (operation: FsOperation) => {
      if (this.tree.apply(operation).ok) applied.push({ operation, clock: ++this.clockValue });
    };
    // deletions first, topmost only (a delete is recursive)
    for (const [path, node] of current) {
      if (onDisk.get(path) === node.type) continue;
      if (this.tree.get(node.id)) apply({ type: 'delete', id: node.id });
    }
    for (const entry of entries) {
      if (this.tree.findByPath(entry.path)) continue;
      const parent = this.tree.findByPath(parentPath(entry.path));
      if (!parent) continue;
      apply({ type: 'create', parentId: parent.id, newEntry: { id: this.newId(), type: nodeType(entry), name: baseName(entry.path) } });
    }
    if (applied.length > 0) this.persistIds();
    return applied;
  }

  toJSON() {
    return this.tree.toJSON();
  }

  get(id: string): TreeNode | undefined {
    return this.tree.get(id);
  }

  findByPath(path: string): TreeNode | undefined {
    return this.tree.findByPath(path);
  }

  /** Relative path ('src/App.js') of a node. */
  pathOf(id: string): Result<string, string> {
    const r = this.tree.pathOf(id);
    return r.ok ? ok(r.value.replace(/^\/+/, '')) : err(r.error.message);
  }

  private pathsById(): Map<string, TreeNode> {
    const out = new Map<string, TreeNode>();
    for (const json of this.tree.toJSON()) {
      if (json.id === ROOT_ID) continue;
      const path = this.pathOf(json.id);
      const node = this.tree.get(json.id);
      if (path.ok && node) out.set(path.value, node);
    }
    return out;
  }

  private persistIds(): void {
    const ids = new Map<string, string>();
    for (const [path, node] of this.pathsById()) ids.set(path, node.id);
    this.ids.save(ids);
  }
}

const nodeType = (entry: DiskEntry): NodeType => (entry.type === 'directory' ? NodeType.Directory : NodeType.File);
const parentPath = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
