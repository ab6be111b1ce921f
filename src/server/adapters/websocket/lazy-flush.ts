/** Something holding lazy frames (WebSocketChannel). */
export interface LazyHolder {
  /** Writes the lazy frames still waiting, if any. */
  flushLazy(): void;
}

/**
 * One timer for every channel's lazy frames (ClientChannel.sendLazily): a channel that starts holding some is added,
 * and when the delay is up, whatever is still held is written. Most lazy frames leave earlier, with the channel's
 * next frame; then the timer finds nothing. One timer per delay, instead of one per channel and frame.
 */
export class LazyFlush {
  private holders: LazyHolder[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly delayMs: number) {}

  /** `holder` has started holding lazy frames: they are written within the delay. */
  add(holder: LazyHolder): void {
    this.holders.push(holder);
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.run(), this.delayMs);
    this.timer.unref?.();
  }

  private run(): void {
    const holders = this.holders;
    this.holders = [];
    this.timer = undefined;
    for (const holder of holders) holder.flushLazy();
  }
}

const flushes = new Map<number, LazyFlush>();

/** The shared LazyFlush of `delayMs`. */
export function lazyFlush(delayMs: number): LazyFlush {
  let flush = flushes.get(delayMs);
  if (!flush) flushes.set(delayMs, (flush = new LazyFlush(delayMs)));
  return flush;
}
