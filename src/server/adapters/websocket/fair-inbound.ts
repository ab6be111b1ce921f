import { currentTurn } from './event-loop-turn';

/** Incoming frames handled in one turn of the event loop, in milliseconds, before the rest wait for later turns. */
export const INBOUND_TURN_BUDGET_MS = 5;

/** The turn of the event loop in progress, and how to run something in a later turn (setImmediate). */
export interface TurnClock {
  /** Milliseconds the current turn has run. */
  elapsedMs(): number;
  later(task: () => void): void;
}

const eventLoop: TurnClock = {
  elapsedMs: () => currentTurn().elapsedMs,
  later: (task) => void setImmediate(task),
};

/** What a connection's reading can be told: stop reading its socket, and read again. */
export interface InboundFlow {
  pause(): void;
  resume(): void;
}

/**
 * Fairness between connections under load (ADR 0025). A frame is handled as it arrives, as long as the current turn of
 * the event loop has spent less than the budget on frames; after that, and while the connection still has frames
 * waiting, its frames wait in its own queue and its socket is paused (the client's further frames stay in the kernel
 * and TCP pushes back). Waiting connections are served round-robin, one frame each in turn, the budget per turn
 * (setImmediate), so the loop polls between turns: a connection being accepted, an HTTP request or a newcomer's
 * join is not held up behind the backlog of busy connections. Frames of one connection are always handled in order.
 */
export class FairInbound {
  private readonly waiting: InboundQueue[] = [];
  private scheduled = false;

  constructor(
    private readonly budgetMs = INBOUND_TURN_BUDGET_MS,
    private readonly clock: TurnClock = eventLoop,
  ) {}

  /** The queue of one connection: `handle` runs each of its frames, `flow` pauses and resumes its reading. */
  connection(handle: (frame: Buffer) => void, flow: InboundFlow): InboundQueue {
    return new InboundQueue(this, handle, flow);
  }

  /** @internal the budget is spent in this turn */
  get spent(): boolean {
    return this.clock.elapsedMs() >= this.budgetMs;
  }

  /** @internal */
  wait(queue: InboundQueue): void {
    this.waiting.push(queue);
    if (this.scheduled) return;
    this.scheduled = true;
    this.clock.later(() => this.serve());
  }

  /** A later turn: one frame of each waiting connection in turn, until the budget is spent (at least one frame). */
  private serve(): void {
    this.scheduled = false;
    do {
      const queue = this.waiting.shift();
      if (queue?.handleNext()) this.waiting.push(queue);
    } while (this.waiting.length > 0 && this.clock.elapsedMs() < this.budgetMs);
    if (this.waiting.length > 0 && !this.scheduled) {
      this.scheduled = true;
      this.clock.later(() => this.serve());
    }
  }
}

export class InboundQueue {
  private readonly frames: Buffer[] = [];
  private closed = false;

  constructor(
    private readonly scheduler: FairInbound,
    private readonly handle: (frame: Buffer) => void,
    private readonly flow: InboundFlow,
  ) {}

  /** A frame arrived. */
  receive(frame: Buffer): void {
    if (this.frames.length === 0 && (this.closed || !this.scheduler.spent)) return this.handle(frame);
    this.frames.push(frame);
    if (this.frames.length === 1) {
      this.flow.pause();
      this.scheduler.wait(this);
    }
  }

  /** The connection closed: every frame still waiting is handled now, before whoever listens is told. */
  close(): void {
    this.closed = true;
    while (this.frames.length > 0) this.handle(this.frames.shift()!);
  }

  /** @internal Handles the oldest waiting frame; true while more wait. */
  handleNext(): boolean {
    const frame = this.frames.shift();
    if (frame !== undefined) this.handle(frame);
    if (this.frames.length > 0) return true;
    if (!this.closed) this.flow.resume();
    return false;
  }
}
