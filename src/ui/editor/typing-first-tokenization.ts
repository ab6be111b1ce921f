/**
 * Keys before background tokenization (ADR 0016). Monaco colours a document in the background, from its first line
 * on, in bursts of 1 ms slices that run until the browser's idle deadline (up to 50 ms). Just after a large file
 * opens, those slices ran between a key and the frame that shows it: typing at the end of a 5 MB file had a p95 of
 * 22 ms against 14 ms once it was coloured. Here, a burst waits until no key was pressed for
 * TOKENIZATION_PAUSE_AFTER_KEY_MS, and a burst under way skips its slices from the moment a key is pressed. The lines
 * on screen are still coloured at once (Monaco tokenizes the viewport itself); only the rest of the document waits
 * for a pause in the typing.
 *
 * It changes three methods of Monaco's DefaultBackgroundTokenizer (textModelTokens.js, not a public API): a
 * Monaco without them keeps its own scheduling, and the guard test in
 * test/unit/ui/editor/typing-first-tokenization.test.ts fails on such an upgrade.
 */
export const TOKENIZATION_PAUSE_AFTER_KEY_MS = 150;

/** What this relies on of Monaco's DefaultBackgroundTokenizer (method names as in monaco-editor 0.57). */
export interface BackgroundTokenizer {
  _isScheduled: boolean;
  /** Asks for an idle period (requestIdleCallback), unless one is asked for already (`_isScheduled`). */
  _beginBackgroundTokenization(): void;
  /** One burst: slices until the idle deadline, then asks for the next idle period. */
  _backgroundTokenizeWithDeadline(deadline: unknown): void;
  /** One slice: tokenizes lines for at least 1 ms. */
  _backgroundTokenizeForAtLeast1ms(): void;
}

export interface TypingClock {
  now(): number;
  setTimeout(run: () => void, ms: number): void;
}

/**
 * Makes the tokenizers of `prototype` wait for a pause in the typing; `lastKeyAt` is when the last key was pressed
 * (clock time). False, and nothing changed, when `prototype` is not what this expects.
 */
export function putTypingBeforeTokenization(prototype: Partial<BackgroundTokenizer>, lastKeyAt: () => number, clock: TypingClock): boolean {
  const burst = prototype._backgroundTokenizeWithDeadline;
  const slice = prototype._backgroundTokenizeForAtLeast1ms;
  if (typeof burst !== 'function' || typeof slice !== 'function' || typeof prototype._beginBackgroundTokenization !== 'function') return false;
  const quietIn = () => Math.max(0, lastKeyAt() + TOKENIZATION_PAUSE_AFTER_KEY_MS - clock.now());
  prototype._backgroundTokenizeWithDeadline = function (this: BackgroundTokenizer, deadline: unknown): void {
    const wait = quietIn();
    if (wait === 0) return burst.call(this, deadline);
    // Still marked as scheduled, so edits meanwhile do not ask for another idle period.
    this._isScheduled = true;
    clock.setTimeout(() => {
      this._isScheduled = false;
      this._beginBackgroundTokenization();
    }, wait);
  };
  prototype._backgroundTokenizeForAtLeast1ms = function (this: BackgroundTokenizer): void {
    if (quietIn() === 0) slice.call(this);
  };
  return true;
}

/** In the page: keys anywhere count (capture phase), timed with performance.now(). */
export function putTypingBeforeMonacoTokenization(prototype: Partial<BackgroundTokenizer>): boolean {
  let lastKeyAt = -Infinity;
  window.addEventListener('keydown', () => (lastKeyAt = performance.now()), { capture: true, passive: true });
  return putTypingBeforeTokenization(prototype, () => lastKeyAt, { now: () => performance.now(), setTimeout: (run, ms) => void setTimeout(run, ms) });
}
