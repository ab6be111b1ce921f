import { GitStatus } from '../../../../domain/git/git-status';
import { RemoteUrls } from '../../../../domain/git/git-remotes';
import { GitOperationLock } from './git-lock';
import { GitState } from './git-status-reader';

/** Changes on disk are gathered this long (quiet time) before the status is read again… */
export const STATUS_QUIET_MS = 300;
/** …but never longer than this after the first of them. */
export const STATUS_MAX_DELAY_MS = 1_500;

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
 * Changes on disk are debounced (STATUS_QUIET_MS, at most STATUS_MAX_DELAY_MS) and announced only when the status
 * changed; after a git operation it is always announced. git/remotes is announced when the remotes changed.
 */
export class GitStatusFeed {
  private inFlight: Promise<GitState> | undefined;
  private next: Promise<GitState> | undefined;
  private latest: GitState | undefined;
  private announced: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firstPoke = 0;
  private disposed = false;

  constructor(private readonly deps: GitStatusFeedDeps) {}

  /** git/status: a fresh status; while an operation runs, the last one read (taken before it began). */
  async current(): Promise<GitStatus> {
    if (this.deps.lock.busy && this.latest) return this.latest.status;
    return (await this.read()).status;
  }

  /** Files changed on disk: read again once they settle, announce if the status changed. */
  poke(): void {
    if (this.disposed) return;
    const now = Date.now();
    if (this.timer === undefined) this.firstPoke = now;
    else clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(STATUS_QUIET_MS, this.firstPoke + STATUS_MAX_DELAY_MS - now));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.deps.hasClients()) void this.refresh(false);
    }, wait);
  }

  /** A git operation ended: read now and announce. */
  publish(): Promise<void> {
    return this.refresh(true);
  }

  /** Resolves when no status read is running (reads started later wait for the operation lock). */
  async idle(): Promise<void> {
    await this.inFlight?.catch(() => undefined);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private async refresh(always: boolean): Promise<void> {
    let state: GitState;
    try {
      state = await this.read();
    } catch (error) {
      this.deps.log(`git status failed: ${(error as Error).message}`);
      return;
    }
    if (this.disposed) return;
    const json = JSON.stringify(state.status);
    if (always || json !== this.announced) {
      this.announced = json;
      this.deps.publishStatus(state.status);
    }
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
