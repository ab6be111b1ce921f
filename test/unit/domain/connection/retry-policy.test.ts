import fc from 'fast-check';
import { INITIAL_CONNECT_POLICY, RECONNECT_POLICY, RETRY_POLICIES, SEAMLESS_SWITCH_POLICY, retryDelay, retryVerdict } from '../../../../src/domain/connection';

describe('retry policies', () => {
  it('are the spec values', () => {
    expect(INITIAL_CONNECT_POLICY).toMatchObject({ attempts: 3, baseDelayMs: 500, maxMs: 90_000, timeoutMessage: 'Initial connection timed out' });
    expect(RECONNECT_POLICY).toMatchObject({ attempts: 3, baseDelayMs: 500, maxMs: 10_000, timeoutMessage: 'Reconnect timed out' });
    expect(SEAMLESS_SWITCH_POLICY).toMatchObject({ attempts: 3, baseDelayMs: 500, maxMs: 10_000, timeoutMessage: 'Seamless connection timed out' });
  });

  it('starts the first attempt at once, then waits 500 ms, 1 s, 2 s …', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(RECONNECT_POLICY, n))).toEqual([0, 500, 1000, 2000]);
  });

  it('never waits longer than the policy maximum and never less than before', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(RETRY_POLICIES)), fc.integer({ min: 1, max: 200 }), (policy, attempt) => {
        const delay = retryDelay(policy, attempt);
        expect(delay).toBeLessThanOrEqual(policy.maxMs);
        expect(retryDelay(policy, attempt + 1)).toBeGreaterThanOrEqual(delay);
      }),
    );
  });

  it('retries until the attempts are used or the time is up, then gives up with the time-out text', () => {
    expect(retryVerdict(RECONNECT_POLICY, 1, 600)).toEqual({ kind: 'retry', attempt: 2, delayMs: 500 });
    expect(retryVerdict(RECONNECT_POLICY, 3, 0)).toEqual({ kind: 'give-up', message: 'Reconnect timed out' });
    expect(retryVerdict(INITIAL_CONNECT_POLICY, 1, 90_000)).toEqual({ kind: 'give-up', message: 'Initial connection timed out' });
    fc.assert(
      fc.property(fc.constantFrom(...Object.values(RETRY_POLICIES)), fc.nat(10), fc.nat(200_000), (policy, failed, elapsed) => {
        const verdict = retryVerdict(policy, failed, elapsed);
        expect(verdict.kind === 'give-up').toBe(failed >= policy.attempts || elapsed >= policy.maxMs);
      }),
    );
  });
});
