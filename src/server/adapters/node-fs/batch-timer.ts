import { Disposable } from '../../../base/lifecycle';

/**
 * Calls `flush` once pokes stop arriving for `quietMs`, and at the latest `maxDelayMs` after the first poke of a batch.
 * One timer per batch, however many pokes: cheap enough to poke once per file-system event.
 */
export class BatchTimer implements Disposable {
  private timer: NodeJS.Timeout | undefined;
  private firstAt = 0;
  private lastAt = 0;

  constructor(
    private readonly quietMs: number,
    private readonly maxDelayMs: number,
    private readonly flush: () => void,
  ) {}

  poke(): void {
    const now = Date.now();
    this.lastAt = now;
    if (this.timer !== undefined) return;
    this.firstAt = now;
    this.arm(this.quietMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.onTimer(), ms);
  }

  private onTimer(): void {
    const now = Date.now();
    const due = Math.min(this.lastAt + this.quietMs, this.firstAt + this.maxDelayMs);
    if (now < due) return this.arm(due - now);
    this.timer = undefined;
    this.flush();
  }
}
