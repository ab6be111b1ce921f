import 'reflect-metadata';
import { GitStore } from '../../../../src/application/git/git.store';
import { BranchRecordsPort } from '../../../../src/application/ports/branch-records.port';
import { GitPortError } from '../../../../src/application/ports/git.port';
import { GitStatus, emptyGitStatus } from '../../../../src/domain/git/git-status';
import { FakeGitPort, item, lockedError } from './fake-git-port';

const status = (branch: string, changed: string[] = []): GitStatus => ({
  ...emptyGitStatus(),
  branch,
  changedFiles: Object.fromEntries(changed.map((path) => [path, item(path)])),
});

/** The platform's branch records; records its calls (as `persist`) in the git port's log, to check the order. */
class FakeBranchRecords implements BranchRecordsPort {
  failure: Error | undefined;
  constructor(private readonly calls: FakeGitPort['calls']) {}
  async rename(branchId: string, name: string): Promise<void> {
    this.calls.push({ method: 'persist', args: [branchId, name] });
    if (this.failure) throw this.failure;
  }
}

function setUp(branchId: () => string | undefined = () => 'sb1') {
  const port = new FakeGitPort();
  port.serverStatus = status('main');
  port.serverRemotes = { origin: 'https://example.com/o.git', upstream: '' };
  const records = new FakeBranchRecords(port.calls);
  const errors: string[] = [];
  const notices: string[] = [];
  const store = new GitStore(port, (m) => errors.push(m), records, branchId, (m) => notices.push(m));
  return { port, records, store, errors, notices };
}

/** The methods called, in order. */
const methods = (port: FakeGitPort) => port.calls.map((c) => c.method);

