import { Emitter, Event } from '../../../base/event';
import { Result, err, ok } from '../../../base/result';
import { FileTree } from '../../../domain/fs/file-tree';
import { FileTreeError } from '../../../domain/fs/file-tree.errors';
import { FsOperation, JsonTreeNode, NodeType, TreeNode } from '../../../domain/fs/file-tree.types';
import { isListedOnDemand } from '../../../domain/fs/listing-rules';
import { basename, dirname } from '../../../domain/fs/workspace-path';
import { EncodedResult } from '../../../protocol';
import { TreeIdChange, TreeIdStore } from '../ports/tree-id-store.port';
import { DiskEntry, WorkspaceFiles } from '../ports/workspace-files.port';

export interface ClockedOperation {
  operation: FsOperation;
  clock: number;
}

/** An entry that appeared in or left the tree (a move is a remove and an add), with its workspace-relative path. */
export interface EntryChange {
  kind: 'add' | 'remove';
  path: string;
  type: NodeType;
}

/**
 * What a batch of disk changes did: the tree operations, and the files whose content may have changed (those whose
 * retained id came back with them too).
 */
export interface DiskChangeOutcome {
  operations: ClockedOperation[];
  changedFiles: string[];
}

/**
 * The pitcher file tree of one workspace, kept equal to the disk: loaded by one scan at start, then updated
 * incrementally from the watcher's changed paths (only the directories that changed are listed again). Node ids
 * persist through the id store, so a client's ids stay valid across server restarts. Every accepted change advances
 * the clock. `fs/read` answers from memory (the wire form is cached until the next change).
 *
 * A retained file (an open document's: `retain`) keeps its id through a gap on disk: when its node leaves the tree
 * (the file was deleted, or a directory above it was moved away or swapped for a symlink) its path is remembered, and
 * the next file the disk shows at that path gets the same id back, so the document and every client's tab find it.
 */
