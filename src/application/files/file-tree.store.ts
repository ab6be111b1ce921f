import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { FileTree, ReadonlyFileTree } from '../../domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID, TreeNode } from '../../domain/fs/file-tree.types';
import { isListedOnDemand } from '../../domain/fs/listing-rules';
import { FileTreePort, ListedEntry } from '../ports/file-tree.port';

/** A directory outside the synced tree, listed when the user opens it. */
export type Listing = { kind: 'loading' } | { kind: 'listed'; entries: readonly ListedEntry[] } | { kind: 'failed'; message: string };

/**
 * The workspace's file tree on this client. Remote operations apply in clock order: stale ones
 * (clock ≤ last) are dropped and ones after a gap wait for the gap to fill (spec 001 §4).
 */
@injectable()
export class FileTreeStore {
  tree: ReadonlyFileTree = FileTree.empty();
  expanded: ReadonlySet<string> = new Set([ROOT_ID]);
  loaded = false;
  /** Listings of directories opened on demand (node_modules and below), by workspace path. */
  listings: ReadonlyMap<string, Listing> = new Map();
  /** Paths of on-demand directories the user opened. */
  expandedPaths: ReadonlySet<string> = new Set();
  private clock = 0;
  private readonly waiting = new Map<number, FsOperation>();

  constructor(@inject(FileTreePort) private readonly port: FileTreePort) {
    makeObservable<FileTreeStore, 'setTree' | 'setListing'>(this, {
      tree: observable.ref,
      expanded: observable.ref,
      loaded: observable,
      listings: observable.ref,
      expandedPaths: observable.ref,
      togglePath: action,
      setListing: action,
      toggle: action,
      reveal: action,
      receive: action,
      setTree: action,
    });
    port.onDidReceiveOperations((ops) => this.receive(ops));
  }

  async load(): Promise<void> {
    const { nodes, clock } = await this.port.read();
    const tree = FileTree.fromJSON(nodes);
    if (!tree.ok) throw new Error(tree.error.message);
    // Operations newer than the read that arrived while it was in flight still apply afterwards.
    for (const waitingClock of [...this.waiting.keys()]) if (waitingClock <= clock) this.waiting.delete(waitingClock);
    this.clock = clock;
    this.setTree(tree.value);
    this.receive([]);
  }

  children(id: string): TreeNode[] {
    return this.tree.children(id);
  }

  pathOf(id: string): string | undefined {
    const path = this.tree.pathOf(id);
    return path.ok ? path.value.replace(/^\//, '') : undefined;
  }

  fileAt(path: string): TreeNode | undefined {
    const node = this.tree.findByPath(path);
    return node && node.type === NodeType.File ? node : undefined;
  }

  toggle(id: string): void {
    const next = new Set(this.expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    this.expanded = next;
    const node = this.tree.get(id);
    const path = this.pathOf(id);
    if (next.has(id) && node && path !== undefined && isListedOnDemand(node.name)) void this.list(path);
  }

  /** True for a directory of the tree whose contents are listed on demand (the tree does not hold them). */
  isListedOnDemand(id: string): boolean {
    const node = this.tree.get(id);
    return node?.type === NodeType.Directory && isListedOnDemand(node.name);
  }

  /** Opens or closes a directory below an on-demand one (addressed by path, it has no tree id). */
  togglePath(path: string): void {
    const next = new Set(this.expandedPaths);
    if (next.has(path)) next.delete(path);
    else {
      next.add(path);
      void this.list(path);
    }
    this.expandedPaths = next;
  }

  /** Lists a directory on disk (again), keeping the previous listing while it loads. */
  async list(path: string): Promise<void> {
    if (!this.listings.has(path)) this.setListing(path, { kind: 'loading' });
    try {
      const entries = await this.port.readdir(path);
      const sorted = [...entries].sort((a, b) => (a.isDirectory !== b.isDirectory ? (a.isDirectory ? -1 : 1) : a.name.localeCompare(b.name)));
      this.setListing(path, { kind: 'listed', entries: sorted });
    } catch (error) {
      this.setListing(path, { kind: 'failed', message: (error as Error).message });
    }
  }

  private setListing(path: string, listing: Listing): void {
    this.listings = new Map(this.listings).set(path, listing);
  }

  /** Expands every ancestor of a node so it is visible. */
  reveal(id: string): void {
    const next = new Set(this.expanded);
    for (let node = this.tree.get(id); node?.parentId !== undefined; node = this.tree.get(node.parentId)) next.add(node.parentId);
    this.expanded = next;
  }

  receive(ops: Array<{ operation: FsOperation; clock: number }>): void {
    for (const { operation, clock } of ops) if (clock > this.clock) this.waiting.set(clock, operation);
    if (!this.waiting.has(this.clock + 1)) return;
    const tree = (this.tree as FileTree).clone();
    let changed = false;
    for (let next = this.waiting.get(this.clock + 1); next; next = this.waiting.get(this.clock + 1)) {
      this.waiting.delete(this.clock + 1);
      this.clock += 1;
      changed = tree.apply(next).ok || changed;
    }
    if (changed) this.setTree(tree);
  }

  private setTree(tree: FileTree): void {
    this.tree = tree;
    this.loaded = true;
  }
}