describe('GitStore', () => {
  it('follows git/status and git/remotes notifications', () => {
    const { port, store } = setUp();
    port.statusEvents.fire(status('main', ['b.ts', 'a.ts']));
    port.remotesEvents.fire({ origin: 'o', upstream: 'u' });
    expect(store.branch).toBe('main');
    expect(store.changedFiles.map((f) => f.path)).toEqual(['a.ts', 'b.ts']);
    expect(store.remotes).toEqual({ origin: 'o', upstream: 'u' });
  });

  it('resyncs status and remotes', async () => {
    const { port, store } = setUp();
    port.serverStatus = status('dev', ['x']);
    await store.resync();
    expect(methods(port).sort()).toEqual(['remotes', 'status']);
    expect(store.branch).toBe('dev');
    expect(store.remotes?.origin).toBe('https://example.com/o.git');
  });

  describe('after a reconnect', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('asks for git status again 1 s after the resync, so changes made while away show', async () => {
      const { port, store } = setUp();
      port.serverStatus = status('main');
      await store.resync('reconnect');
      expect(methods(port).sort()).toEqual(['remotes', 'status']);
      port.serverStatus = status('main', ['changed-while-away.ts']);
      await jest.advanceTimersByTimeAsync(999);
      expect(port.callsOf('status')).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(port.callsOf('status')).toHaveLength(2);
      expect(store.changedFiles.map((f) => f.path)).toEqual(['changed-while-away.ts']);
    });

    it('refreshes once per reconnect (a newer resync moves the refresh), even when the resync failed', async () => {
      const { port, store } = setUp();
      port.failure = new Error('Could not complete git/status: Connection closed');
      await expect(store.resync('reconnect')).rejects.toThrow('Connection closed');
      port.failure = undefined;
      await jest.advanceTimersByTimeAsync(500);
      await store.resync('reconnect');
      await jest.advanceTimersByTimeAsync(1_000);
      expect(port.callsOf('status')).toHaveLength(3);
      await jest.advanceTimersByTimeAsync(5_000);
      expect(port.callsOf('status')).toHaveLength(3);
    });

    it('does not refresh again after the first load or an instance switch', async () => {
      const { port, store } = setUp();
      await store.resync('initial');
      await store.resync('instance-change');
      await jest.advanceTimersByTimeAsync(5_000);
      expect(port.callsOf('status')).toHaveLength(2);
    });
  });

  it('follows a pull: started, finished with success or error', () => {
    const { port, store } = setUp();
    port.pullStarted.fire();
    expect(store.pull).toEqual({ kind: 'RUNNING' });
    port.pullFinished.fire({});
    expect(store.pull).toEqual({ kind: 'SUCCEEDED' });
    port.pullStarted.fire();
    port.pullFinished.fire({ error: 'merge conflict' });
    expect(store.pull).toEqual({ kind: 'FAILED', message: 'merge conflict' });
  });

  it('is locked with the spec text when a pull is refused with GIT_OPERATION_IN_PROGRESS', async () => {
    const { port, store, errors } = setUp();
    const locks: unknown[] = [];
    store.onDidLock((l) => locks.push(l));
    port.failure = lockedError();
    await store.pullChanges();
    const text = 'Another git operation is in progress, try again later.';
    expect(store.pull).toEqual({ kind: 'LOCKED', message: text });
    expect(locks).toEqual([{ operation: 'pull', message: text }]);
    expect(errors).toEqual([text]);
  });

  it('marks a pull request that succeeds, and one that fails', async () => {
    const { port, store } = setUp();
    await store.pullChanges();
    expect(store.pull).toEqual({ kind: 'SUCCEEDED' });
    port.failure = new GitPortError('pull-failed', 'Could not pull', 460);
    await store.pullChanges();
    expect(store.pull).toEqual({ kind: 'FAILED', message: 'Could not pull' });
  });

  it('follows a commit: started, then finished by exit code', async () => {
    const { port, store } = setUp();
    await store.commitChanges('msg');
    expect(port.calls).toEqual([{ method: 'commit', args: ['msg', {}] }]);
    expect(store.commit).toEqual({ kind: 'RUNNING' });
    port.commitFinished.fire({ exitCode: 0 });
    expect(store.commit).toEqual({ kind: 'SUCCEEDED' });
    port.commitStarted.fire({ shellId: 's2', message: 'other' });
    port.commitFinished.fire({ exitCode: 1 });
    expect(store.commit.kind).toBe('FAILED');
  });

  it('renames in the spec order: the new name shows at once, the record is persisted, then the git branch is renamed', async () => {
    const { port, store, notices } = setUp();
    port.statusEvents.fire(status('main'));
    port.hold = true;
    const renaming = store.renameBranch('feature');
    expect(store.branch).toBe('feature');
    expect(store.rename).toEqual({ kind: 'RENAMING', from: 'main', to: 'feature' });
    await Promise.resolve();
    expect(port.calls).toEqual([
      { method: 'persist', args: ['sb1', 'feature'] },
      { method: 'renameBranch', args: ['main', 'feature'] },
    ]);
    expect(notices).toEqual([]);
    port.releaseHeld();
    await expect(renaming).resolves.toBe(true);
    expect(store.branch).toBe('feature');
    expect(store.rename).toEqual({ kind: 'IDLE' });
    expect(notices).toEqual(['Branch was renamed as "feature"']);
  });

  it('shows a branch renamed by another client (git/renameBranch), with the notice', () => {
    const { port, store, notices } = setUp();
    port.statusEvents.fire(status('main'));
    port.renamed.fire({ oldBranch: 'main', newBranch: 'their-name' });
    expect(store.branch).toBe('their-name');
    expect(notices).toEqual(['Branch was renamed as "their-name"']);
  });

  it('does not rename the git branch when persisting the name fails, and reports a taken name as name-taken', async () => {
    const { port, records, store, errors } = setUp();
    const failures: unknown[] = [];
    store.onDidFailRename((f) => failures.push(f));
    port.statusEvents.fire(status('main'));
    records.failure = new Error('Name has already been taken');
    await expect(store.renameBranch('taken')).resolves.toBe(false);
    expect(store.branch).toBe('main');
    records.failure = new Error('Internal server error');
    await expect(store.renameBranch('other')).resolves.toBe(false);
    expect(store.branch).toBe('main');
    expect(port.calls).toEqual([
      { method: 'persist', args: ['sb1', 'taken'] },
      { method: 'persist', args: ['sb1', 'other'] },
    ]);
    expect(failures).toEqual([
      { kind: 'name-taken', message: 'Name has already been taken' },
      { kind: 'rename-failed', message: 'Cannot persist rename operation' },
    ]);
    expect(errors).toEqual(['Name has already been taken', 'Cannot persist rename operation']);
  });

  it('reverts the name, the persisted one too, when the git rename fails', async () => {
    const { port, store, errors, notices } = setUp();
    port.statusEvents.fire(status('main'));
    port.failure = new GitPortError('failed', 'fatal: a branch named \'other\' already exists', 1001);
    await expect(store.renameBranch('other')).resolves.toBe(false);
    expect(port.calls).toEqual([
      { method: 'persist', args: ['sb1', 'other'] },
      { method: 'renameBranch', args: ['main', 'other'] },
      { method: 'persist', args: ['sb1', 'main'] },
    ]);
    expect(store.branch).toBe('main');
    expect(store.rename).toEqual({ kind: 'IDLE' });
    expect(errors).toEqual(['Cannot persist rename operation']);
    expect(notices).toEqual([]);
  });

  it('cannot persist a rename without an open branch record', async () => {
    const { port, store, errors } = setUp(() => undefined);
    port.statusEvents.fire(status('main'));
    await expect(store.renameBranch('feature')).resolves.toBe(false);
    expect(port.calls).toEqual([]);
    expect(store.branch).toBe('main');
    expect(errors).toEqual(['Cannot persist rename operation']);
  });

  it('pushes: running while the request is out, then succeeded, failed, or locked with the spec text', async () => {
    const { port, store, errors } = setUp();
    port.hold = true;
    const pushing = store.pushChanges();
    expect(store.push).toEqual({ kind: 'RUNNING' });
    port.releaseHeld();
    await pushing;
    expect(store.push).toEqual({ kind: 'SUCCEEDED' });
    port.hold = false;
    port.failure = new GitPortError('push-failed', 'The repository has no remote named origin', 440);
    await store.pushChanges();
    expect(store.push).toEqual({ kind: 'FAILED', message: 'The repository has no remote named origin' });
    port.failure = lockedError();
    await store.pushChanges();
    expect(store.push).toEqual({ kind: 'LOCKED', message: 'Another git operation is in progress, try again later.' });
    expect(errors).toEqual(['The repository has no remote named origin', 'Another git operation is in progress, try again later.']);
  });

  it('pushes to another repository: the URL, branch and squash asked for, followed as a push', async () => {
    const { port, store, errors } = setUp();
    port.hold = true;
    const pushing = store.pushToRemote('https://example.com/copy.git', 'published', { squashAllCommits: true });
    expect(store.push).toEqual({ kind: 'RUNNING' });
    port.releaseHeld();
    await expect(pushing).resolves.toBe(true);
    expect(store.push).toEqual({ kind: 'SUCCEEDED' });
    expect(port.callsOf('pushToRemote')).toEqual([['https://example.com/copy.git', 'published', { squashAllCommits: true }]]);
    port.hold = false;
    port.failures.set('pushToRemote', new GitPortError('push-failed', "fatal: repository 'https://example.com/nope.git/' not found", 440));
    await expect(store.pushToRemote('https://example.com/nope.git', 'main')).resolves.toBe(false);
    expect(store.push).toEqual({ kind: 'FAILED', message: "fatal: repository 'https://example.com/nope.git/' not found" });
    port.failures.set('pushToRemote', lockedError());
    await expect(store.pushToRemote('https://example.com/copy.git', 'main')).resolves.toBe(false);
    expect(store.push).toEqual({ kind: 'LOCKED', message: 'Another git operation is in progress, try again later.' });
    expect(errors).toEqual(["fatal: repository 'https://example.com/nope.git/' not found", 'Another git operation is in progress, try again later.']);
  });

  it('transposes lines of commits to the working tree, in the order asked; a changed line has no place', async () => {
    const { port, store, errors } = setUp();
    port.moved.set('c0ffee:README.md:1', { path: 'README.md', line: 2 });
    port.moved.set('c0ffee:old.md:3', { path: 'new.md', line: 3 });
    const lines = [
      { sha: 'c0ffee', path: 'old.md', line: 3 },
      { sha: 'c0ffee', path: 'README.md', line: 5 },
      { sha: 'c0ffee', path: 'README.md', line: 1 },
    ];
    expect(await store.transposeLines(lines)).toEqual({ ok: true, value: [{ path: 'new.md', line: 3 }, undefined, { path: 'README.md', line: 2 }] });
    expect(await store.transposeLines([])).toEqual({ ok: true, value: [] });
    expect(port.callsOf('transposeLines')).toEqual([[lines]]);
    port.failures.set('transposeLines', new GitPortError('transpose-failed', 'fatal: bad object c0ffee', 470));
    expect(await store.transposeLines(lines)).toEqual({ ok: false, error: { kind: 'transpose-failed', message: 'fatal: bad object c0ffee' } });
    expect(store.push).toEqual({ kind: 'IDLE' });
    expect(errors).toEqual([]);
  });

  it('says whether a commit was taken and whether a discard went through', async () => {
    const { port, store } = setUp();
    await expect(store.commitChanges('msg', { paths: ['a'] })).resolves.toBe(true);
    await expect(store.discard(['a'])).resolves.toBe(true);
    port.failure = lockedError();
    await expect(store.commitChanges('msg')).resolves.toBe(false);
    expect(store.commit.kind).toBe('LOCKED');
    await expect(store.discard()).resolves.toBe(false);
  });

  it('lists the conflicted paths', () => {
    const { port, store } = setUp();
    const s = status('main', ['a.ts', 'b.ts']);
    s.changedFiles['b.ts'] = { ...s.changedFiles['b.ts'], index: 'U', workingTree: 'U', isConflicted: true };
    port.statusEvents.fire(s);
    expect([...store.conflictedPaths]).toEqual(['b.ts']);
  });

  it('records a prevented checkout until the next status', () => {
    const { port, store } = setUp();
    port.prevented.fire({ branch: 'dev' });
    expect(store.checkoutPrevented).toBe('dev');
    port.statusEvents.fire(status('main'));
    expect(store.checkoutPrevented).toBeUndefined();
  });
});
