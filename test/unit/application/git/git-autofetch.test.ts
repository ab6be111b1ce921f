import { configure } from 'mobx';
import { GitAutofetch } from '../../../../src/application/git/git-autofetch';
import { NotifyError } from '../../../../src/application/tokens';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { AUTOFETCH_FIRST_DELAY_MS } from '../../../../src/domain/git/autofetch';
import { GitBranchState, noBranch } from '../../../../src/domain/git/git-status';
import { gitStatus } from './fake-git-port';
import { scmFixture } from './scm-fixture';

configure({ enforceActions: 'never' });

const ORIGIN = 'https://github.com/acme/app.git';
const PERIOD_MS = 180_000;
const on = (branch: string): GitBranchState => ({ ...noBranch(), branch });
/** The targetDiff calls of `n` rounds of a workspace on 'feature' (upstream origin/feature) whose origin's default is 'main'. */
const rounds = (n: number) => Array.from({ length: n }, () => [['feature'], ['main']]).flat();

/** Runs the timers due in `ms` and the fetches they start. */
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

const disposables: Array<{ dispose(): void }> = [];

/** The source control fixture, connected as a writer, on a branch with an upstream and an origin. */
async function setUp() {
  const f = await scmFixture();
  disposables.push(f.autofetch);
  f.connection.setStatus({ kind: 'CONNECTED' });
  f.git.remotesEvents.fire({ origin: ORIGIN, upstream: '' });
  f.git.notify(gitStatus({ branch: 'feature', remote: on('feature'), target: on('main') }));
  return f;
}

