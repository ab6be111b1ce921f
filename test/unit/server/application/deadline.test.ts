import { withinDeadline } from '../../../../src/server/application/deadline';

describe('withinDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is done when the work settles in time, whether it resolves or rejects', async () => {
    await expect(withinDeadline(Promise.resolve(1), 1000)).resolves.toBe('done');
    await expect(withinDeadline(Promise.reject(new Error('x')), 1000)).resolves.toBe('done');
  });

  it('is late when the work has not settled by the deadline', async () => {
    const outcome = withinDeadline(new Promise(() => undefined), 1000);
    jest.advanceTimersByTime(999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    await expect(outcome).resolves.toBe('late');
  });
});
