import { Event } from '../../../../base/event';
import { DisposableStore } from '../../../../base/lifecycle';
import { SetupProgress, SystemInitStatus } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { RepositoryStart } from '../git/git-init';
import { AtStartRun } from '../task/task-service';
import { StartupStep, endsStartup, initStatusOf, monotonic } from './startup-progress';

/** While a setup step runs during start-up, its output so far is sent at most this often (when it grew). */
export const STARTUP_OUTPUT_INTERVAL_MS = 1_000;

export interface StartupSources {
  /** How the git repository came to be. */
  git: Promise<RepositoryStart>;
  /** The setup's progress and its changes. */
  setup: { readonly progress: SetupProgress; readonly onDidChangeProgress: Event<SetupProgress> };
  /** Fires when the tasks that run at start are started (each time the setup finished; the start-up ends at the first). */
  onDidRunAtStart: Event<AtStartRun>;
  /** A setup step's shell: its output so far and exit code. */
  shellOutput(shellId: string): { output: string; exitCode: number | undefined } | undefined;
  /** To every joined client. */
  publish(status: SystemInitStatus): void;
}

/**
 * A workspace's start-up told to its clients as system/initStatus (docs/protocol/system.md "Start-up"): the git
 * repository, each setup step (its output as `stdout`, `isError` when it fails), the tasks that run at start, then
 * ready at 100. Progress never goes back. A client joining while the start-up runs gets the latest status at once.
 */
export class WorkspaceStartup {
  private latest: SystemInitStatus | undefined;
  private over = false;
  private gitDone = false;
  /** The setup step whose output is being followed, and how much of it was sent. */
  private following: { index: number; shellId: string; sentLength: number } | undefined;
  private outputTimer: ReturnType<typeof setInterval> | undefined;
  private readonly subscriptions = new DisposableStore();

  constructor(private readonly sources: StartupSources) {
    this.report({ kind: 'starting' });
    this.subscriptions.add(sources.setup.onDidChangeProgress((progress) => this.setupChanged(progress)));
    this.subscriptions.add(sources.onDidRunAtStart((run) => this.atStart(run)));
    void sources.git.then((start) => {
      this.gitDone = true;
      if (start.kind === 'unusable') this.report({ kind: 'repository-unusable', reason: start.reason });
    });
  }

  /** The repository is being created (git init and the initial commit). */
  creatingRepository(): void {
    if (!this.gitDone) this.report({ kind: 'creating-repository' });
  }

  get inProgress(): boolean {
    return !this.over;
  }

  /** The latest status, while the start-up runs. */
  get current(): SystemInitStatus | undefined {
    return this.over ? undefined : this.latest;
  }

  /** A client joined: while the start-up runs, it is told where it stands. */
  welcome(session: ClientSession): void {
    const current = this.current;
    if (current) session.notify('system/initStatus', current);
  }

  dispose(): void {
    this.over = true;
    this.stopFollowing();
    this.subscriptions.dispose();
  }

  private report(step: StartupStep): void {
    if (this.over) return;
    this.latest = monotonic(this.latest, initStatusOf(step));
    if (endsStartup(step)) this.dispose();
    this.sources.publish(this.latest);
  }

  private setupChanged(progress: SetupProgress): void {
    if (this.over) return;
    const count = progress.steps.length;
    const followed = this.following;
    // The step being followed ended (or the setup moved past it): its outcome with its whole output.
    if (followed) {
      const step = progress.steps[followed.index];
      const outcome = step?.shellId === followed.shellId ? step.finishStatus : 'SKIPPED';
      if (outcome !== null || progress.currentStepIndex !== followed.index) {
        this.stopFollowing();
        const shell = this.sources.shellOutput(followed.shellId);
        const name = step?.name ?? '';
        if (outcome === 'SUCCEEDED') this.report({ kind: 'setup-succeeded', index: followed.index, count, name, stdout: shell?.output });
        if (outcome === 'FAILED') return this.report({ kind: 'setup-failed', index: followed.index, count, name, exitCode: shell?.exitCode, stdout: shell?.output });
      }
    }
    if (progress.state === 'STOPPED') {
      const failed = progress.steps.findIndex((s) => s.finishStatus === 'FAILED');
      if (failed >= 0) {
        const shellId = progress.steps[failed].shellId;
        const shell = shellId === null ? undefined : this.sources.shellOutput(shellId);
        this.report({ kind: 'setup-failed', index: failed, count, name: progress.steps[failed].name, exitCode: shell?.exitCode, stdout: shell?.output });
      } else {
        this.report({ kind: 'setup-stopped' });
      }
      return;
    }
    if (progress.state !== 'IN_PROGRESS') return;
    const index = progress.currentStepIndex;
    const step = progress.steps[index];
    if (!step || step.finishStatus !== null) return;
    if (step.shellId === null) {
      this.report({ kind: 'setup-running', index, count, name: step.name });
    } else if (this.following?.shellId !== step.shellId) {
      this.follow(index, step.shellId, count, step.name);
    }
  }

  /** Sends the step's output as it grows, at most every STARTUP_OUTPUT_INTERVAL_MS. */
  private follow(index: number, shellId: string, count: number, name: string): void {
    this.stopFollowing();
    this.following = { index, shellId, sentLength: 0 };
    this.outputTimer = setInterval(() => {
      const followed = this.following;
      const shell = followed && this.sources.shellOutput(followed.shellId);
      if (!followed || !shell || shell.output.length === followed.sentLength) return;
      followed.sentLength = shell.output.length;
      this.report({ kind: 'setup-running', index, count, name, stdout: shell.output });
    }, STARTUP_OUTPUT_INTERVAL_MS);
  }

  private stopFollowing(): void {
    clearInterval(this.outputTimer);
    this.outputTimer = undefined;
    this.following = undefined;
  }

  private atStart(run: AtStartRun): void {
    if (this.over) return;
    if (run.names.length === 0) return this.report({ kind: 'ready' });
    this.report({ kind: 'tasks-starting', names: run.names });
    void run.started.then(() => this.report({ kind: 'ready' }));
  }
}
