/**
 * When a document acknowledges the revision it reached (file/documentAck): at most once per `intervalMs`, and not at
 * all when an operation the client sends carries that revision already (piggy-backed).
 */
export class AckSchedule {
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    /** The revision the server last heard about from this client. */
    private acked: number,
    private readonly intervalMs: number,
    /** The client's revision now, or undefined when it may not acknowledge (not in sync). */
    private readonly current: () => number | undefined,
    private readonly send: (revision: number) => void,
  ) {}

  /** The client's revision moved: acknowledge it within the interval. */
  schedule(): void {
    const revision = this.current();
    if (this.timer || revision === undefined || revision <= this.acked) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const now = this.current();
      if (now === undefined || now <= this.acked) return;
      this.acked = now;
      this.send(now);
    }, this.intervalMs);
  }

  /** An operation based on `revision` went out: it acknowledges that revision. */
  carried(revision: number): void {
    if (revision < this.acked) return;
    this.cancel();
    this.acked = revision;
  }

  /** The server registered the client at `revision` (a re-open): nothing older needs acknowledging. */
  reset(revision: number): void {
    this.cancel();
    this.acked = revision;
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
