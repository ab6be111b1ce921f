export interface BatchLimits {
  /** The first batch is sent as soon as it holds this many items… */
  firstItems: number;
  /** …a later one at this many (fewer, larger frames while matches pour in)… */
  maxItems: number;
  /** …or either this long after its first item arrived. */
  maxDelayMs: number;
}

/**
 * Streamed matches go out in batches: the first ones reach the client within 50 ms (or at 100), and a flood goes out
 * in frames of up to 1,000.
 */
export const SEARCH_BATCH: BatchLimits = { firstItems: 100, maxItems: 1000, maxDelayMs: 50 };

/** Something items are added to, that knows how many it holds. */
export interface Batch {
  readonly count: number;
}

/**
 * Collects items and hands them on in batches, by count or by time, whichever comes first. Items are added to
 * `batch` by the caller (an encoded frame in the making, say), which then calls `added`.
 */
export class MatchBatcher<B extends Batch> {
  private current: B;
  private sent = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly create: () => B,
    private readonly send: (batch: B) => void,
    private readonly limits: BatchLimits = SEARCH_BATCH,
  ) {
    this.current = create();
  }

  /** The batch being filled. */
  get batch(): B {
    return this.current;
  }

  /** An item was added to `batch`. */
  added(): void {
    if (this.current.count >= (this.sent ? this.limits.maxItems : this.limits.firstItems)) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.limits.maxDelayMs);
  }

  /** Sends what is pending now. */
  flush(): void {
    this.clearTimer();
    if (this.current.count === 0) return;
    const batch = this.current;
    this.current = this.create();
    this.sent = true;
    this.send(batch);
  }

  /** Drops what is pending. */
  discard(): void {
    this.clearTimer();
    if (this.current.count > 0) this.current = this.create();
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
