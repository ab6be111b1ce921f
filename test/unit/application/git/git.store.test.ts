import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { GitStore } from '../../../../src/application/git/git.store';
import { GitCommitStarted, GitPort, GitPortError, GitRemotes } from '../../../../src/application/ports/git.port';
import { GitStatus, emptyGitStatus } from '../../../../src/domain/git/git-status';

const status = (branch: string, changed: string[] = []): GitStatus => ({
  ...emptyGitStatus(),
  branch,
  changedFiles: Object.fromEntries(changed.map((path) => [path, { path, index: '', workingTree: 'M', isStaged: false, isConflicted: false }])),
});

class FakeGit implements GitPort {
  readonly statusEvents = new Emitter<GitStatus>();
  readonly remotesEvents = new Emitter<GitRemotes>();
  readonly pullStarted = new Emitter<void>();
  readonly pullFinished = new Emitter<{ error?: string }>();
  readonly commitStarted = new Emitter<GitCommitStarted>();
  readonly commitFinished = new Emitter<{ exitCode: number }>();
  readonly renamed = new Emitter<{ oldBranch: string; newBranch: string }>();
  readonly prevented = new Emitter<{ branch: string | null }>();
  onDidChangeStatus = this.statusEvents.event;
  onDidChangeRemotes = this.remotesEvents.event;
  onDidStartPull = this.pullStarted.event;
  onDidFinishPull = this.pullFinished.event;
  onDidStartCommit = this.commitStarted.event;
  onDidFinishCommit = this.commitFinished.event;
  onDidRenameBranch = this.renamed.event;
  onDidPreventCheckout = this.prevented.event;
  serverStatus = status('main');
  failure: Error | undefined;
  readonly calls: string[] = [];
  private release: (() => void) | undefined;
  hold = false;

  private async answer<T>(call: string, value: T): Promise<T> {
    this.calls.push(call);
    if (this.hold) await new Promise<void>((resolve) => (this.release = resolve));
    if (this.failure) throw this.failure;
    return value;
  }
  releaseHeld(): void {
    this.release?.();
  }
  status = () => this.answer('status', this.serverStatus);
  remotes = () => this.answer('remotes', { origin: 'https://example.com/o.git', upstream: '' });
  pull = () => this.answer('pull', undefined);
  commit = (message: string) => this.answer(`commit ${message}`, { shellId: 's1' });
  push = () => this.answer('push', undefined);
  discard = (paths?: string[]) => this.answer(`discard ${paths}`, { paths });
  renameBranch = (from: string, to: string) => this.answer(`rename ${from} ${to}`, undefined);
  targetDiff = () => this.answer('targetDiff', { ahead: 0, behind: 0, commits: [] });
  diffStatus = () => this.answer('diffStatus', []);
  remoteContent = () => this.answer('remoteContent', '');
  resetLocalWithRemote = () => this.answer('reset', undefined);
  checkoutInitialBranch = () => this.answer('checkoutInitialBranch', undefined);
}

function setUp() {
  const port = new FakeGit();
  const errors: string[] = [];
  const store = new GitStore(port, (m) => errors.push(m));
  return { port, store, errors };
}

const locked = () => new GitPortError('locked', 'Another git operation is in progress, try again later.', 400);

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
    expect(port.calls.sort()).toEqual(['remotes', 'status']);
    expect(store.branch).toBe('dev');
    expect(store.remotes?.origin).toBe('https://example.com/o.git');
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
    port.failure = locked();
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
    expect(port.calls).toEqual(['commit msg']);
    expect(store.commit).toEqual({ kind: 'RUNNING' });
    port.commitFinished.fire({ exitCode: 0 });
    expect(store.commit).toEqual({ kind: 'SUCCEEDED' });
    port.commitStarted.fire({ shellId: 's2', message: 'other' });
    port.commitFinished.fire({ exitCode: 1 });
    expect(store.commit.kind).toBe('FAILED');
  });

  it('shows a new branch name at once and keeps it when the rename succeeds', async () => {
    const { port, store } = setUp();
    port.statusEvents.fire(status('main'));
    port.hold = true;
    const renaming = store.renameBranch('feature');
    expect(store.branch).toBe('feature');
    expect(store.rename).toEqual({ kind: 'RENAMING', from: 'main', to: 'feature' });
    port.releaseHeld();
    await expect(renaming).resolves.toBe(true);
    expect(port.calls).toEqual(['rename main feature']);
    expect(store.branch).toBe('feature');
    expect(store.rename).toEqual({ kind: 'IDLE' });
  });

  it('reverts the name when the rename fails, with name-taken or "Cannot persist rename operation"', async () => {
    const { port, store, errors } = setUp();
    const failures: unknown[] = [];
    store.onDidFailRename((f) => failures.push(f));
    port.statusEvents.fire(status('main'));
    port.failure = new GitPortError('failed', 'name has already been taken', 1);
    await expect(store.renameBranch('taken')).resolves.toBe(false);
    expect(store.branch).toBe('main');
    port.failure = new GitPortError('failed', 'fatal: boom', 1);
    await store.renameBranch('other');
    expect(store.branch).toBe('main');
    expect(failures).toEqual([
      { kind: 'name-taken', message: 'name has already been taken' },
      { kind: 'rename-failed', message: 'Cannot persist rename operation' },
    ]);
    expect(errors).toEqual(['name has already been taken', 'Cannot persist rename operation']);
  });

  it('records a prevented checkout until the next status', () => {
    const { port, store } = setUp();
    port.prevented.fire({ branch: 'dev' });
    expect(store.checkoutPrevented).toBe('dev');
    port.statusEvents.fire(status('main'));
    expect(store.checkoutPrevented).toBeUndefined();
  });
});
