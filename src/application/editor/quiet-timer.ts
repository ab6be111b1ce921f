/**
 * Runs a task once things have been quiet for a while: each `touch` moves the due time; one timer serves any number
 * of touches (when it fires early it waits out the rest), so a touch per keystroke costs no timer.
 */
export class QuietTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firesAt = 0;
  private dueAt = 0;

  constructor(private readonly task: () => void) {}

  /** The task runs `delay` ms from now, unless touched again before. */
  touch(delay: number): void {
    this.dueAt = Date.now() + delay;
    if (this.timer && this.firesAt <= this.dueAt) return;
    clearTimeout(this.timer);
    this.arm(delay);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(delay: number): void {
    this.firesAt = Date.now() + delay;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const left = this.dueAt - Date.now();
      if (left > 0) this.arm(left);
      else this.task();
    }, delay);
  }
}
