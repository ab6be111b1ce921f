/** Something holding lazy frames (WebSocketChannel). */
export interface LazyHolder {
  /** Writes the lazy frames it holds, if any. */
  flushLazy(): void;
  /** When it started holding the lazy frames it holds now (undefined when it holds none). */
  readonly lazySince: number | undefined;
}

/**
 * One timer for every channel's lazy frames (ClientChannel.sendLazily): a channel that starts holding some is added
 * with the time, and what it still holds `delayMs` after that is written. Most lazy frames leave earlier, with the
 * channel's next frame; then the entry is stale and skipped. Channels are added in time order, so the queue is in
 * deadline order and the timer is set for its head.
 */
export class LazyFlush {
  private readonly queue: Array<{ holder: LazyHolder; since: number }> = [];
  private head = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** `holder` started holding lazy frames at `since` (now): they are written `delayMs` after it at the latest. */
  add(holder: LazyHolder, since: number): void {
    this.queue.push({ holder, since });
    if (this.timer === undefined) this.arm();
  }

  private arm(): void {
    const next = this.queue[this.head];
    if (next === undefined) return;
    this.timer = setTimeout(() => this.run(), Math.max(0, next.since + this.delayMs - this.now()));
    this.timer.unref?.();
  }

  private run(): void {
    this.timer = undefined;
    const now = this.now();
    while (this.head < this.queue.length) {
      const { holder, since } = this.queue[this.head];
      if (since + this.delayMs > now) break;
      this.head++;
      // Stale when the holder wrote those frames meanwhile (and may hold newer ones, with their own entry).
      if (holder.lazySince === since) holder.flushLazy();
    }
    if (this.head === this.queue.length) {
      this.queue.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    this.arm();
  }
}

const flushes = new Map<number, LazyFlush>();

/** The shared LazyFlush of `delayMs`. */
export function lazyFlush(delayMs: number): LazyFlush {
  let flush = flushes.get(delayMs);
  if (!flush) flushes.set(delayMs, (flush = new LazyFlush(delayMs)));
  return flush;
}
