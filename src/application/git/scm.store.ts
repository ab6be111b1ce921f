import { inject, injectable, optional } from 'inversify';
import { action, comparer, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { gitErrors } from '../../domain/git/git.errors';
import { hasRemote } from '../../domain/git/git-remotes';
import { isStatusCut } from '../../domain/git/git-status';
import { isValidBranchName } from '../../domain/git/ref-names';
import {
  EMPTY_SELECTION,
  ScmGroups,
  StagedSelection,
  commitPaths,
  commitRefusal,
  discardQuestion,
  followStatus,
  scmGroups,
  setStaged,
} from '../../domain/git/scm-groups';
import { DEFAULT_EDITOR_SETTINGS } from '../../domain/settings/editor-settings';
import { SettingsStore } from '../settings/settings.store';
import { AccessStore } from '../workspace/access.store';
import { GitStore } from './git.store';

/** A discard waiting for the user's yes: `paths` undefined means every change. */
export interface DiscardPrompt {
  readonly paths?: readonly string[];
  readonly question: string;
}

/** The branch name in the view: shown, or being edited inline. */
export type BranchEdit = { readonly kind: 'SHOWN' } | { readonly kind: 'EDITING' };

/**
 * The source control view's state and use cases: the commit message, the files chosen for the next commit
 * (domain/git/scm-groups.ts explains "staging" without index operations), the discard confirmation and the inline
 * branch rename. The repository itself is GitStore's. Commit, pull, push, discard and the branch rename follow this
 * client's current permissions (git.commit, git.pull, git.push, git.discard, git.renameBranch): without one its
 * affordances are not offered, and a discard question or a branch name being typed when it goes away closes.
 */
@injectable()
export class ScmStore extends DisposableBase {
  message = '';
  /** The message box has focus: Ctrl/Cmd+Enter commits (the 'git.commit' action's precondition). */
  messageFocused = false;
  selection: StagedSelection = EMPTY_SELECTION;
  /** Why the last commit could not start (no message, nothing to commit). */
  commitError: string | undefined = undefined;
  discardPrompt: DiscardPrompt | undefined = undefined;
  branchEdit: BranchEdit = { kind: 'SHOWN' };
  /** Why the last rename failed or was refused (name taken, 'Cannot persist rename operation', invalid name). */
  renameError: string | undefined = undefined;
  /** A commit of this client is under way: its success clears the message and the selection. */
  private ownCommit = false;

  constructor(
    @inject(GitStore) private readonly git: GitStore,
    @inject(AccessStore) private readonly access: AccessStore,
    @inject(SettingsStore) @optional() private readonly settings?: Pick<SettingsStore, 'settings'>,
  ) {
    super();
    makeObservable<ScmStore, 'setSelection' | 'accessLost'>(this, {
      canCommit: computed,
      hasRemote: computed,
      canPull: computed,
      canPush: computed,
      syncCounts: computed({ equals: comparer.structural }),
      canDiscard: computed,
      canRenameBranch: computed,
      isSyncing: computed,
      isListCut: computed,
      accessLost: action,
      message: observable,
      messageFocused: observable,
      selection: observable.ref,
      commitError: observable,
      discardPrompt: observable.ref,
      branchEdit: observable.ref,
      renameError: observable,
      groups: computed,
      setMessage: action,
      setMessageFocused: action,
      stage: action,
      unstage: action,
      stageAll: action,
      unstageAll: action,
      requestDiscard: action,
      cancelDiscard: action,
      startBranchRename: action,
      cancelBranchRename: action,
      setSelection: action,
    });
    this.register(
      reaction(
        () => git.changedFiles,
        (files) => this.setSelection(followStatus(this.selection, files)),
        { fireImmediately: true },
      ),
    );
    this.register(
      reaction(
        () => git.commit,
        (state) => {
          if (state.kind === 'RUNNING' || !this.ownCommit) return;
          this.ownCommit = false;
          if (state.kind === 'SUCCEEDED') runInAction(() => (this.message = ''));
        },
      ),
    );
    this.register(git.onDidFailRename((failure) => runInAction(() => (this.renameError = failure.message))));
    this.register(
      reaction(
        () => [this.canDiscard, this.canRenameBranch] as const,
        ([canDiscard, canRename]) => this.accessLost(!canDiscard, !canRename),
      ),
    );
  }

  /** Commit (and choosing the files for it) is offered. */
  get canCommit(): boolean {
    return this.access.can.commit;
  }

  /** The repository has a remote (domain/git/git-remotes.ts): pull, push and their counts need one. */
  get hasRemote(): boolean {
    return hasRemote(this.git.remotes, this.git.status?.remote.branch);
  }

  get canPull(): boolean {
    return this.access.can.pull && this.hasRemote;
  }

  get canPush(): boolean {
    return this.access.can.push && this.hasRemote;
  }

  /** The commits to pull (behind) and to push (ahead), once there is a remote and something to pull or push. */
  get syncCounts(): { ahead: number; behind: number } | undefined {
    const remote = this.git.status?.remote;
    if (!remote || !this.hasRemote || (remote.ahead === 0 && remote.behind === 0)) return undefined;
    return { ahead: remote.ahead, behind: remote.behind };
  }

  get canDiscard(): boolean {
    return this.access.can.discard;
  }

  get canRenameBranch(): boolean {
    return this.access.can.renameBranch;
  }

  /** A pull or push of this client is under way: the view's pull and push wait for it. */
  /** The workspace has more changes than a status lists (MAX_STATUS_CHANGES): the groups show the first ones. */
  get isListCut(): boolean {
    const status = this.git.status;
    return status !== undefined && isStatusCut(status);
  }

  get isSyncing(): boolean {
    return this.git.pull.kind === 'RUNNING' || this.git.push.kind === 'RUNNING';
  }

  private accessLost(discard: boolean, rename: boolean): void {
    if (discard) this.discardPrompt = undefined;
    if (rename) this.branchEdit = { kind: 'SHOWN' };
  }

  get groups(): ScmGroups {
    return scmGroups(this.git.changedFiles, this.selection.staged);
  }

  setMessage(message: string): void {
    this.message = message;
    if (message.trim() !== '') this.commitError = undefined;
  }

  setMessageFocused(focused: boolean): void {
    this.messageFocused = focused;
  }

  stage(...paths: string[]): void {
    this.selection = setStaged(this.selection, this.git.changedFiles, paths, true);
  }

  unstage(...paths: string[]): void {
    this.selection = setStaged(this.selection, this.git.changedFiles, paths, false);
  }

  stageAll(): void {
    this.stage(...this.git.changedFiles.map((f) => f.path));
  }

  unstageAll(): void {
    this.unstage(...this.selection.staged);
  }

  /** Commits the chosen files with the message; with none chosen, every change (smart commit, the default). */
  async commit(): Promise<void> {
    if (!this.canCommit) return;
    const message = this.message.trim();
    const isMerging = this.git.status?.isMerging ?? false;
    const smartCommit = (this.settings?.settings ?? DEFAULT_EDITOR_SETTINGS).gitSmartCommit;
    const refusal = commitRefusal({ message, changes: this.git.changedFiles.length, staged: this.groups.staged.length, isMerging, smartCommit });
    runInAction(() => (this.commitError = refusal));
    if (refusal) return;
    const paths = commitPaths(this.groups, isMerging);
    this.ownCommit = true;
    const started = await this.git.commitChanges(message, paths ? { paths } : {});
    if (!started) this.ownCommit = false;
  }

  async pull(): Promise<void> {
    if (this.canPull) await this.git.pullChanges();
  }

  async push(): Promise<void> {
    if (this.canPush) await this.git.pushChanges();
  }

  /** Asks before discarding: the given paths, or every change. */
  requestDiscard(paths?: readonly string[]): void {
    if (!this.canDiscard) return;
    if (paths !== undefined && paths.length === 0) return;
    if (paths === undefined && this.git.changedFiles.length === 0) return;
    this.discardPrompt = { ...(paths ? { paths: [...paths] } : {}), question: discardQuestion(paths) };
  }

  cancelDiscard(): void {
    this.discardPrompt = undefined;
  }

  async confirmDiscard(): Promise<boolean> {
    const prompt = this.discardPrompt;
    if (!prompt || !this.canDiscard) return false;
    runInAction(() => (this.discardPrompt = undefined));
    return this.git.discard(prompt.paths ? [...prompt.paths] : undefined);
  }

  startBranchRename(): void {
    if (!this.git.status?.branch || !this.canRenameBranch) return;
    this.branchEdit = { kind: 'EDITING' };
    this.renameError = undefined;
  }

  cancelBranchRename(): void {
    this.branchEdit = { kind: 'SHOWN' };
  }

  /**
   * Renames the branch (spec 002 §4 "Branch rename", GitStore.renameBranch): the new name shows at once and comes
   * back to the old one on failure. An invalid name is refused here and the input stays open.
   */
  async renameBranch(name: string): Promise<boolean> {
    if (!this.canRenameBranch) return false;
    const newName = name.trim();
    if (newName === '' || newName === this.git.status?.branch) {
      this.cancelBranchRename();
      return false;
    }
    if (!isValidBranchName(newName)) {
      runInAction(() => (this.renameError = gitErrors.invalidBranchName(newName)));
      return false;
    }
    runInAction(() => {
      this.branchEdit = { kind: 'SHOWN' };
      this.renameError = undefined;
    });
    return this.git.renameBranch(newName);
  }

  private setSelection(selection: StagedSelection): void {
    this.selection = selection;
  }
}
