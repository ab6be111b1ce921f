/**
 * Remote operations that arrived before the revision they follow, by revision, until their turn: taken strictly in
 * revision order. Holds at most `capacity` of them (beyond that a resync's content is relied on instead).
 */
export class RevisionQueue<T> {
  private readonly waiting = new Map<number, T>();

  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Keeps `item` for `revision` if that revision is after `current` and there is room. */
  hold(revision: number, item: T, current: number): void {
    if (revision > current && this.waiting.size < this.capacity) this.waiting.set(revision, item);
  }

  /**
   * Forgets what the revision reached (`revision()`) already covers, then, while `open()` holds, hands the item for
   * the next revision to `apply` (which moves the revision on), as long as there is one.
   */
  drain(revision: () => number, open: () => boolean, apply: (item: T) => void): void {
    for (const waiting of [...this.waiting.keys()]) if (waiting <= revision()) this.waiting.delete(waiting);
    while (open()) {
      const next = this.waiting.get(revision() + 1);
      if (next === undefined) return;
      this.waiting.delete(revision() + 1);
      apply(next);
    }
  }
}
