import { FairInbound, InboundQueue, TurnClock } from '../../../../../src/server/adapters/websocket/fair-inbound';

/** Turns of a pretend event loop: handling a frame takes `costMs`; `nextTurn` runs what was left for later. */
class PretendLoop implements TurnClock {
  elapsed = 0;
  private tasks: Array<() => void> = [];

  elapsedMs(): number {
    return this.elapsed;
  }

  later(task: () => void): void {
    this.tasks.push(task);
  }

  get pending(): number {
    return this.tasks.length;
  }

  nextTurn(): void {
    this.elapsed = 0;
    const tasks = this.tasks;
    this.tasks = [];
    for (const task of tasks) task();
  }
}

const frame = (label: string) => Buffer.from(label);

describe('FairInbound', () => {
  const BUDGET = 5;
  let loop: PretendLoop;
  let inbound: FairInbound;
  let handled: string[];
  let flows: Record<string, string[]>;

  beforeEach(() => {
    loop = new PretendLoop();
    inbound = new FairInbound(BUDGET, loop);
    handled = [];
    flows = {};
  });

  /** A connection whose frames each take `costMs` to handle. */
  function connection(name: string, costMs = 1): InboundQueue {
    flows[name] = [];
    return inbound.connection(
      (f) => {
        handled.push(`${name}:${f.toString()}`);
        loop.elapsed += costMs;
      },
      { pause: () => flows[name].push('pause'), resume: () => flows[name].push('resume') },
    );
  }

  it('handles frames as they arrive while the turn has budget left, without pausing anyone', () => {
    const a = connection('a');
    a.receive(frame('1'));
    a.receive(frame('2'));
    expect(handled).toEqual(['a:1', 'a:2']);
    expect(flows.a).toEqual([]);
    expect(loop.pending).toBe(0);
  });

  it('queues the rest once the budget is spent, pauses the connection, and serves the queues round-robin in later turns', () => {
    const a = connection('a');
    for (let i = 1; i <= 12; i++) a.receive(frame(String(i)));
    expect(handled).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5']);
    expect(flows.a).toEqual(['pause']);

    // A newcomer's frame, arriving while a's backlog waits, is served in the next turn, not after the backlog.
    const b = connection('b');
    b.receive(frame('join'));
    expect(flows.b).toEqual(['pause']);
    loop.nextTurn();
    expect(handled.slice(5)).toEqual(['a:6', 'b:join', 'a:7', 'a:8', 'a:9']);
    expect(flows.b).toEqual(['pause', 'resume']);

    loop.nextTurn();
    expect(handled.slice(10)).toEqual(['a:10', 'a:11', 'a:12']);
    expect(flows.a).toEqual(['pause', 'resume']);
    expect(loop.pending).toBe(0);
  });

  it('keeps the order of a connection: a frame arriving while earlier ones wait waits behind them, even in a fresh turn', () => {
    const a = connection('a', 3);
    a.receive(frame('1'));
    a.receive(frame('2'));
    a.receive(frame('3'));
    expect(handled).toEqual(['a:1', 'a:2']);
    loop.elapsed = 0; // a new turn starts with I/O before the queues are served
    a.receive(frame('4'));
    expect(handled).toEqual(['a:1', 'a:2']);
    loop.nextTurn();
    expect(handled).toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
  });

  it('makes progress even when the turn has no budget left when the queues are served', () => {
    const a = connection('a', 10);
    a.receive(frame('1'));
    a.receive(frame('2'));
    loop.nextTurn();
    expect(handled).toEqual(['a:1', 'a:2']);
  });

  it('handles every waiting frame when the connection closes, and then handles new ones at once', () => {
    const a = connection('a', 10);
    a.receive(frame('1'));
    a.receive(frame('2'));
    a.receive(frame('3'));
    a.close();
    expect(handled).toEqual(['a:1', 'a:2', 'a:3']);
    a.receive(frame('4'));
    expect(handled).toEqual(['a:1', 'a:2', 'a:3', 'a:4']);
    loop.nextTurn();
    expect(flows.a).toEqual(['pause']); // a closed connection is not resumed
  });
});
