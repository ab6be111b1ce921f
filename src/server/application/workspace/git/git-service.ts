import { Disposable, DisposableStore } from '../../../../base/lifecycle';
import { commitCommandLine } from '../../../../domain/git/commit-command';
import { GitStatus } from '../../../../domain/git/git-status';
import { RemoteUrls, parseRemoteUrls } from '../../../../domain/git/git-remotes';
import { normalizeWorkspacePath } from '../../../../domain/fs/workspace-path';
import { GitCommitParams, GitErrorInfo, PitcherErrorCode } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { checkoutInitialBranch, renameBranch } from './git-branches';
import { discard } from './git-discard';
import { LineAt, diffStatus, remoteContent, targetDiff, transposeLines } from './git-diffs';
import { RepositoryStart, ensureRepository } from './git-init';
import { GitMetadataWatch } from './git-metadata-watch';
import { GitOperationLock, Release } from './git-lock';
import { pull, resetLocalWithRemote } from './git-pull';
import { push, pushArguments, pushToRemote } from './git-push';
import { GitRunner } from './git-runner';
import { GitStatusFeed } from './git-status-feed';
import { GitReadError, readGitState } from './git-status-reader';

/** A commit shell that has not ended after this long is terminated (a hook waiting for input, say). */
export const COMMIT_TIMEOUT_MS = 10 * 60_000;

export interface GitServiceOptions {
  /** Watches `.git` for changes made outside the server (a commit in a terminal); absent: they are seen later. */
  metadata?: GitMetadataWatch;
  /** Called when the workspace is not a repository yet and one is being created (system/initStatus). */
  creatingRepository?: () => void;
}

/**
 * One workspace's git/* on the real git CLI (docs/protocol/git.md). At start the workspace becomes a repository with
 * an initial commit if it is not one. Operations that change the repository run one at a time (GitOperationLock),
 * never during a status read (so no status is torn and no two `git status` run at once); other reads run freely.
 * The status is announced to every client after each operation and after changes on disk, `.git` included
 * (GitStatusFeed, GitMetadataWatch).
 */
