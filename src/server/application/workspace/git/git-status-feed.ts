import { GitStatus } from '../../../../domain/git/git-status';
import { RemoteUrls } from '../../../../domain/git/git-remotes';
import { GitOperationLock } from './git-lock';
import { GitState } from './git-status-reader';

/** Changes on disk are gathered this long (quiet time) before the status is read again… */
export const STATUS_QUIET_MS = 300;
/** …but never longer than this after the first of them. */
export const STATUS_MAX_DELAY_MS = 1_500;
/**
 * A change inside .git (a commit, checkout or `git add` in a terminal) is read after STATUS_QUIET_MS too, but each
 * read it caused in a row that found the status unchanged doubles that wait, up to this: whatever keeps touching
 * .git without changing the status (git rewriting its index on every `git status`) cannot drive a read loop.
 */
export const GIT_CHANGE_MAX_QUIET_MS = 3_000;
/** The doubling is forgotten after this long without a read caused by .git. */
export const GIT_CHANGE_BACKOFF_RESET_MS = 10_000;

export interface GitStatusFeedDeps {
  read(): Promise<GitState>;
  lock: GitOperationLock;
  /** Someone is connected (no one to tell: nothing is read). */
  hasClients(): boolean;
  publishStatus(status: GitStatus): void;
  publishRemotes(remotes: RemoteUrls): void;
  log(message: string): void;
}

/**
 * Keeps the clients' git status current. Reads are coalesced: never two at once; asking while one runs queues one
 * more read (shared by everyone who asked meanwhile), so every caller gets a status read after it asked. A read
 * waits while a git operation runs, so no status is taken half-way through a pull or a commit.
 * Changes on disk and inside .git are debounced (STATUS_QUIET_MS, at most STATUS_MAX_DELAY_MS; .git changes that
 * keep changing nothing back off, GIT_CHANGE_MAX_QUIET_MS) and announced only when the status changed; after a git
 * operation it is always announced. git/remotes is announced when the remotes changed.
 */
export class GitStatusFeed {
  private inFlight: Promise<GitState> | undefined;
  private next: Promise<GitState> | undefined;
  private latest: GitState | undefined;
  private announced: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstPoke = 0;
  /** The pending timer was set by a change inside .git only. */
  private pendingFromGit = false;
  /** Reads in a row caused by .git changes that found the status unchanged, and when the last of them ran. */
  private idleGitReads = 0;
  private lastGitRead = 0;
  private disposed = false;

  constructor(private readonly deps: GitStatusFeedDeps) {}

  /** git/status: a fresh status; while an operation runs, the last one read (taken before it began). */
  async current(): Promise<GitStatus> {
    if (this.deps.lock.busy && this.latest) return this.latest.status;
    return (await this.read()).status;
  }

  /** Files changed on disk: read again once they settle, announce if the status changed. */
  poke(): void {
    this.schedule(STATUS_QUIET_MS, false);
  }

  /**
   * Something the status depends on changed inside .git: read again once it settles (later after reads it caused
   * that changed nothing, see GIT_CHANGE_MAX_QUIET_MS), announce if the status changed.
   */
  gitChanged(): void {
    const now = Date.now();
    if (now - this.lastGitRead > GIT_CHANGE_BACKOFF_RESET_MS) this.idleGitReads = 0;
    // A read for changes on disk is already due: this one shares it.
    const diskReadDue = this.timer !== undefined && !this.pendingFromGit;
    this.schedule(diskReadDue ? STATUS_QUIET_MS : Math.min(GIT_CHANGE_MAX_QUIET_MS, STATUS_QUIET_MS * 2 ** this.idleGitReads), true);
  }

  /** A git operation ended: read now and announce. */
  async publish(): Promise<void> {
    await this.refresh(true);
  }

  /** Resolves when no status read is running (reads started later wait for the operation lock). */
  async idle(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  /** Reads `quietMs` after the last call (at most STATUS_MAX_DELAY_MS, or `quietMs` if longer, after the first). */
  private schedule(quietMs: number, fromGit: boolean): void {
    if (this.disposed) return;
    const now = Date.now();
    if (this.timer === undefined) {
      this.firstPoke = now;
      this.pendingFromGit = fromGit;
    } else {
      clearTimeout(this.timer);
      this.pendingFromGit &&= fromGit;
    }
    const wait = Math.max(0, Math.min(quietMs, this.firstPoke + Math.max(STATUS_MAX_DELAY_MS, quietMs) - now));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.deps.hasClients()) return;
      const fromGitOnly = this.pendingFromGit;
      void this.refresh(false).then((changed) => {
        if (!fromGitOnly) return;
        this.lastGitRead = Date.now();
        this.idleGitReads = changed ? 0 : Math.min(this.idleGitReads + 1, 16);
      });
    }, wait);
  }

  /** Reads; announces when `always` or when the status changed (resolves whether it changed). */
  private async refresh(always: boolean): Promise<boolean> {
    let state: GitState;
    try {
      state = await this.read();
    } catch (error) {
      // Disposed meanwhile: the workspace stopped its git processes, which is no failure.
      if (!this.disposed) this.deps.log(`git status failed: ${(error as Error).message}`);
      return false;
    }
    if (this.disposed) return false;
    const json = JSON.stringify(state.status);
    const changed = json !== this.announced;
    if (always || changed) {
      this.announced = json;
      this.deps.publishStatus(state.status);
    }
    return changed;
  }

  /** One read at a time; callers arriving during a read share the one queued after it. */
  private read(): Promise<GitState> {
    if (!this.inFlight) {
      this.inFlight = this.readOnce().finally(() => (this.inFlight = undefined));
      return this.inFlight;
    }
    this.next ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.read();
      });
    return this.next;
  }

  private async readOnce(): Promise<GitState> {
    await this.deps.lock.whenIdle();
    const previous = this.latest?.remotes;
    const state = await this.deps.read();
    this.latest = state;
    if (previous && !this.disposed && (previous.origin !== state.remotes.origin || previous.upstream !== state.remotes.upstream)) {
      this.deps.publishRemotes(state.remotes);
    }
    return state;
  }
}
