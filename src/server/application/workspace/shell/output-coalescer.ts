/** Output of one pty read burst is sent as one shell/out once it reaches this size (or at the end of the burst). */
export const COALESCE_MAX_CHARS = 64 * 1024;

/**
 * Joins the chunks a pty delivers in one turn of the event loop (node-pty reads at most a few KB at a time): the first
 * chunk of a turn is handed on at once (a keystroke's echo is not delayed), the ones after it in the same turn are
 * joined and handed on before the next turn. Fast output becomes a few large shell/out frames instead of thousands
 * of small ones.
 */
export class OutputCoalescer {
  private pending: string[] = [];
  private pendingLength = 0;
  private scheduled: ReturnType<typeof setImmediate> | undefined;

  constructor(private readonly emit: (out: string) => void) {}

  push(out: string): void {
    if (this.scheduled === undefined) {
      // Leading edge: nothing else arrived in this turn yet.
      this.scheduled = setImmediate(() => this.flush());
      this.emit(out);
      return;
    }
    this.pending.push(out);
    this.pendingLength += out.length;
    if (this.pendingLength >= COALESCE_MAX_CHARS) this.emitPending();
  }

  /** Hands on what is pending now (before an exit is reported, so output comes first). */
  flush(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.emitPending();
  }

  private emitPending(): void {
    if (this.pendingLength === 0) return;
    const out = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    this.emit(out);
  }

  dispose(): void {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    this.pending = [];
    this.pendingLength = 0;
  }
}
