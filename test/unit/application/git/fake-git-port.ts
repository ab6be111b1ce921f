import { Emitter } from '../../../../src/base/event';
import { GitCommitStarted, GitLineAtCommit, GitLinePosition, GitPort, GitPortError, GitRemotes } from '../../../../src/application/ports/git.port';
import { GitItem, GitStatus, emptyGitStatus } from '../../../../src/domain/git/git-status';

/** A changed file of a status: modified in the working tree unless told otherwise. */
export const item = (path: string, over: Partial<GitItem> = {}): GitItem => ({ path, index: '', workingTree: 'M', isStaged: false, isConflicted: false, ...over });

export function gitStatus(over: Partial<GitStatus> & { items?: GitItem[]; deleted?: GitItem[] } = {}): GitStatus {
  const { items = [], deleted = [], ...rest } = over;
  return { ...emptyGitStatus(), branch: 'main', head: 'c0ffee', ...rest, changedFiles: Object.fromEntries(items.map((i) => [i.path, i])), deletedFiles: deleted };
}

/**
 * A workspace's git, in memory: it answers with `serverStatus`, `serverRemotes` and the files `atHead`, records every
 * call, can hold answers until released and can fail one method (`failures`) or every method (`failure`).
 */
export class FakeGitPort implements GitPort {
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
  serverStatus = gitStatus();
  serverRemotes: GitRemotes = { origin: '', upstream: '' };
  /** File contents by `reference:path`. */
  readonly atHead = new Map<string, string>();
  /** A method's error, by method name. */
  readonly failures = new Map<string, Error>();
  /** Every method's error, for a method without its own in `failures`. */
  failure: Error | undefined;
  readonly calls: Array<{ method: string; args: unknown[] }> = [];
  private held: Array<() => void> = [];
  hold = false;

  private async answer<T>(method: string, args: unknown[], value: () => T): Promise<T> {
    this.calls.push({ method, args });
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const failure = this.failures.get(method) ?? this.failure;
    if (failure) throw failure;
    return value();
  }
  releaseHeld(): void {
    for (const release of this.held.splice(0)) release();
  }
  /** Sends a status notification (and answers it from now on). */
  notify(status: GitStatus): void {
    this.serverStatus = status;
    this.statusEvents.fire(status);
  }
  status = () => this.answer('status', [], () => this.serverStatus);
  remotes = () => this.answer('remotes', [], () => this.serverRemotes);
  pull = (options?: { branch?: string; force?: boolean }) => this.answer('pull', [options], () => undefined);
  commit = (message: string, options?: { paths?: string[]; push?: boolean }) => this.answer('commit', [message, options], () => ({ shellId: 'commit-shell' }));
  push = () => this.answer('push', [], () => undefined);
  discard = (paths?: string[]) => this.answer('discard', [paths], () => ({ paths }));
  renameBranch = (from: string, to: string) => this.answer('renameBranch', [from, to], () => undefined);
  targetDiff = (branch: string) => this.answer('targetDiff', [branch], () => ({ ahead: 0, behind: 0, commits: [] }));
  diffStatus = () => this.answer('diffStatus', [], () => []);
  remoteContent = (reference: string, path: string) =>
    this.answer('remoteContent', [reference, path], () => {
      const content = this.atHead.get(`${reference}:${path}`);
      if (content === undefined) throw new GitPortError('remote-file-not-found', `File ${path} not found at ${reference}`, 404);
      return content;
    });
  resetLocalWithRemote = () => this.answer('resetLocalWithRemote', [], () => undefined);
  checkoutInitialBranch = () => this.answer('checkoutInitialBranch', [], () => undefined);
  pushToRemote = (url: string, branch: string, options?: { squashAllCommits?: boolean }) => this.answer('pushToRemote', [url, branch, options], () => undefined);
  /** Where lines are now, by `sha:path:line`; a line not listed was changed since. */
  readonly moved = new Map<string, GitLinePosition>();
  transposeLines = (lines: readonly GitLineAtCommit[]) =>
    this.answer('transposeLines', [lines], () => lines.map(({ sha, path, line }) => this.moved.get(`${sha}:${path}:${line}`)));

  callsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }
}

export const lockedError = () => new GitPortError('locked', 'Another git operation is in progress, try again later.', 400);
