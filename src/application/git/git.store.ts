import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { Emitter, Event } from '../../base/event';
import { BRANCH_RENAME_IDLE, BranchRename, BranchRenameFailure, branchRenameFailure, branchRenamedNotice, shownBranchName } from '../../domain/git/branch-rename';
import { GIT_IDLE, GitOperationEvent, GitOperationState, gitOperationTransition } from '../../domain/git/git-operation';
import { GitItem, GitStatus } from '../../domain/git/git-status';
import { GIT_REFRESH_AFTER_RECONNECT_MS, ResyncCause, ResyncFamily } from '../../domain/connection/resync-order';
import { BranchRecordsPort } from '../ports/branch-records.port';
import { DomainError, Result, domainError, err, ok } from '../../base/result';
import { GitFailure, GitLineAtCommit, GitLinePosition, GitPort, GitPortError, GitRemotes } from '../ports/git.port';
import { NotifyError, NotifyInfo, OpenBranchId } from '../tokens';
import { ResyncParticipant } from '../workspace/resync-participant';

export type GitOperationName = 'pull' | 'commit' | 'push' | 'discard';

/** A changed file as the workbench lists it. */
export interface ChangedFile extends GitItem {
  /** Whether the file is gone from the working tree (the status's deletedFiles). */
  deleted: boolean;
}

/**
 * The repository as this client sees it: status and remotes (kept current by notifications), the pull and commit in
 * progress (spec 002 §4 "Git operations") and a branch rename shown optimistically ("Branch rename").
 */
