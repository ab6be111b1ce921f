import { GitOperationLock } from '../../../../../../src/server/application/workspace/git/git-lock';
import { PitcherErrorCode } from '../../../../../../src/protocol';

describe('GitOperationLock', () => {
  it('lets one operation in and refuses a second with the spec text until the first is released', () => {
    const lock = new GitOperationLock();
    const first = lock.acquire('pull');
    expect(first.ok).toBe(true);
    expect(lock.acquire('commit')).toEqual({
      ok: false,
      error: { code: PitcherErrorCode.GIT_OPERATION_IN_PROGRESS, message: 'Another git operation is in progress, try again later.' },
    });
    if (first.ok) first.value();
    expect(lock.acquire('commit').ok).toBe(true);
  });

  it('wakes readers waiting for the end of an operation, and a second release changes nothing', async () => {
    const lock = new GitOperationLock();
    const held = lock.acquire('pull');
    let woke = false;
    const idle = lock.whenIdle().then(() => (woke = true));
    await Promise.resolve();
    expect(woke).toBe(false);
    if (!held.ok) throw new Error('not acquired');
    held.value();
    await idle;
    expect(woke).toBe(true);
    const next = lock.acquire('commit');
    held.value();
    expect(lock.busy).toBe(true);
    if (next.ok) next.value();
    expect(lock.busy).toBe(false);
  });
});
