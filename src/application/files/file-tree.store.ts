import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { FileTree, ReadonlyFileTree } from '../../domain/fs/file-tree';
import { FsOperation, NodeType, ROOT_ID, TreeNode } from '../../domain/fs/file-tree.types';
import { FileTreePort } from '../ports/file-tree.port';

/**
 * The workspace's file tree on this client. Remote operations apply in clock order: stale ones
 * (clock ≤ last) are dropped and ones after a gap wait for the gap to fill (spec 001 §4).
 */
@injectable()
export class FileTreeStore {
  tree: ReadonlyFileTree = FileTree.empty();
  expanded: ReadonlySet<string> = new Set([ROOT_ID]);
  loaded = false;
  private clock = 0;
  private readonly waiting = new Map<number, FsOperation>();

  constructor(@inject(FileTreePort) private readonly port: FileTreePort) {
    makeObservable<FileTreeStore, 'setTree'>(this, {
      tree: observable.ref,
      expanded: observable.ref,
      loaded: observable,
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
