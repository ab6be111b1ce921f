import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { Emitter, Event } from '../../base/event';
import { BRANCH_RENAME_IDLE, BranchRename, BranchRenameFailure, branchRenameFailure, shownBranchName } from '../../domain/git/branch-rename';
import { GIT_IDLE, GitOperationEvent, GitOperationState, gitOperationTransition } from '../../domain/git/git-operation';
import { GitItem, GitStatus } from '../../domain/git/git-status';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { GitPort, GitPortError, GitRemotes } from '../ports/git.port';
import { NotifyError } from '../tokens';
import { ResyncParticipant } from '../workspace/resync-participant';

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
export class GitStore implements ResyncParticipant {
  readonly family: ResyncFamily = 'git';
  status: GitStatus | undefined = undefined;
  remotes: GitRemotes | undefined = undefined;
  pull: GitOperationState = GIT_IDLE;
  commit: GitOperationState = GIT_IDLE;
  rename: BranchRename = BRANCH_RENAME_IDLE;
  /** The branch a checkout was refused for (git/checkoutPrevented), until the next status. */
  checkoutPrevented: string | null | undefined = undefined;
  private readonly lockedEmitter = new Emitter<{ operation: 'pull' | 'commit' | 'discard'; message: string }>();
  private readonly renameFailedEmitter = new Emitter<BranchRenameFailure>();
  /** GIT_OPERATION_IN_PROGRESS: the locked-error event (spec 002 §8). */
  readonly onDidLock: Event<{ operation: 'pull' | 'commit' | 'discard'; message: string }> = this.lockedEmitter.event;
  /** A rename failed and was reverted: name-taken or the generic error. */
  readonly onDidFailRename: Event<BranchRenameFailure> = this.renameFailedEmitter.event;

  constructor(
    @inject(GitPort) private readonly port: GitPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable<GitStore, 'pullEvent' | 'commitEvent' | 'setRename'>(this, {
      status: observable.ref,
      remotes: observable.ref,
      pull: observable.ref,
      commit: observable.ref,
      rename: observable.ref,
      checkoutPrevented: observable,
      branch: computed,
      changedFiles: computed,
      setStatus: action,
      setRemotes: action,
      pullEvent: action,
      commitEvent: action,
      setRename: action,
    });
    port.onDidChangeStatus((status) => this.setStatus(status));
    port.onDidChangeRemotes((remotes) => this.setRemotes(remotes));
    port.onDidStartPull(() => this.pullEvent({ type: 'started' }));
    port.onDidFinishPull(({ error }) => this.pullEvent(error === undefined ? { type: 'finished' } : { type: 'finished', error }));
    port.onDidStartCommit(() => this.commitEvent({ type: 'started' }));
    port.onDidFinishCommit(({ exitCode }) => this.commitEvent(exitCode === 0 ? { type: 'finished' } : { type: 'finished', error: `Commit failed with exit code ${exitCode}` }));
    port.onDidRenameBranch(({ newBranch }) => runInAction(() => this.status && (this.status = { ...this.status, branch: newBranch })));
    port.onDidPreventCheckout(({ branch }) => runInAction(() => (this.checkoutPrevented = branch)));
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

  setStatus(status: GitStatus): void {
    this.status = status;
    this.checkoutPrevented = undefined;
  }

  setRemotes(remotes: GitRemotes): void {
    this.remotes = remotes;
  }

  /** Reloads status and remotes (after a reconnect: spec 002 §4). */
  async resync(): Promise<void> {
    const [status, remotes] = await Promise.all([this.port.status(), this.port.remotes()]);
    runInAction(() => {
      this.setStatus(status);
      this.setRemotes(remotes);
    });
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

  async commitChanges(message: string, options: { paths?: string[]; push?: boolean } = {}): Promise<void> {
    this.commitEvent({ type: 'requested' });
    try {
      await this.port.commit(message, options);
    } catch (error) {
      this.failed('commit', error, (event) => this.commitEvent(event));
    }
  }

  async discard(paths?: string[]): Promise<void> {
    try {
      await this.port.discard(paths);
    } catch (error) {
      this.failed('discard', error, () => undefined);
    }
  }

  /**
   * Spec 002 §4 "Branch rename": the new name shows at once; the rename is carried out; on failure the old name comes
   * back and onDidFailRename reports name-taken or 'Cannot persist rename operation'.
   */
  async renameBranch(newBranch: string): Promise<boolean> {
    const from = this.status?.branch;
    if (!from || from === newBranch || this.rename.kind === 'RENAMING') return false;
    this.setRename({ kind: 'RENAMING', from, to: newBranch });
    try {
      await this.port.renameBranch(from, newBranch);
      runInAction(() => {
        if (this.status) this.status = { ...this.status, branch: newBranch };
        this.rename = BRANCH_RENAME_IDLE;
      });
      return true;
    } catch (error) {
      this.setRename(BRANCH_RENAME_IDLE);
      const failure = branchRenameFailure((error as Error).message);
      this.renameFailedEmitter.fire(failure);
      this.notifyError(failure.message);
      return false;
    }
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

  private failed(operation: 'pull' | 'commit' | 'discard', error: unknown, apply: (event: GitOperationEvent) => void): void {
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
