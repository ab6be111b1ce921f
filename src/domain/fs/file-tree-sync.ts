import { type Result, err, ok } from '../../base/result';
import { FileTree, type ReadonlyFileTree } from './file-tree';
import type { FileTreeError } from './file-tree.errors';
import type { FsOperation } from './file-tree.types';
import { revertOperations } from './revert-operations';

/** An operation of this client that the server has not settled yet. */
interface PendingOperation {
  readonly id: number;
  readonly operation: FsOperation;
  /** How to take it off the shown tree; undefined while it does not apply there (its parent went away, say). */
  revert: FsOperation[] | undefined;
  /** The clock the server gave it, once acknowledged; it stays pending until the confirmed tree reaches that clock. */
  clock: number | undefined;
}

/** A remote operation as `fs/operations` carries it. */
export interface ClockedOperation {
  readonly operation: FsOperation;
  readonly clock: number;
}

/**
 * The file-tree sync engine of spec 001 §4, pure. The shown tree is the confirmed tree (the server's at `clock`)
 * with this client's pending operations applied on top, each with its revert operations:
 * - a local operation is checked against the shown tree (the spec 002 §5 texts when refused) and applied at once;
 * - remote operations apply in clock order from `clock + 1`; stale ones (clock ≤ the last, or already waiting) are
 *   dropped and ones after a gap wait for it. To apply them, the pending operations are reverted (newest first),
 *   the confirmed operations applied, and the pending ones applied again on top (those that no longer fit stay
 *   pending but unshown until the server answers);
 * - an acknowledged operation takes its clock's place among the remote ones and leaves the pending list when the
 *   confirmed tree reaches it; an ignored or refused one is reverted and removed.
 * The tree is mutated in place (a 100,000-node tree is too big to copy per operation); `revision` counts changes.
 */
export class FileTreeSync {
  private readonly waiting = new Map<number, FsOperation>();
  private pending: PendingOperation[] = [];
  private nextPendingId = 1;
  private changes = 0;

  private constructor(
    private tree: FileTree,
    private lastClock: number,
  ) {}

  /** An engine on an `fs/read` snapshot. */
  static fromSnapshot(tree: FileTree, clock: number): FileTreeSync {
    return new FileTreeSync(tree, clock);
  }

  /** The shown tree: confirmed plus pending. */
  get view(): ReadonlyFileTree {
    return this.tree;
  }

  /** The clock of the confirmed tree. */
  get clock(): number {
    return this.lastClock;
  }

  /** Grows by one whenever the shown tree may have changed. */
  get revision(): number {
    return this.changes;
  }

  /** The operations still waiting for the server's answer or for their clock, oldest first. */
  get pendingOperations(): readonly FsOperation[] {
    return this.pending.map((p) => p.operation);
  }

  /**
   * A new snapshot (after a reconnect): remote operations it already holds are dropped, and the pending ones are
   * applied on top again; an acknowledged one the snapshot already holds leaves the list.
   */
  reset(tree: FileTree, clock: number): void {
    this.tree = tree;
    this.lastClock = clock;
    for (const waitingClock of [...this.waiting.keys()]) if (waitingClock <= clock) this.waiting.delete(waitingClock);
    this.pending = this.pending.filter((p) => p.clock === undefined || p.clock > clock);
    for (const entry of this.pending) entry.revert = undefined;
    this.settle(true);
  }

  /** Remote operations (any order, any batch); returns whether the shown tree changed. */
  receive(operations: readonly ClockedOperation[]): boolean {
    for (const { operation, clock } of operations) {
      if (clock > this.lastClock && !this.waiting.has(clock)) this.waiting.set(clock, operation);
    }
    return this.settle(false);
  }

  /** Applies a local operation optimistically; its pending id, or why the tree refuses it (nothing changes then). */
  applyLocal(operation: FsOperation): Result<number, FileTreeError> {
    const checked = this.tree.check(operation);
    if (!checked.ok) return err(checked.error);
    const entry: PendingOperation = { id: this.nextPendingId++, operation, revert: revertOperations(this.tree, operation), clock: undefined };
    this.tree.apply(operation);
    this.pending.push(entry);
    this.changes++;
    return ok(entry.id);
  }

  /** The server applied pending operation `id` at `clock`. */
  acknowledge(id: number, clock: number): boolean {
    const entry = this.pending.find((p) => p.id === id);
    if (!entry) return false;
    if (clock <= this.lastClock) return this.remove(entry); // a newer snapshot already holds it
    entry.clock = clock;
    if (!this.waiting.has(clock)) this.waiting.set(clock, entry.operation);
    return this.settle(false);
  }

  /** The server ignored (it would change nothing) or refused pending operation `id`: it is taken off the tree. */
  discard(id: number): boolean {
    const entry = this.pending.find((p) => p.id === id);
    return entry ? this.remove(entry) : false;
  }

  private remove(entry: PendingOperation): boolean {
    this.revertPending();
    this.pending = this.pending.filter((p) => p !== entry);
    this.applyPending();
    this.changes++;
    return true;
  }

  /** Applies the waiting operations that are next in clock order, under the pending ones. */
  private settle(force: boolean): boolean {
    if (!force && !this.waiting.has(this.lastClock + 1)) return false;
    this.revertPending();
    for (let next = this.waiting.get(this.lastClock + 1); next !== undefined; next = this.waiting.get(this.lastClock + 1)) {
      this.waiting.delete(this.lastClock + 1);
      this.lastClock += 1;
      this.tree.apply(next); // a refused one is the server's business: the tree stays as the server's would
      const clock = this.lastClock;
      this.pending = this.pending.filter((p) => p.clock !== clock);
    }
    this.applyPending();
    this.changes++;
    return true;
  }

  private revertPending(): void {
    for (let index = this.pending.length - 1; index >= 0; index--) {
      const entry = this.pending[index];
      for (const revert of entry.revert ?? []) this.tree.apply(revert);
      entry.revert = undefined;
    }
  }

  private applyPending(): void {
    for (const entry of this.pending) {
      if (!this.tree.check(entry.operation).ok) continue;
      entry.revert = revertOperations(this.tree, entry.operation);
      this.tree.apply(entry.operation);
    }
  }
}
