/** Output held in a burst is sent as one shell/out once it reaches this size (or when the burst's window ends). */
export const COALESCE_MAX_CHARS = 64 * 1024;

/**
 * How long output that follows other output is held to be joined. A pty hands its output on a few KB at a time, one
 * read per turn of the event loop, so joining only within a turn does not join fast output at all: every read
 * became a frame, and one websocket write (a syscall that runs the receiver's TCP stack too) per 4 KB was most of
 * the server's time in a `cat` of a large file. A few milliseconds are not seen in a terminal (VS Code's pty host
 * holds all terminal output for 5 ms before it sends it on).
 */
export const COALESCE_WINDOW_MS = 4;

/**
 * Joins the chunks of a burst of pty output. The first chunk after a quiet moment is handed on at once (a
 * keystroke's echo is not delayed) and opens a window of `windowMs`; the chunks that arrive in it are joined and
 * handed on when it ends or when they reach COALESCE_MAX_CHARS, and a window that ends with output opens the next.
 * Fast output becomes a few large shell/out frames instead of thousands of small ones. With `windowMs` 0 only the
 * chunks of one turn of the event loop are joined.
 */
export class OutputCoalescer {
  private pending: string[] = [];
  private pendingLength = 0;
  /** The open window (a timer, or the end of the turn when windowMs is 0): output arriving now is held. */
  private window: { kind: 'timer'; handle: ReturnType<typeof setTimeout> } | { kind: 'turn'; handle: ReturnType<typeof setImmediate> } | undefined;

  constructor(
    private readonly emit: (out: string) => void,
    private readonly windowMs = COALESCE_WINDOW_MS,
  ) {}

  push(out: string): void {
    if (this.window === undefined) {
      // Leading edge: nothing came in the last window.
      this.openWindow();
      this.emit(out);
      return;
    }
    this.pending.push(out);
    this.pendingLength += out.length;
    if (this.pendingLength >= COALESCE_MAX_CHARS) this.emitPending();
  }

  /** Hands on what is pending now (before an exit is reported, so output comes first). */
  flush(): void {
    this.closeWindow();
    this.emitPending();
  }

  dispose(): void {
    this.closeWindow();
    this.pending = [];
    this.pendingLength = 0;
  }

  private openWindow(): void {
    this.window =
      this.windowMs > 0
        ? { kind: 'timer', handle: setTimeout(() => this.windowEnded(), this.windowMs) }
        : { kind: 'turn', handle: setImmediate(() => this.windowEnded()) };
  }

  /** The window ended: what it held goes out, and output that keeps coming is held again. */
  private windowEnded(): void {
    this.window = undefined;
    if (this.pendingLength === 0) return;
    this.emitPending();
    if (this.windowMs > 0) this.openWindow();
  }

  private closeWindow(): void {
    if (this.window?.kind === 'timer') clearTimeout(this.window.handle);
    else if (this.window?.kind === 'turn') clearImmediate(this.window.handle);
    this.window = undefined;
  }

  private emitPending(): void {
    if (this.pendingLength === 0) return;
    const out = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    this.emit(out);
  }
}
