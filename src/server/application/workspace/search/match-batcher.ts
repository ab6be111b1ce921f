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

/** Collects items and hands them on in batches, by count or by time, whichever comes first. */
export class MatchBatcher<T> {
  private items: T[] = [];
  private sent = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (items: T[]) => void,
    private readonly limits: BatchLimits = SEARCH_BATCH,
  ) {}

  push(item: T): void {
    this.items.push(item);
    if (this.items.length >= (this.sent ? this.limits.maxItems : this.limits.firstItems)) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.limits.maxDelayMs);
  }

  /** Sends what is pending now. */
  flush(): void {
    this.clearTimer();
    if (this.items.length === 0) return;
    const items = this.items;
    this.items = [];
    this.sent = true;
    this.send(items);
  }

  /** Drops what is pending. */
  discard(): void {
    this.clearTimer();
    this.items = [];
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
