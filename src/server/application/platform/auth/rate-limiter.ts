/**
 * A fixed budget of attempts per key in a sliding window, in memory (one process). Counts what the caller reports
 * (failures), so successes cost nothing. Keys are forgotten once their window passed.
 */
export class RateLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** How long until `key` may try again (ms), or 0 when it may now. */
  retryAfter(key: string, now: number): number {
    const recent = this.recent(key, now);
    return recent.length < this.limit ? 0 : recent[0] + this.windowMs - now;
  }

  /** Counts one attempt of `key`. */
  record(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.attempts.delete(key);
    this.attempts.set(key, recent);
    // The oldest keys go first when too many are kept (a flood of addresses cannot grow memory without bound).
    while (this.attempts.size > this.maxKeys) this.attempts.delete(this.attempts.keys().next().value as string);
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.attempts.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (kept.length === 0) this.attempts.delete(key);
    return kept;
  }
}
