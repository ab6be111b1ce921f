import { inject, injectable, optional } from 'inversify';
import { action, makeObservable, observable, reaction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { AUTOFETCH_FIRST_DELAY_MS, autofetchBranches } from '../../domain/git/autofetch';
import { AccessStore } from '../workspace/access.store';
import { GitPort } from '../ports/git.port';
import { WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { SettingsStore } from '../settings/settings.store';
import { NotifyError, WindowActive } from '../tokens';
import { GitStore } from './git.store';

/**
 * Git autofetch (spec 002 §9: on by default; VS Code's git.autofetch): AUTOFETCH_FIRST_DELAY_MS after the workbench
 * starts, then every `gitAutofetchPeriod` seconds, origin's copies of HEAD's upstream and of the default branch are
 * fetched (domain/git/autofetch.ts), so the source control view's "to pull" count is current. It fetches only while
 * the setting is on, the workspace is connected, this client may pull, and the window is in use (a tab in the
 * background does not fetch). Autofetch failures are silent, as in VS Code; `fetchNow` (Git: Fetch) reports them.
 */
@injectable()
export class GitAutofetch extends DisposableBase {
  /** A fetch of this client is under way. */
  fetching = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private started = false;

  constructor(
    @inject(GitStore) private readonly git: Pick<GitStore, 'status' | 'remotes'>,
    @inject(GitPort) private readonly port: Pick<GitPort, 'targetDiff'>,
    @inject(SettingsStore) private readonly settings: Pick<SettingsStore, 'settings'>,
    @inject(AccessStore) private readonly access: { readonly can: { readonly pull: boolean } },
    @inject(WorkspaceConnectionPort) private readonly connection: Pick<WorkspaceConnectionPort, 'status'>,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(WindowActive) @optional() private readonly windowActive: WindowActive = () => true,
  ) {
    super();
    makeObservable<GitAutofetch, 'setFetching'>(this, { fetching: observable, setFetching: action });
    // Turning autofetch on or changing its period starts the wait again.
    this.register(
      reaction(
        () => [settings.settings.gitAutofetch, settings.settings.gitAutofetchPeriod] as const,
        () => this.started && this.schedule(this.periodMs()),
      ),
    );
    this.register(() => {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.started = false;
    });
  }

  /** Starts the rounds (once). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.schedule(AUTOFETCH_FIRST_DELAY_MS);
  }

  /** Whether a fetch can run now: a repository with an origin, connected, and this client may pull. */
  get canFetch(): boolean {
    return this.branches().length > 0 && this.connection.status.kind === 'CONNECTED' && this.access.can.pull;
  }

  /** Git: Fetch, from the palette: fetches now; a failure is shown. Resolves false when nothing could be fetched. */
  fetchNow(): Promise<boolean> {
    return this.fetch(true);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.settings.settings.gitAutofetch) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.round();
    }, delayMs);
    // Outside a browser (tests, tools that build the container) the rounds do not keep the process alive.
    (this.timer as { unref?: () => void }).unref?.();
  }

  private async round(): Promise<void> {
    if (this.windowActive()) await this.fetch(false);
    if (this.started) this.schedule(this.periodMs());
  }

  private async fetch(reportFailure: boolean): Promise<boolean> {
    if (this.fetching || !this.canFetch) return false;
    this.setFetching(true);
    let failure: unknown;
    try {
      // Each branch is fetched even when another failed.
      for (const branch of this.branches()) await this.port.targetDiff(branch).catch((error: unknown) => (failure ??= error));
    } finally {
      this.setFetching(false);
    }
    if (failure === undefined) return true;
    if (reportFailure) this.notifyError(`Git fetch failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    return false;
  }

  private setFetching(fetching: boolean): void {
    this.fetching = fetching;
  }

  private branches(): string[] {
    return autofetchBranches(this.git.status, this.git.remotes?.origin);
  }

  private periodMs(): number {
    return this.settings.settings.gitAutofetchPeriod * 1000;
  }
}