describe('GitAutofetch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    for (const d of disposables.splice(0)) d.dispose();
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it("fetches origin's copies of the upstream and the target AUTOFETCH_FIRST_DELAY_MS after start, then every period", async () => {
    const { autofetch, git, errors } = await setUp();
    expect(autofetch.canFetch).toBe(true);
    await advance(AUTOFETCH_FIRST_DELAY_MS * 10);
    // Nothing before start().
    expect(git.callsOf('targetDiff')).toEqual([]);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS - 1);
    expect(git.callsOf('targetDiff')).toEqual([]);
    await advance(1);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    await advance(PERIOD_MS - 1);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    await advance(1);
    expect(git.callsOf('targetDiff')).toEqual(rounds(2));
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(3));
    expect(errors).toEqual([]);
  });

  it('starts once: a second start() does not add rounds', async () => {
    const { autofetch, git } = await setUp();
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS / 2);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS / 2);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(2));
  });

  it('fetches a branch once when the upstream is the target', async () => {
    const { autofetch, git } = await setUp();
    git.notify(gitStatus({ branch: 'main', remote: on('main'), target: on('main') }));
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff')).toEqual([['main']]);
  });

  it('does no round while the setting is off; turning it on schedules one a period later', async () => {
    const { autofetch, git, settings } = await setUp();
    settings.update({ gitAutofetch: false });
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS + PERIOD_MS * 3);
    expect(git.callsOf('targetDiff')).toEqual([]);
    settings.update({ gitAutofetch: true });
    await advance(PERIOD_MS - 1);
    expect(git.callsOf('targetDiff')).toEqual([]);
    await advance(1);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
  });

  it('turning the setting off cancels the round waiting', async () => {
    const { autofetch, git, settings } = await setUp();
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    settings.update({ gitAutofetch: false });
    await advance(PERIOD_MS * 5);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
  });

  it('waits the new period from the change when the period changes', async () => {
    const { autofetch, git, settings } = await setUp();
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    await advance(10_000);
    settings.update({ gitAutofetchPeriod: 30 });
    await advance(29_999);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    await advance(1);
    expect(git.callsOf('targetDiff')).toEqual(rounds(2));
    await advance(30_000);
    expect(git.callsOf('targetDiff')).toEqual(rounds(3));
  });

  it('takes a period read from the stored settings', async () => {
    const { autofetch, git, settings } = await setUp();
    settings.update({ gitAutofetchPeriod: 5 });
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    await advance(5_000);
    expect(git.callsOf('targetDiff')).toEqual(rounds(2));
  });

  it('does not fetch while the workspace is not connected, and fetches again once it is', async () => {
    const { autofetch, git, connection } = await setUp();
    connection.setStatus({ kind: 'RECONNECTING', attempt: 1 });
    expect(autofetch.canFetch).toBe(false);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    connection.setStatus({ kind: 'DISCONNECTED', reason: 'gone', wasClean: false });
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual([]);
    connection.setStatus({ kind: 'CONNECTED' });
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
  });

  it('does not fetch for a reader (who may not pull)', async () => {
    const { autofetch, git, connection, errors } = await setUp();
    connection.changeAccess('read');
    expect(autofetch.canFetch).toBe(false);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS + PERIOD_MS);
    await expect(autofetch.fetchNow()).resolves.toBe(false);
    expect(git.callsOf('targetDiff')).toEqual([]);
    expect(errors).toEqual([]);
    connection.changeAccess('write');
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
  });

  it('does not fetch without an origin, nor outside a repository', async () => {
    const { autofetch, git } = await setUp();
    git.remotesEvents.fire({ origin: '', upstream: '' });
    expect(autofetch.canFetch).toBe(false);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS + PERIOD_MS);
    await expect(autofetch.fetchNow()).resolves.toBe(false);
    expect(git.callsOf('targetDiff')).toEqual([]);
    git.remotesEvents.fire({ origin: ORIGIN, upstream: '' });
    git.notify(gitStatus({ branch: '' }));
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual([]);
  });

  it('skips a round while the window is not in use, and keeps the rounds going', async () => {
    const f = await setUp();
    let active = false;
    const autofetch = new GitAutofetch(f.gitStore, f.git, f.settings, f.c.get(AccessStore), f.connection, f.c.get<NotifyError>(NotifyError), () => active);
    disposables.push(autofetch);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(f.git.callsOf('targetDiff')).toEqual([]);
    active = true;
    await advance(PERIOD_MS - 1);
    expect(f.git.callsOf('targetDiff')).toEqual([]);
    await advance(1);
    expect(f.git.callsOf('targetDiff')).toEqual(rounds(1));
    active = false;
    await advance(PERIOD_MS);
    expect(f.git.callsOf('targetDiff')).toEqual(rounds(1));
    // Git: Fetch is the user's: it does not wait for the window.
    await expect(autofetch.fetchNow()).resolves.toBe(true);
    expect(f.git.callsOf('targetDiff')).toEqual(rounds(2));
  });

  it('keeps an autofetch failure silent and goes on with the rounds', async () => {
    const { autofetch, git, errors } = await setUp();
    git.failures.set('targetDiff', new Error('offline'));
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff').length).toBeGreaterThan(0);
    expect(autofetch.fetching).toBe(false);
    expect(errors).toEqual([]);
    git.failures.delete('targetDiff');
    const before = git.callsOf('targetDiff').length;
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff').slice(before)).toEqual(rounds(1));
    expect(errors).toEqual([]);
  });

  it("fetches now on Git: Fetch and reports its failure as 'Git fetch failed: …'", async () => {
    const { autofetch, git, errors } = await setUp();
    await expect(autofetch.fetchNow()).resolves.toBe(true);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    expect(errors).toEqual([]);
    git.failures.set('targetDiff', new Error('offline'));
    await expect(autofetch.fetchNow()).resolves.toBe(false);
    expect(errors).toEqual(['Git fetch failed: offline']);
    expect(autofetch.fetching).toBe(false);
  });

  it('fetches the target even when the upstream fails, and reports the failure', async () => {
    const { autofetch, git, errors } = await setUp();
    const answer = git.targetDiff;
    const fetched: string[] = [];
    git.targetDiff = (branch: string) => (branch === 'feature' ? Promise.reject(new Error('no feature on origin')) : answer(branch).then((r) => (fetched.push(branch), r)));
    await expect(autofetch.fetchNow()).resolves.toBe(false);
    expect(fetched).toEqual(['main']);
    expect(errors).toEqual(['Git fetch failed: no feature on origin']);
  });

  it('is fetching while a fetch is under way, and starts no second fetch meanwhile', async () => {
    const { autofetch, git } = await setUp();
    expect(autofetch.fetching).toBe(false);
    git.hold = true;
    const fetched = autofetch.fetchNow();
    expect(autofetch.fetching).toBe(true);
    // Neither Git: Fetch nor a round starts another fetch.
    await expect(autofetch.fetchNow()).resolves.toBe(false);
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff')).toEqual([['feature']]);
    expect(autofetch.fetching).toBe(true);
    git.hold = false;
    git.releaseHeld();
    await expect(fetched).resolves.toBe(true);
    expect(autofetch.fetching).toBe(false);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
  });

  it('does no more rounds once disposed, even when disposed during a round', async () => {
    const { autofetch, git } = await setUp();
    autofetch.start();
    await advance(AUTOFETCH_FIRST_DELAY_MS);
    expect(git.callsOf('targetDiff')).toEqual(rounds(1));
    git.hold = true;
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual([...rounds(1), ['feature']]);
    autofetch.dispose();
    git.hold = false;
    git.releaseHeld();
    await advance(PERIOD_MS * 5);
    expect(git.callsOf('targetDiff')).toEqual(rounds(2));
  });

  it('does no round when disposed before the first', async () => {
    const { autofetch, git, settings } = await setUp();
    autofetch.start();
    autofetch.dispose();
    await advance(AUTOFETCH_FIRST_DELAY_MS + PERIOD_MS);
    // A settings change after dispose does not schedule one either.
    settings.update({ gitAutofetchPeriod: 10 });
    await advance(PERIOD_MS);
    expect(git.callsOf('targetDiff')).toEqual([]);
  });
});