export class WorkspaceTree {
  private tree = FileTree.empty();
  private clockValue = 0;
  private json: JsonTreeNode[] | undefined;
  /** The fs/read result, encoded once per tree version (a 100,000-node tree takes ~100 ms to encode). */
  private encodedRead: { clock: number; result: EncodedResult } | undefined;
  /** Ids kept through a gap on disk (retain). */
  private readonly retained = new Set<string>();
  /** Retained files not in the tree: their last path, and the way back from the path. */
  private readonly vacatedPaths = new Map<string, string>();
  private readonly vacatedIds = new Map<string, string>();
  private readonly entriesChanged = new Emitter<EntryChange[]>();
  /** Entries added and removed by each applied batch (disk changes) or client operation, after it was applied. */
  readonly onDidChangeEntries: Event<EntryChange[]> = this.entriesChanged.event;

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly ids: TreeIdStore,
    private readonly newId: () => string,
  ) {}

  get clock(): number {
    return this.clockValue;
  }

  get size(): number {
    return this.tree.size;
  }

  /** Scans the disk once; only ids that changed since the last start are written (not the whole map). */
  async load(): Promise<void> {
    const known = await this.ids.load();
    const entries = await this.files.scan();
    const tree = FileTree.empty();
    const changes: TreeIdChange[] = [];
    const kept = new Set<string>();
    for (const entry of entries) {
      const parent = tree.findByPath(dirname(entry.path));
      if (!parent) continue;
      const knownId = known.get(entry.path);
      const id = knownId ?? this.newId();
      if (!tree.apply({ type: 'create', parentId: parent.id, newEntry: { id, type: nodeType(entry), name: basename(entry.path) } }).ok) continue;
      kept.add(entry.path);
      if (knownId === undefined) changes.push({ kind: 'set', path: entry.path, id });
    }
    for (const path of known.keys()) if (!kept.has(path)) changes.push({ kind: 'remove', path });
    this.tree = tree;
    this.json = undefined;
    this.ids.record(changes);
  }

  /**
   * Brings the tree up to date for paths the watcher reported: each reported path's directory is listed again and
   * compared with the tree (new entries created, with their subtree for a new directory; missing ones deleted).
   */
  async applyDiskChanges(paths: readonly string[]): Promise<DiskChangeOutcome> {
    const directories = new Set<string>();
    const batch: DiskBatch = { operations: [], idChanges: [], entryChanges: [], changedFiles: [] };
    for (const path of paths) {
      directories.add(dirname(path));
      const node = this.tree.findByPath(path);
      if (node?.type === NodeType.Directory) directories.add(path);
      else if (node) batch.changedFiles.push(node.id);
    }
    const byDepth = [...directories].sort((a, b) => depth(a) - depth(b));
    for (const directory of byDepth) await this.syncDirectory(directory, batch);
    this.ids.record(batch.idChanges);
    if (batch.entryChanges.length > 0) this.entriesChanged.fire(batch.entryChanges);
    return { operations: batch.operations, changedFiles: [...new Set(batch.changedFiles)].filter((id) => this.tree.has(id)) };
  }

  /** Why the tree would refuse an operation (spec 002 §5 texts); the tree is not changed. */
  check(operation: FsOperation): Result<void, FileTreeError> {
    return this.tree.check(operation);
  }

  /** Whether an operation would change nothing (a re-sent create, a move to where the node is, a delete of a gone node). */
  isNoop(operation: FsOperation): boolean {
    return this.tree.isNoop(operation);
  }

  /**
   * Applies an operation whose change is already on disk (a client's fs/operation, an upload), with the ids it
   * names: the watcher reporting the same paths later finds them in place and adds nothing.
   */
  applyOperation(operation: FsOperation): Result<ClockedOperation, FileTreeError> {
    const entryChanges: EntryChange[] = [];
    const idChanges: TreeIdChange[] = [];
    if (!this.commit(operation, entryChanges)) {
      const refused = this.tree.check(operation);
      return err(refused.ok ? { kind: 'malformed-node', message: 'The operation could not be applied' } : refused.error);
    }
    for (const change of entryChanges) {
      if (change.kind === 'remove') idChanges.push({ kind: 'remove', path: change.path });
      else {
        const node = this.tree.findByPath(change.path);
        if (node) idChanges.push({ kind: 'set', path: change.path, id: node.id });
      }
    }
    this.ids.record(idChanges);
    this.entriesChanged.fire(entryChanges);
    return ok({ operation, clock: this.clockValue });
  }

  /** Every directory of the tree ('' for the root), for a full comparison with the disk. */
  directoryPaths(): string[] {
    const out = [''];
    for (const node of this.tree.descendants('0')) {
      if (node.type !== NodeType.Directory) continue;
      const path = this.pathOf(node.id);
      if (path.ok) out.push(path.value);
    }
    return out;
  }

  /** The `fs/read` result ({treeNodes, clock}), encoded once until the tree changes. */
  readResult(): EncodedResult {
    if (this.encodedRead?.clock !== this.clockValue || !this.json) {
      this.encodedRead = { clock: this.clockValue, result: EncodedResult.of({ treeNodes: this.toJSON(), clock: this.clockValue }) };
    }
    return this.encodedRead.result;
  }

  toJSON(): JsonTreeNode[] {
    if (!this.json) this.json = this.tree.toJSON();
    return this.json;
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

  /**
   * Keeps `id` through a gap on disk until `release` (the open documents' ids): once its node leaves the tree, the next
   * file the disk shows at its last path is created with this id again (applyDiskChanges).
   */
  retain(id: string): void {
    this.retained.add(id);
  }

  release(id: string): void {
    this.retained.delete(id);
    this.forgetVacated(id);
  }

  /** The path a retained node had when it left the tree; undefined while it is in the tree (or not retained). */
  vacatedPathOf(id: string): string | undefined {
    return this.vacatedPaths.get(id);
  }

  /**
   * Applies one operation and advances the clock; `changes` gets the entries it removed (the node and everything
   * below it, paths taken before) and added (after). False, and nothing changed, when the tree refuses it.
   */
  private commit(operation: FsOperation, changes: EntryChange[]): boolean {
    const subtreeOf = (id: string): EntryChange[] => {
      const node = this.tree.get(id);
      if (!node) return [];
      return [node, ...this.tree.descendants(id)].flatMap((n) => {
        const path = this.pathOf(n.id);
        return path.ok ? [{ kind: 'remove' as const, path: path.value, type: n.type }] : [];
      });
    };
    const removed = operation.type === 'create' ? [] : subtreeOf(operation.id);
    const leaving = operation.type === 'delete' ? this.retainedIn(operation.id) : [];
    if (!this.tree.apply(operation).ok) return false;
    for (const { id, path } of leaving) this.vacate(id, path);
    if (operation.type === 'create') this.forgetVacated(operation.newEntry.id);
    this.clockValue++;
    this.json = undefined; // an fs/read between two awaits of a disk sync sees the nodes its clock counts
    const added = operation.type === 'delete' ? [] : subtreeOf(operation.type === 'create' ? operation.newEntry.id : operation.id);
    changes.push(...removed, ...added.map((change) => ({ ...change, kind: 'add' as const })));
    return true;
  }

  /** The retained nodes at and below `id`, with their paths (taken before a delete). */
  private retainedIn(id: string): Array<{ id: string; path: string }> {
    if (this.retained.size === 0) return [];
    const node = this.tree.get(id);
    if (!node) return [];
    const out: Array<{ id: string; path: string }> = [];
    for (const n of [node, ...this.tree.descendants(id)]) {
      if (!this.retained.has(n.id)) continue;
      const path = this.pathOf(n.id);
      if (path.ok) out.push({ id: n.id, path: path.value });
    }
    return out;
  }

  private vacate(id: string, path: string): void {
    this.vacatedPaths.set(id, path);
    this.vacatedIds.set(path, id); // of two retained files that left one path, the newest gets it back
  }

  private forgetVacated(id: string): void {
    const path = this.vacatedPaths.get(id);
    if (path === undefined) return;
    this.vacatedPaths.delete(id);
    if (this.vacatedIds.get(path) === id) this.vacatedIds.delete(path);
  }

  /** The id for a file or directory the disk shows at `path`: a retained file's that left this path, else a new one. */
  private idFor(path: string, type: NodeType, batch: DiskBatch): string {
    const vacated = type === NodeType.File ? this.vacatedIds.get(path) : undefined;
    if (vacated === undefined || this.tree.has(vacated)) return this.newId();
    batch.changedFiles.push(vacated); // back: its document takes what the file holds now
    return vacated;
  }

  /** Lists `directory` on disk and makes its children in the tree match. */
  private async syncDirectory(directory: string, batch: DiskBatch): Promise<void> {
    const node = this.tree.findByPath(directory);
    if (!node || node.type !== NodeType.Directory) return; // its parent's listing creates it, with its subtree
    if (isListedOnDemand(basename(directory))) return;
    const listed = await this.files.readdir(directory);
    const onDisk = new Map<string, NodeType>();
    if (listed.ok) {
      for (const entry of listed.value) {
        if (this.files.isHidden(entry.name)) continue;
        onDisk.set(entry.name, entry.type === 'directory' && !entry.isSymlink ? NodeType.Directory : NodeType.File);
      }
    }
    for (const child of this.tree.children(node.id)) {
      if (onDisk.get(child.name) === child.type) continue;
      const childPath = join(directory, child.name);
      const removed = [child, ...this.tree.descendants(child.id)];
      const paths = removed.map((n) => this.pathOf(n.id));
      if (this.applyInBatch({ type: 'delete', id: child.id }, batch)) {
        for (const p of paths) if (p.ok) batch.idChanges.push({ kind: 'remove', path: p.value });
      } else {
        batch.idChanges.push({ kind: 'remove', path: childPath });
      }
    }
    for (const [name, type] of onDisk) {
      if (this.tree.findByPath(join(directory, name))) continue;
      const path = join(directory, name);
      const id = this.idFor(path, type, batch);
      if (!this.applyInBatch({ type: 'create', parentId: node.id, newEntry: { id, type, name } }, batch)) continue;
      batch.idChanges.push({ kind: 'set', path, id });
      if (type === NodeType.Directory && !isListedOnDemand(name)) await this.createSubtree(path, batch);
    }
  }

  /** A directory appeared: everything already inside it is created too (it may have been filled before its watch). */
  private async createSubtree(directory: string, batch: DiskBatch): Promise<void> {
    for (const entry of await this.files.scan(directory)) {
      if (this.tree.findByPath(entry.path)) continue;
      const parent = this.tree.findByPath(dirname(entry.path));
      if (!parent) continue;
      const type = nodeType(entry);
      const id = this.idFor(entry.path, type, batch);
      if (this.applyInBatch({ type: 'create', parentId: parent.id, newEntry: { id, type, name: basename(entry.path) } }, batch)) {
        batch.idChanges.push({ kind: 'set', path: entry.path, id });
      }
    }
  }

  private applyInBatch(operation: FsOperation, batch: DiskBatch): boolean {
    if (!this.commit(operation, batch.entryChanges)) return false;
    batch.operations.push({ operation, clock: this.clockValue });
    return true;
  }
}

/** What one applyDiskChanges collects while it lists directories. */
interface DiskBatch {
  operations: ClockedOperation[];
  idChanges: TreeIdChange[];
  entryChanges: EntryChange[];
  changedFiles: string[];
}

const nodeType = (entry: DiskEntry): NodeType => (entry.type === 'directory' ? NodeType.Directory : NodeType.File);
const join = (directory: string, name: string): string => (directory ? `${directory}/${name}` : name);
const depth = (path: string): number => (path === '' ? 0 : path.split('/').length);

