import { GitStatus, emptyGitStatus } from '../../../../../../src/domain/git/git-status';
import { RemoteUrls } from '../../../../../../src/domain/git/git-remotes';
import { GitOperationLock } from '../../../../../../src/server/application/workspace/git/git-lock';
import {
  GIT_CHANGE_BACKOFF_RESET_MS,
  GIT_CHANGE_MAX_QUIET_MS,
  GitStatusFeed,
  STATUS_MAX_DELAY_MS,
  STATUS_QUIET_MS,
} from '../../../../../../src/server/application/workspace/git/git-status-feed';
import { GitState } from '../../../../../../src/server/application/workspace/git/git-status-reader';

/** A reader whose reads finish when the test says, counting how many run at once. */
class FakeReader {
  running = 0;
  maxRunning = 0;
  reads = 0;
  branch = 'main';
  remotes: RemoteUrls = { origin: '', upstream: '' };
  /** Called as each read ends (a read that touches .git itself). */
  afterRead: (() => void) | undefined;
  private pending: Array<() => void> = [];

  read = (): Promise<GitState> => {
    this.reads++;
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    const snapshot = { status: { ...emptyGitStatus(), branch: this.branch }, remotes: { ...this.remotes } };
    return new Promise((resolve) =>
      this.pending.push(() => {
        this.running--;
        resolve(snapshot);
        this.afterRead?.();
      }),
    );
  };

  finishAll(): void {
    for (const finish of this.pending.splice(0)) finish();
  }
}

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('GitStatusFeed', () => {
  let reader: FakeReader;
  let lock: GitOperationLock;
  let statuses: GitStatus[];
  let remotes: RemoteUrls[];
  let feed: GitStatusFeed;

  beforeEach(() => {
    jest.useFakeTimers();
    reader = new FakeReader();
    lock = new GitOperationLock();
    statuses = [];
    remotes = [];
    feed = new GitStatusFeed({
      read: reader.read,
      lock,
      hasClients: () => true,
      publishStatus: (s) => statuses.push(s),
      publishRemotes: (r) => remotes.push(r),
      log: () => undefined,
    });
  });
  afterEach(() => {
    feed.dispose();
    jest.useRealTimers();
  });

  it('never reads twice at once: callers during a read share the one read queued after it', async () => {
    const first = feed.current();
    await settle();
    reader.branch = 'later';
    const second = feed.current();
    const third = feed.current();
    await settle();
    expect(reader.running).toBe(1);
    reader.finishAll();
    expect((await first).branch).toBe('main');
    await settle();
    reader.finishAll();
    expect((await second).branch).toBe('later');
    expect(await third).toBe(await second);
    expect(reader.reads).toBe(2);
    expect(reader.maxRunning).toBe(1);
  });

  it('answers the last status while an operation runs, and waits for its end when there is none yet', async () => {
    const held = lock.acquire('pull');
    if (!held.ok) throw new Error('not acquired');
    let answered = false;
    const waiting = feed.current().then((s) => ((answered = true), s));
    await settle();
    expect(reader.reads).toBe(0);
    held.value();
    await settle();
    reader.finishAll();
    expect((await waiting).branch).toBe('main');
    expect(answered).toBe(true);
    const again = lock.acquire('commit');
    reader.branch = 'changed';
    expect((await feed.current()).branch).toBe('main');
    expect(reader.reads).toBe(1);
    if (again.ok) again.value();
  });

  it('gathers changes on disk for the quiet time, and announces only a status that changed', async () => {
    feed.poke();
    jest.advanceTimersByTime(STATUS_QUIET_MS - 1);
    feed.poke();
    jest.advanceTimersByTime(STATUS_QUIET_MS - 1);
    expect(reader.reads).toBe(0);
    jest.advanceTimersByTime(1);
    await settle();
    reader.finishAll();
    await settle();
    expect(statuses.map((s) => s.branch)).toEqual(['main']);
    feed.poke();
    jest.advanceTimersByTime(STATUS_QUIET_MS);
    await settle();
    reader.finishAll();
    await settle();
    expect(reader.reads).toBe(2);
    expect(statuses).toHaveLength(1);
  });

  it('does not let a stream of changes put the read off for longer than the maximum delay', async () => {
    for (let t = 0; t < STATUS_MAX_DELAY_MS; t += STATUS_QUIET_MS / 2) {
      feed.poke();
      jest.advanceTimersByTime(STATUS_QUIET_MS / 2);
    }
    await settle();
    expect(reader.reads).toBe(1);
  });

  it('always announces after an operation, and announces the remotes when they changed', async () => {
    const publish = async () => {
      const done = feed.publish();
      await settle();
      reader.finishAll();
      await done;
    };
    await publish();
    await publish();
    expect(statuses).toHaveLength(2);
    expect(remotes).toEqual([]);
    reader.remotes = { origin: '/srv/remote.git', upstream: '' };
    await publish();
    expect(remotes).toEqual([{ origin: '/srv/remote.git', upstream: '' }]);
  });

  /** Lets timers run for `ms`, finishing every read as it starts. */
  const run = async (ms: number) => {
    for (let t = 0; t < ms; t += 50) {
      jest.advanceTimersByTime(50);
      await settle();
      reader.finishAll();
      await settle();
    }
  };

  it('reads after a change inside .git and announces it when the status changed', async () => {
    await run(STATUS_QUIET_MS * 2);
    reader.branch = 'from-terminal';
    feed.gitChanged();
    await run(STATUS_QUIET_MS + 50);
    expect(statuses.map((s) => s.branch)).toEqual(['from-terminal']);
  });

  it('cannot be driven into a read loop by its own reads touching .git: reads that change nothing back off', async () => {
    // Each read "rewrites the index": a .git change, and no status change.
    reader.afterRead = () => feed.gitChanged();
    feed.gitChanged();
    await run(30_000);
    // Without the back-off one read every STATUS_QUIET_MS: 100 reads in 30 s.
    expect(reader.reads).toBeGreaterThan(5);
    expect(reader.reads).toBeLessThan(30_000 / GIT_CHANGE_MAX_QUIET_MS + 6);
    expect(statuses).toHaveLength(1);
    // A real change is still announced, within the longest wait.
    reader.branch = 'changed';
    await run(GIT_CHANGE_MAX_QUIET_MS * 2 + 100);
    expect(statuses.map((s) => s.branch)).toEqual(['main', 'changed']);
  });

  it('a change on disk does not wait for the .git back-off, and the back-off is forgotten after a quiet while', async () => {
    for (let i = 0; i < 6; i++) {
      feed.gitChanged();
      await run(GIT_CHANGE_MAX_QUIET_MS + 100);
    }
    const reads = reader.reads;
    feed.gitChanged();
    feed.poke();
    await run(STATUS_QUIET_MS + 50);
    expect(reader.reads).toBe(reads + 1);
    await run(GIT_CHANGE_BACKOFF_RESET_MS + 100);
    feed.gitChanged();
    await run(STATUS_QUIET_MS + 50);
    expect(reader.reads).toBe(reads + 2);
  });
});
