import { Disposable } from '../../base/lifecycle';

/** The terminal view as the output flow sees it (xterm.js: `write(data, callback)` and `reset()`). */
export interface TerminalWriter {
  /** Writes output; `done` is called once the terminal has processed it. */
  write(data: string, done: () => void): void;
  reset(): void;
}

export interface TerminalFlowLimits {
  /** Above this many characters written and not yet processed, new output waits in a queue… */
  highWaterChars: number;
  /** …and a queue longer than this is dropped: the terminal resyncs from the shell's scroll-back instead. */
  queueLimitChars: number;
}

export const TERMINAL_FLOW_LIMITS: TerminalFlowLimits = { highWaterChars: 2 * 1024 * 1024, queueLimitChars: 8 * 1024 * 1024 };

/**
 * Flow control between the shell's output and the terminal view (xterm.js write callbacks): a slow browser holds at
 * most the high-water mark in the terminal's parser plus the queue limit here, never more. Output for a view that is
 * not there yet is dropped (attaching writes the scroll-back anyway).
 */
export class TerminalOutputFlow {
  private writer: TerminalWriter | undefined;
  /** Characters handed to the writer in this generation and not yet processed. */
  private pending = 0;
  private readonly queue: string[] = [];
  private queued = 0;
  /** A reset starts a new generation: callbacks of writes from before it no longer count. */
  private generation = 0;

  constructor(
    private readonly overflowed: () => void,
    private readonly limits: TerminalFlowLimits = TERMINAL_FLOW_LIMITS,
  ) {}

  get pendingChars(): number {
    return this.pending;
  }

  get queuedChars(): number {
    return this.queued;
  }

  bind(writer: TerminalWriter): Disposable {
    this.writer = writer;
    this.discard();
    return {
      dispose: () => {
        if (this.writer !== writer) return;
        this.writer = undefined;
        this.discard();
      },
    };
  }

  write(data: string): void {
    if (!this.writer || data.length === 0) return;
    if (this.queue.length === 0 && this.pending < this.limits.highWaterChars) {
      this.pass(data);
      return;
    }
    this.queue.push(data);
    this.queued += data.length;
    if (this.queued > this.limits.queueLimitChars) {
      this.discard();
      this.overflowed();
    }
  }

  /** Clears the view and forgets everything written or queued before. */
  reset(): void {
    this.discard();
    this.writer?.reset();
  }

  private pass(data: string): void {
    const generation = this.generation;
    this.pending += data.length;
    this.writer!.write(data, () => {
      if (generation !== this.generation) return;
      this.pending -= data.length;
      this.flush();
    });
  }

  private flush(): void {
    while (this.writer && this.queue.length > 0 && this.pending < this.limits.highWaterChars) {
      const data = this.queue.shift()!;
      this.queued -= data.length;
      this.pass(data);
    }
  }

  private discard(): void {
    this.generation += 1;
    this.pending = 0;
    this.queue.length = 0;
    this.queued = 0;
  }
}
