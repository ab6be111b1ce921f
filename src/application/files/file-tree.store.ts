import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { type Result, err, ok } from '../../base/result';
import { FileTree, ReadonlyFileTree } from '../../domain/fs/file-tree';
import { FileTreeSync } from '../../domain/fs/file-tree-sync';
import { FsOperation, NodeType, ROOT_ID, TreeNode } from '../../domain/fs/file-tree.types';
import { isListedOnDemand } from '../../domain/fs/listing-rules';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { FileTreePort, ListedEntry } from '../ports/file-tree.port';
import { ResyncParticipant } from '../workspace/resync-participant';

/** A directory outside the synced tree, listed when the user opens it. */
export type Listing = { kind: 'loading' } | { kind: 'listed'; entries: readonly ListedEntry[] } | { kind: 'failed'; message: string };

/**
 * The workspace's file tree on this client, kept by the sync engine of spec 001 §4 (domain/fs/file-tree-sync.ts):
 * local operations show at once and are reverted when the server refuses them; remote ones apply in clock order.
 * The tree is mutated in place (copying 100,000 nodes per operation is too slow), so observers read it through
 * `tree`, which observes `revision`.
 */
@injectable()
export class FileTreeStore extends DisposableBase implements ResyncParticipant {
  /** The tree is the fs family's (fs/read, fs/operations); RawFsStore's watches resync in the same step. */
  readonly family: ResyncFamily = 'fs';
  readonly skipsInitialLoad = true;
  /** Grows whenever the shown tree changes. */
  revision = 0;
  expanded: ReadonlySet<string> = new Set([ROOT_ID]);
  loaded = false;
  /** Listings of directories opened on demand (node_modules and below), by workspace path. */
  listings: ReadonlyMap<string, Listing> = new Map();
  /** Paths of on-demand directories the user opened. */
  expandedPaths: ReadonlySet<string> = new Set();
  private sync = FileTreeSync.fromSnapshot(FileTree.empty(), 0);
  /** Remote operations that arrived before the first snapshot. */
  private early: Array<{ operation: FsOperation; clock: number }> = [];

  constructor(@inject(FileTreePort) private readonly port: FileTreePort) {
    super();
    makeObservable<FileTreeStore, 'setListing' | 'changed' | 'loadSnapshot'>(this, {
      revision: observable,
      expanded: observable.ref,
      loaded: observable,
      listings: observable.ref,
      expandedPaths: observable.ref,
      togglePath: action,
      setListing: action,
      toggle: action,
      setExpanded: action,
      reveal: action,
      receive: action,
      changed: action,
      loadSnapshot: action,
    });
    this.register(port.onDidReceiveOperations((ops) => this.receive(ops)));
  }

  /** The shown tree (confirmed plus this client's pending operations). */
  get tree(): ReadonlyFileTree {
    void this.revision;
    return this.sync.view;
  }

  async load(): Promise<void> {
    const { nodes, clock } = await this.port.read();
    const tree = FileTree.fromJSON(nodes);
    if (!tree.ok) throw new Error(tree.error.message);
    this.loadSnapshot(tree.value, clock);
  }

  private loadSnapshot(tree: FileTree, clock: number): void {
    if (this.loaded) this.sync.reset(tree, clock);
    else this.sync = FileTreeSync.fromSnapshot(tree, clock);
    // Operations newer than the read that arrived while it was in flight still apply afterwards.
    const early = this.early;
    this.early = [];
    this.sync.receive(early);
    this.loaded = true;
    this.changed();
  }

  /** After a reconnect: the tree again, with the clock it is at. */
  resync(): Promise<void> {
    return this.load();
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

  /**
   * Carries out a tree operation: checked and shown at once, then sent; reverted when the server refuses it.
   * Fails with the spec's text (client-side validation or the server's refusal). An operation that would change
   * nothing (a rename to the same name) is not sent.
   */
  async perform(operation: FsOperation): Promise<Result<void, string>> {
    if (this.sync.view.isNoop(operation)) return ok(undefined);
    const local = this.sync.applyLocal(operation);
    if (!local.ok) return err(local.error.message);
    this.changed();
    try {
      const result = await this.port.operation(operation);
      if (result.code === 0) this.sync.acknowledge(local.value, result.clock);
      else this.sync.discard(local.value);
      this.changed();
      return ok(undefined);
    } catch (error) {
      this.sync.discard(local.value);
      this.changed();
      return err(error instanceof Error && error.message ? error.message : String(error));
    }
  }

  toggle(id: string): void {
    this.setExpanded(id, !this.expanded.has(id));
  }

  /** Opens or closes a directory of the tree; opening one listed on demand lists it. */
  setExpanded(id: string, open: boolean): void {
    if (this.expanded.has(id) === open) return;
    const next = new Set(this.expanded);
    if (open) next.add(id);
    else next.delete(id);
    this.expanded = next;
    const node = this.tree.get(id);
    const path = this.pathOf(id);
    if (open && node && path !== undefined && isListedOnDemand(node.name)) void this.list(path);
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
    if (!this.loaded) {
      this.early.push(...ops);
      return;
    }
    if (this.sync.receive(ops)) this.changed();
  }

  private changed(): void {
    this.revision++;
  }
}
