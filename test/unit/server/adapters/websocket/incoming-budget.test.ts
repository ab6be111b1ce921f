import { IncomingBudget } from '../../../../../src/server/adapters/websocket/incoming-budget';

describe('IncomingBudget', () => {
  it('stops reading while the frames in handling pass the budget, and reads again at half of it', async () => {
    const calls: string[] = [];
    const budget = new IncomingBudget({ pauseReading: () => calls.push('pause'), resumeReading: () => calls.push('resume') }, 100);
    const handlers: Array<() => void> = [];
    const handling = () => new Promise<void>((resolve) => handlers.push(resolve));
    budget.track(60, handling());
    budget.track(30, handling());
    expect(calls).toEqual([]);
    budget.track(20, handling());
    expect(calls).toEqual(['pause']);
    handlers[0]();
    await Promise.resolve();
    expect(budget.bytesInFlight).toBe(50);
    expect(calls).toEqual(['pause', 'resume']);
    handlers[1]();
    handlers[2]();
    await Promise.resolve();
    expect(budget.bytesInFlight).toBe(0);
    expect(calls).toEqual(['pause', 'resume']);
  });

  it('counts a handler that failed as finished', async () => {
    const calls: string[] = [];
    const budget = new IncomingBudget({ pauseReading: () => calls.push('pause'), resumeReading: () => calls.push('resume') }, 10);
    budget.track(20, Promise.reject(new Error('handler failed')));
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['pause', 'resume']);
    expect(budget.bytesInFlight).toBe(0);
  });
});
