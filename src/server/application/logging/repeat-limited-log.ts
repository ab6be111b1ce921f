/** How long a message written once is not written again (its repeats are counted instead). */
export const REPEAT_WINDOW_MS = 60_000;
/** Keys remembered at most; older ones are forgotten first. */
const MAX_KEYS = 1_000;

/**
 * Writes each message once per window: repeats within REPEAT_WINDOW_MS are counted, not written, and the first write
 * after the window says how many were left out. For failures that recur on every event of a loop on disk (a file
 * swapped for a symlink again and again), which would otherwise fill the log with the same line.
 */
export class RepeatLimitedLog {
  private readonly written = new Map<string, { at: number; repeats: number }>();

  constructor(
    private readonly write: (message: string) => void,
    private readonly windowMs = REPEAT_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes `message` unless the same one (or one with the same `key`) was written within the window. */
  log(message: string, key = message): void {
    const now = this.now();
    const last = this.written.get(key);
    if (last && now - last.at < this.windowMs) {
      last.repeats++;
      return;
    }
    this.written.delete(key); // re-inserted last: the map stays in write order, oldest first
    this.written.set(key, { at: now, repeats: 0 });
    if (this.written.size > MAX_KEYS) this.written.delete(this.written.keys().next().value as string);
    const left = last?.repeats ? ` (${last.repeats} more time${last.repeats === 1 ? '' : 's'} since it was last written)` : '';
    this.write(message + left);
  }
}
