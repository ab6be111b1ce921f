import { Emitter } from '../../base/event';
import {
  GitCommitStarted,
  GitDiffFile,
  GitFailure,
  GitLineAtCommit,
  GitLinePosition,
  GitPort,
  GitPortError,
  GitRemotes,
  GitTargetDiff,
} from '../../application/ports/git.port';
import { PortError } from '../../application/ports/port-error';
import { GIT_OPERATION_IN_PROGRESS_TEXT } from '../../domain/git/git-operation';
import { GitStatus } from '../../domain/git/git-status';
import { PitcherErrorCode } from '../../protocol';
import { PitcherClient } from './pitcher-client';
import { mapRejection } from './wire-error';

const FAILURES: Partial<Record<number, GitFailure>> = {
  [PitcherErrorCode.GIT_OPERATION_IN_PROGRESS]: 'locked',
  [PitcherErrorCode.GIT_PULL_CONFLICT]: 'pull-conflict',
  [PitcherErrorCode.GIT_PULL_FAIL]: 'pull-failed',
  [PitcherErrorCode.GIT_PUSH_FAIL]: 'push-failed',
  [PitcherErrorCode.GIT_FETCH_FAIL]: 'fetch-failed',
  [PitcherErrorCode.GIT_REMOTE_FILE_NOT_FOUND]: 'remote-file-not-found',
  [PitcherErrorCode.GIT_TRANSPOSE_LINES_FAIL]: 'transpose-failed',
};

/** GIT_OPERATION_IN_PROGRESS always reads 'Another git operation is in progress, try again later.' (spec 002 §8). */
export function toGitError(error: PortError): GitPortError {
  const failure = (error.code !== undefined ? FAILURES[error.code] : undefined) ?? 'failed';
  return new GitPortError(failure, failure === 'locked' ? GIT_OPERATION_IN_PROGRESS_TEXT : error.message, error.code);
}

export class PitcherGit implements GitPort {
  private readonly statusEmitter = new Emitter<GitStatus>();
  private readonly remotesEmitter = new Emitter<GitRemotes>();
  private readonly pullStarted = new Emitter<void>();
  private readonly pullFinished = new Emitter<{ error?: string }>();
  private readonly commitStarted = new Emitter<GitCommitStarted>();
  private readonly commitFinished = new Emitter<{ exitCode: number }>();
  private readonly renamed = new Emitter<{ oldBranch: string; newBranch: string }>();
  private readonly checkoutPrevented = new Emitter<{ branch: string | null }>();
  readonly onDidChangeStatus = this.statusEmitter.event;
  readonly onDidChangeRemotes = this.remotesEmitter.event;
  readonly onDidStartPull = this.pullStarted.event;
  readonly onDidFinishPull = this.pullFinished.event;
  readonly onDidStartCommit = this.commitStarted.event;
  readonly onDidFinishCommit = this.commitFinished.event;
  readonly onDidRenameBranch = this.renamed.event;
  readonly onDidPreventCheckout = this.checkoutPrevented.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('git/status', (status) => this.statusEmitter.fire(status));
    client.onNotification('git/remotes', (remotes) => this.remotesEmitter.fire(remotes));
    client.onNotification('git/pullStarted', () => this.pullStarted.fire());
    client.onNotification('git/pullFinished', (p) => this.pullFinished.fire(p ? { error: p.error.message } : {}));
    client.onNotification('git/commitStarted', (p) => this.commitStarted.fire(p.paths ? { shellId: p.shellId, message: p.message, paths: p.paths } : { shellId: p.shellId, message: p.message }));
    client.onNotification('git/commitFinished', (p) => this.commitFinished.fire({ exitCode: p.exitCode }));
    client.onNotification('git/renameBranch', (p) => this.renamed.fire({ oldBranch: p.oldBranch, newBranch: p.newBranch }));
    client.onNotification('git/checkoutPrevented', (p) => this.checkoutPrevented.fire({ branch: p.branch }));
  }

  private call<T>(request: Promise<T>): Promise<T> {
    return mapRejection(request, toGitError);
  }

  status(): Promise<GitStatus> {
    return this.call(this.client.request('git/status', {}));
  }
  remotes(): Promise<GitRemotes> {
    return this.call(this.client.request('git/remotes', {}));
  }
  async pull(options: { branch?: string; force?: boolean } = {}): Promise<void> {
    await this.call(this.client.request('git/pull', options));
  }
  commit(message: string, options: { paths?: string[]; push?: boolean } = {}): Promise<{ shellId: string }> {
    return this.call(this.client.request('git/commit', { message, ...options }));
  }
  async push(): Promise<void> {
    await this.call(this.client.request('git/push', {}));
  }
  async pushToRemote(url: string, branch: string, options: { squashAllCommits?: boolean } = {}): Promise<void> {
    const params = options.squashAllCommits === undefined ? { url, branch } : { url, branch, squashAllCommits: options.squashAllCommits };
    await this.call(this.client.request('git/pushToRemote', params));
  }
  discard(paths?: string[]): Promise<{ paths?: string[] }> {
    return this.call(this.client.request('git/discard', paths ? { paths } : {}));
  }
  async renameBranch(oldBranch: string, newBranch: string): Promise<void> {
    await this.call(this.client.request('git/renameBranch', { oldBranch, newBranch }));
  }
  targetDiff(branch: string): Promise<GitTargetDiff> {
    return this.call(this.client.request('git/targetDiff', { branch }));
  }
  async diffStatus(base: string, head: string): Promise<GitDiffFile[]> {
    return (await this.call(this.client.request('git/diffStatus', { base, head }))).files;
  }
  async remoteContent(reference: string, path: string): Promise<string> {
    return (await this.call(this.client.request('git/remoteContent', { reference, path }))).content;
  }
  async resetLocalWithRemote(): Promise<void> {
    await this.call(this.client.request('git/resetLocalWithRemote', {}));
  }
  async checkoutInitialBranch(): Promise<void> {
    await this.call(this.client.request('git/checkoutInitialBranch', {}));
  }
  async transposeLines(lines: readonly GitLineAtCommit[]): Promise<Array<GitLinePosition | undefined>> {
    const params = lines.map(({ sha, path, line }) => ({ sha, path, line }));
    return (await this.call(this.client.request('git/transposeLines', params))).map((at) => (at ? { path: at.path, line: at.line } : undefined));
  }
}
