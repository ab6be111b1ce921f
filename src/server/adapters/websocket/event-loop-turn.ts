import { performance } from 'node:perf_hooks';

/**
 * One turn of the event loop as the websocket adapter sees it: from the first frame handled or written after the
 * loop last reached its check phase, until it reaches it again (a setImmediate). Work that can be batched per turn
 * (writes to one socket, ADR 0025) or must yield after a while (incoming frames under load) looks at it.
 */
export class EventLoopTurn {
  readonly startedAt = performance.now();
  private readonly ends: Array<() => void> = [];

  /** Milliseconds since the turn started. */
  get elapsedMs(): number {
    return performance.now() - this.startedAt;
  }

  /** Runs `task` when the turn ends (in order of registration). */
  atEnd(task: () => void): void {
    this.ends.push(task);
  }

  /** @internal */
  end(): void {
    for (const task of this.ends) task();
  }
}

let current: EventLoopTurn | undefined;

function endTurn(): void {
  const turn = current!;
  current = undefined;
  turn.end();
}

/** The turn in progress; the first call of a turn starts it (and schedules its end). */
export function currentTurn(): EventLoopTurn {
  if (current === undefined) {
    current = new EventLoopTurn();
    setImmediate(endTurn);
  }
  return current;
}