export class GitService implements Disposable {
  private readonly git: GitRunner;
  private readonly lock = new GitOperationLock();
  private readonly feed: GitStatusFeed;
  private readonly subscriptions = new DisposableStore();
  /** Resolves once the repository exists (or git turned out unusable). */
  readonly ready: Promise<void>;
  /** How the repository came to be (resolves with `ready`). */
  readonly started: Promise<RepositoryStart>;
  private disposed = false;
  private metadataArmed = false;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly options: GitServiceOptions = {},
  ) {
    this.git = new GitRunner(ctx);
    this.feed = new GitStatusFeed({
      read: () => readGitState(this.git, (path) => ctx.tree.findByPath(path)?.id),
      lock: this.lock,
      hasClients: () => !ctx.sessions()[Symbol.iterator]().next().done,
      publishStatus: (status) => ctx.broadcast('git/status', status),
      publishRemotes: (remotes) => ctx.broadcast('git/remotes', remotes),
      log: (message) => ctx.log(message),
    });
    // A workspace disposed while it starts stops git too: that is no failure worth a log line.
    const logUnlessStopped = (message: string) => this.git.isStopped || ctx.log(message);
    this.started = ensureRepository(this.git, logUnlessStopped, () => options.creatingRepository?.()).catch((error: Error) => {
      ctx.log(`git start-up failed: ${error.message}`);
      return { kind: 'unusable' as const, reason: `git start-up failed: ${error.message}` };
    });
    this.ready = this.started.then(() => this.watchMetadata(false));
    this.subscriptions.add(
      ctx.onDidChangeFiles((paths) => {
        // `.git` itself appeared, vanished or was replaced: its watches follow.
        if (paths.includes('.git')) void this.watchMetadata(true);
        if (paths.some((p) => p !== '.git' && !p.startsWith('.git/'))) this.feed.poke();
      }),
    );
    if (options.metadata) {
      this.subscriptions.add(options.metadata);
      this.subscriptions.add(options.metadata.onDidChange(() => this.feed.gitChanged()));
    }
  }

  async status(): Promise<HandlerResult<GitStatus>> {
    await this.ready;
    try {
      return done(await this.feed.current());
    } catch (error) {
      return fail(PitcherErrorCode.CRITICAL_ERROR, error instanceof GitReadError ? error.message : String(error));
    }
  }

  async remotes(): Promise<HandlerResult<RemoteUrls>> {
    await this.ready;
    const r = await this.git.run(['config', '-z', '--get-regexp', '^remote\\..*\\.url$']);
    return done(parseRemoteUrls(r.ok ? r.stdout : ''));
  }

  async diffStatus(base: string, head: string) {
    await this.ready;
    return diffStatus(this.git, base, head);
  }

  async targetDiff(branch: string) {
    await this.ready;
    return targetDiff(this.git, branch);
  }

  async remoteContent(reference: string, path: string) {
    await this.ready;
    return remoteContent(this.git, reference, path);
  }

  async transposeLines(lines: readonly LineAt[]) {
    await this.ready;
    return transposeLines(this.git, lines);
  }

  /** git/pull, announced with git/pullStarted and git/pullFinished (null, or the error). */
  pull(branch: string | undefined, force: boolean): Promise<HandlerResult<null>> {
    return this.operation('pull', async () => {
      this.ctx.broadcast('git/pullStarted', null);
      const result = await pull(this.git, branch, force);
      const error: GitErrorInfo | undefined = result.ok ? undefined : { code: result.error.code, message: result.error.message };
      this.ctx.broadcast('git/pullFinished', error ? { exitCode: 1, error } : null);
      return result;
    });
  }

  push(): Promise<HandlerResult<null>> {
    return this.operation('push', () => push(this.git));
  }

  pushToRemote(url: string, branch: string, squash: boolean): Promise<HandlerResult<null>> {
    return this.operation('pushToRemote', () => pushToRemote(this.git, url, branch, squash));
  }

  discard(paths: readonly string[] | undefined): Promise<HandlerResult<{ paths: string[] }>> {
    return this.operation('discard', async () => {
      const escaping = await this.escapingPath(paths);
      return escaping === undefined ? discard(this.git, paths) : fail(PitcherErrorCode.INVALID_PATH, `Invalid path: ${escaping}`);
    });
  }

  /** git/renameBranch, announced to every client. */
  renameBranch(oldBranch: string, newBranch: string): Promise<HandlerResult<null>> {
    return this.operation('renameBranch', async () => {
      const result = await renameBranch(this.git, oldBranch, newBranch);
      if (result.ok) this.ctx.broadcast('git/renameBranch', { oldBranch, newBranch });
      return result;
    });
  }

  /** git/resetLocalWithRemote; local changes in the way stop it, announced as git/checkoutPrevented. */
  resetLocalWithRemote(): Promise<HandlerResult<null>> {
    return this.operation('resetLocalWithRemote', () => resetLocalWithRemote(this.git, (branch) => this.checkoutPrevented(branch)));
  }

  /** git/checkoutInitialBranch; local changes in the way stop it, announced as git/checkoutPrevented. */
  checkoutInitialBranch(): Promise<HandlerResult<null>> {
    return this.operation('checkoutInitialBranch', () => checkoutInitialBranch(this.git, (branch) => this.checkoutPrevented(branch)));
  }

  /**
   * git/commit: runs in a command shell (its output is the shell's, any client may open it) and answers its shellId
   * at once; git/commitStarted goes to every client, git/commitFinished {exitCode: 0|1} when the shell ended. The
   * operation lock is held until then. During a merge the paths are ignored (a merge is committed whole).
   */
  async commit(session: ClientSession, params: GitCommitParams, answer: (result: HandlerResult<{ shellId: string }>) => void): Promise<HandlerResult<{ shellId: string }>> {
    const held = this.lock.acquire('commit');
    if (!held.ok) return held;
    const release = held.value;
    try {
      await this.ready;
      await this.feed.idle();
      const started = await this.startCommit(session, params, release);
      if (!started.ok) {
        this.finish(release);
        return started;
      }
      // The answer goes first: a client learns the shell id from it before git/commitStarted.
      answer(started);
      this.ctx.broadcast('git/commitStarted', { shellId: started.value.shellId, message: params.message, ...(params.paths ? { paths: params.paths } : {}) });
      return started;
    } catch (error) {
      this.finish(release);
      throw error;
    }
  }

  dispose(): void {
    void this.close();
  }

  /** Stops for good: no more status pushes, every running git process killed; resolves once they ended. */
  close(): Promise<void> {
    this.disposed = true;
    this.subscriptions.dispose();
    this.feed.dispose();
    return this.git.stop();
  }

  private async startCommit(session: ClientSession, params: GitCommitParams, release: Release): Promise<HandlerResult<{ shellId: string }>> {
    const paths: string[] = [];
    for (const p of params.paths ?? []) {
      const normalized = normalizeWorkspacePath(p);
      if (!normalized.ok || normalized.value === '') return fail(PitcherErrorCode.INVALID_PATH, `Invalid path: ${p}`);
      paths.push(normalized.value);
    }
    const escaping = await this.escapingPath(params.paths);
    if (escaping !== undefined) return fail(PitcherErrorCode.INVALID_PATH, `Invalid path: ${escaping}`);
    let pushArgs: string[] | undefined;
    if (params.push) {
      const planned = await pushArguments(this.git);
      if (!planned.ok) return planned;
      pushArgs = planned.value;
    }
    const merging = (await this.git.run(['rev-parse', '-q', '--verify', 'MERGE_HEAD'])).ok;
    const command = commitCommandLine({ message: params.message, paths: merging ? undefined : paths, push: pushArgs });
    const created = await this.ctx.shells.create(session, { command, type: 'COMMAND' });
    if (!created.ok) return created;
    const shellId = created.value.shellId;
    const timer = setTimeout(() => this.ctx.shells.terminate(session, shellId), COMMIT_TIMEOUT_MS);
    const exit = this.ctx.shells.onDidExit((ended) => {
      if (ended.shellId !== shellId) return;
      exit.dispose();
      clearTimeout(timer);
      const exitCode = ended.exitCode === 0 && ended.status === 'FINISHED' ? 0 : 1;
      this.ctx.broadcast('git/commitFinished', { exitCode });
      this.finish(release);
    });
    return done({ shellId });
  }

  /**
   * The first of `paths` that leads out of the workspace through a symlink (`link/x` where `link` points outside):
   * git/commit and git/discard refuse it as they refuse `..` above the root. A path that does not exist (a deleted
   * file to commit) is fine; `..` is left to the callers' own check.
   */
  private async escapingPath(paths: readonly string[] | undefined): Promise<string | undefined> {
    for (const p of paths ?? []) {
      const normalized = normalizeWorkspacePath(p);
      if (!normalized.ok || normalized.value === '') continue;
      const stat = await this.ctx.files.stat(normalized.value);
      if (!stat.ok && stat.error.code === 'EACCES') return p;
    }
    return undefined;
  }

  /** Runs an operation that changes the repository: alone, then the status goes to every client. */
  private async operation<T>(name: string, run: () => Promise<HandlerResult<T>>): Promise<HandlerResult<T>> {
    const held = this.lock.acquire(name);
    if (!held.ok) return held;
    try {
      await this.ready;
      await this.feed.idle();
      return await run();
    } finally {
      this.finish(held.value);
    }
  }

  /** Watches what `.git` holds now; `catchUp`: it was replaced, so what changed meanwhile is read too. */
  private async watchMetadata(catchUp: boolean): Promise<void> {
    if (this.disposed || !this.options.metadata) return;
    // Before the start-up's own arming (the repository being created), there is nothing to catch up with.
    if (catchUp && !this.metadataArmed) return;
    this.metadataArmed = true;
    await this.options.metadata.start().catch((error: Error) => this.ctx.log(`could not watch .git: ${error.message}`));
    if (catchUp) this.feed.gitChanged();
  }

  private checkoutPrevented(branch: string): void {
    this.ctx.broadcast('git/checkoutPrevented', { branch });
  }

  private finish(release: Release): void {
    release();
    if (!this.disposed) void this.feed.publish();
  }
}
