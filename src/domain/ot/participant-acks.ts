/**
 * The revision each participant of a document has acknowledged, with the minimum over all of them kept
 * incrementally: a count per acknowledged revision and a floor that only moves forward, so an
 * acknowledgement costs O(1) amortised (no scan of the participants).
 *
 * Acknowledgements only move forward and participants join at the document's current revision (never
 * below the floor), so the floor is monotonic; it is advanced one revision at a time, which over a
 * document's life costs no more than the revisions themselves.
 */
export class ParticipantAcks {
  private readonly acked = new Map<string, number>();
  private readonly counts = new Map<number, number>();
  private floorRevision: number;

  constructor(initialRevision: number) {
    this.floorRevision = initialRevision;
  }

  get size(): number {
    return this.acked.size;
  }

  has(clientId: string): boolean {
    return this.acked.has(clientId);
  }

  /** The revision `clientId` has acknowledged, if it participates. */
  ackOf(clientId: string): number | undefined {
    return this.acked.get(clientId);
  }

  /**
   * The lowest revision acknowledged by any participant; with no participants, `current` (nobody needs
   * history). Never less than an earlier answer.
   */
  floor(current: number): number {
    if (this.acked.size === 0) this.floorRevision = Math.max(this.floorRevision, current);
    return this.floorRevision;
  }

  /** A client opened the document at `revision` (the current one). Re-joining keeps the higher acknowledgement. */
  join(clientId: string, revision: number): void {
    const start = Math.max(revision, this.floorRevision);
    const previous = this.acked.get(clientId);
    if (previous !== undefined) {
      this.acknowledge(clientId, start);
      return;
    }
    if (this.acked.size === 0) this.floorRevision = start;
    this.acked.set(clientId, start);
    this.increment(start);
  }

  /** Records that `clientId` has seen every operation up to `revision`. Ignored for non-participants and for going back. */
  acknowledge(clientId: string, revision: number): void {
    const previous = this.acked.get(clientId);
    if (previous === undefined || revision <= previous) return;
    this.acked.set(clientId, revision);
    this.increment(revision);
    this.decrement(previous);
  }

  leave(clientId: string): void {
    const previous = this.acked.get(clientId);
    if (previous === undefined) return;
    this.acked.delete(clientId);
    this.decrement(previous);
  }

  /** The participants whose acknowledgement is below `revision` (used only when history overflows its hard cap). */
  below(revision: number): string[] {
    const out: string[] = [];
    for (const [clientId, acked] of this.acked) if (acked < revision) out.push(clientId);
    return out;
  }

  private increment(revision: number): void {
    this.counts.set(revision, (this.counts.get(revision) ?? 0) + 1);
  }

  private decrement(revision: number): void {
    const count = (this.counts.get(revision) ?? 0) - 1;
    if (count > 0) {
      this.counts.set(revision, count);
      return;
    }
    this.counts.delete(revision);
    if (revision !== this.floorRevision || this.acked.size === 0) return;
    // The lowest acknowledgement went away: walk forward to the next revision somebody acknowledged.
    while (!this.counts.has(this.floorRevision)) this.floorRevision++;
  }
}