@injectable()
export class GitStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'git';
  status: GitStatus | undefined = undefined;
  remotes: GitRemotes | undefined = undefined;
  pull: GitOperationState = GIT_IDLE;
  commit: GitOperationState = GIT_IDLE;
  /** This client's git/push (there are no push notifications). */
  push: GitOperationState = GIT_IDLE;
  rename: BranchRename = BRANCH_RENAME_IDLE;
  /** The branch a checkout was refused for (git/checkoutPrevented), until the next status. */
  checkoutPrevented: string | null | undefined = undefined;
  private readonly lockedEmitter = new Emitter<{ operation: GitOperationName; message: string }>();
  private readonly renameFailedEmitter = new Emitter<BranchRenameFailure>();
  /** GIT_OPERATION_IN_PROGRESS: the locked-error event (spec 002 §8). */
  readonly onDidLock: Event<{ operation: GitOperationName; message: string }> = this.lockedEmitter.event;
  /** A rename failed and was reverted: name-taken or the generic error. */
  readonly onDidFailRename: Event<BranchRenameFailure> = this.renameFailedEmitter.event;
  private refreshTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    @inject(GitPort) private readonly port: GitPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(BranchRecordsPort) private readonly branches: BranchRecordsPort,
    @inject(OpenBranchId) private readonly branchId: OpenBranchId,
    @inject(NotifyInfo) private readonly notifyInfo: NotifyInfo,
  ) {
    super();
    this.register(this.lockedEmitter);
    this.register(this.renameFailedEmitter);
    this.register(() => clearTimeout(this.refreshTimer));
    makeObservable<GitStore, 'pullEvent' | 'commitEvent' | 'pushEvent' | 'setRename'>(this, {
      status: observable.ref,
      remotes: observable.ref,
      pull: observable.ref,
      commit: observable.ref,
      push: observable.ref,
      rename: observable.ref,
      checkoutPrevented: observable,
      branch: computed,
      changedFiles: computed,
      conflictedPaths: computed,
      setStatus: action,
      setRemotes: action,
      pullEvent: action,
      commitEvent: action,
      pushEvent: action,
      setRename: action,
    });
    this.register(port.onDidChangeStatus((status) => this.setStatus(status)));
    this.register(port.onDidChangeRemotes((remotes) => this.setRemotes(remotes)));
    this.register(port.onDidStartPull(() => this.pullEvent({ type: 'started' })));
    this.register(port.onDidFinishPull(({ error }) => this.pullEvent(error === undefined ? { type: 'finished' } : { type: 'finished', error })));
    this.register(port.onDidStartCommit(() => this.commitEvent({ type: 'started' })));
    this.register(port.onDidFinishCommit(({ exitCode }) => this.commitEvent(exitCode === 0 ? { type: 'finished' } : { type: 'finished', error: `Commit failed with exit code ${exitCode}` })));
    this.register(port.onDidRenameBranch(({ newBranch }) => this.branchRenamed(newBranch)));
    this.register(port.onDidPreventCheckout(({ branch }) => runInAction(() => (this.checkoutPrevented = branch))));
  }

  /** The branch to show: the new name while a rename is in flight. */
  get branch(): string | null | undefined {
    return shownBranchName(this.status?.branch, this.rename);
  }

  get changedFiles(): ChangedFile[] {
    if (!this.status) return [];
    return [...Object.values(this.status.changedFiles).map((f) => ({ ...f, deleted: false })), ...this.status.deletedFiles.map((f) => ({ ...f, deleted: true }))].sort(
      (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
    );
  }

  /** Paths git reports unmerged (their conflict blocks can be accepted in the editor). */
  get conflictedPaths(): ReadonlySet<string> {
    return new Set(this.changedFiles.filter((f) => f.isConflicted).map((f) => f.path));
  }

  setStatus(status: GitStatus): void {
    this.status = status;
    this.checkoutPrevented = undefined;
  }

  setRemotes(remotes: GitRemotes): void {
    this.remotes = remotes;
  }

  /**
   * Reloads status and remotes. After a reconnect git status is asked again 1 s later (spec 002 §4, §9: "The git
   * refresh happens 1 s after reconnect"), so changes the workspace made while this client was away show.
   */
  async resync(cause?: ResyncCause): Promise<void> {
    try {
      const [status, remotes] = await Promise.all([this.port.status(), this.port.remotes()]);
      runInAction(() => {
        this.setStatus(status);
        this.setRemotes(remotes);
      });
    } finally {
      if (cause === 'reconnect') this.scheduleRefresh();
    }
  }

  private scheduleRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.port.status().then(
        (status) => this.setStatus(status),
        () => undefined, // lost again: the next join resyncs
      );
    }, GIT_REFRESH_AFTER_RECONNECT_MS);
  }

  async pullChanges(options: { branch?: string; force?: boolean } = {}): Promise<void> {
    this.pullEvent({ type: 'requested' });
    try {
      await this.port.pull(options);
      this.pullEvent({ type: 'succeeded' });
    } catch (error) {
      this.failed('pull', error, (event) => this.pullEvent(event));
    }
  }

  /**
   * Starts a commit: resolves true once the workspace took it (it then runs in a command shell; git/commitStarted and
   * git/commitFinished settle `commit`), false when it was refused.
   */
  async commitChanges(message: string, options: { paths?: string[]; push?: boolean } = {}): Promise<boolean> {
    this.commitEvent({ type: 'requested' });
    try {
      await this.port.commit(message, options);
      return true;
    } catch (error) {
      this.failed('commit', error, (event) => this.commitEvent(event));
      return false;
    }
  }

  /** git/push: to the upstream, or the same branch name on origin. */
  async pushChanges(): Promise<void> {
    this.pushEvent({ type: 'requested' });
    try {
      await this.port.push();
      this.pushEvent({ type: 'succeeded' });
    } catch (error) {
      this.failed('push', error, (event) => this.pushEvent(event));
    }
  }

  /**
   * git/pushToRemote: HEAD to a branch of any repository (publishing the workspace elsewhere; its remotes stay as
   * they are), the history squashed into one "Initial commit" when asked. Followed as `push` (there are no push
   * notifications); resolves whether it pushed.
   */
  async pushToRemote(url: string, branch: string, options: { squashAllCommits?: boolean } = {}): Promise<boolean> {
    this.pushEvent({ type: 'requested' });
    try {
      await this.port.pushToRemote(url, branch, options);
      this.pushEvent({ type: 'succeeded' });
      return true;
    } catch (error) {
      this.failed('push', error, (event) => this.pushEvent(event));
      return false;
    }
  }

  /**
   * git/transposeLines: where lines of files at commits (a comment made on a commit's line, a line a diff showed) are
   * in the working tree now, in the order asked; undefined for a line changed or deleted since. A read: it never
   * waits for the git lock, and a refusal is a value with git's text.
   */
  async transposeLines(lines: readonly GitLineAtCommit[]): Promise<Result<ReadonlyArray<GitLinePosition | undefined>, DomainError<GitFailure>>> {
    if (lines.length === 0) return ok([]);
    try {
      return ok(await this.port.transposeLines(lines));
    } catch (error) {
      return err(domainError(error instanceof GitPortError ? error.failure : 'failed', (error as Error).message));
    }
  }

  /** Resolves whether the files went back to HEAD. */
  async discard(paths?: string[]): Promise<boolean> {
    try {
      await this.port.discard(paths);
      return true;
    } catch (error) {
      this.failed('discard', error, () => undefined);
      return false;
    }
  }

  /**
   * Spec 002 §4 "Branch rename": the new name shows at once, the branch record's name is persisted through the
   * platform API (PATCH /beta/sandboxes/branches/{id}), then the git branch is renamed (git/renameBranch). On failure
   * the old name comes back (a persisted name too, when it was the git rename that failed) and onDidFailRename
   * reports name-taken or 'Cannot persist rename operation'.
   */
  async renameBranch(newBranch: string): Promise<boolean> {
    const from = this.status?.branch;
    if (!from || from === newBranch || this.rename.kind === 'RENAMING') return false;
    this.setRename({ kind: 'RENAMING', from, to: newBranch });
    const branchId = this.branchId();
    try {
      if (branchId === undefined) throw new Error('No branch record is open');
      await this.branches.rename(branchId, newBranch);
    } catch (error) {
      return this.renameFailed(error);
    }
    try {
      await this.port.renameBranch(from, newBranch);
    } catch (error) {
      await this.branches.rename(branchId, from).catch(() => undefined);
      return this.renameFailed(error);
    }
    runInAction(() => (this.rename = BRANCH_RENAME_IDLE));
    this.branchRenamed(newBranch);
    return true;
  }

  /** The branch has its new name (this client's rename, or git/renameBranch from another): shown, with a notice. */
  private branchRenamed(newBranch: string): void {
    runInAction(() => this.status && (this.status = { ...this.status, branch: newBranch }));
    this.notifyInfo(branchRenamedNotice(newBranch));
  }

  private renameFailed(error: unknown): false {
    this.setRename(BRANCH_RENAME_IDLE);
    const failure = branchRenameFailure((error as Error).message);
    this.renameFailedEmitter.fire(failure);
    this.notifyError(failure.message);
    return false;
  }

  private setRename(rename: BranchRename): void {
    this.rename = rename;
  }

  private pullEvent(event: GitOperationEvent): void {
    this.pull = gitOperationTransition(this.pull, event);
  }

  private commitEvent(event: GitOperationEvent): void {
    this.commit = gitOperationTransition(this.commit, event);
  }

  private pushEvent(event: GitOperationEvent): void {
    this.push = gitOperationTransition(this.push, event);
  }

  private failed(operation: GitOperationName, error: unknown, apply: (event: GitOperationEvent) => void): void {
    const message = (error as Error).message;
    if (error instanceof GitPortError && error.failure === 'locked') {
      apply({ type: 'locked' });
      this.lockedEmitter.fire({ operation, message });
    } else {
      apply({ type: 'failed', message });
    }
    this.notifyError(message);
  }
}
