import { Event } from '../../../../base/event';
import { DisposableStore } from '../../../../base/lifecycle';
import { SystemInitStatus } from '../../../../protocol';
import { ShellExit } from '../shell-hub';
import { InstallStep, installStatusOf } from './container-install-status';
import { monotonic } from './startup-progress';

/** While the Dev Container task runs, its output so far is sent at most this often (when it grew). */
export const INSTALL_OUTPUT_INTERVAL_MS = 1_000;

export interface InstallSources {
  /** To every joined client. */
  publish(status: SystemInitStatus): void;
  /** A shell's output so far (undefined when it is gone). */
  output(shellId: string): string | undefined;
  /** Fires when a shell's process ended. */
  onDidExit: Event<ShellExit>;
}

/**
 * One dev container installation told to the clients as system/initStatus: 'Ensuring that Dev Container is ready...',
 * then 'Installing Dev Container...' with the Dev Container task's output while it runs, then how it ended. Progress
 * never goes back within one installation; a new container/setup starts a new one (from 0).
 */
export class ContainerInstall {
  private latest: SystemInitStatus | undefined;
  private over = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly subscriptions = new DisposableStore();

  constructor(
    /** How many lifecycle commands the task runs. */
    private readonly commands: number,
    private readonly sources: InstallSources,
  ) {}

  get isDisposed(): boolean {
    return this.over;
  }

  /** The latest status while the installation runs; undefined once it ended. */
  get current(): SystemInitStatus | undefined {
    return this.over ? undefined : this.latest;
  }

  ensuring(): void {
    this.report({ kind: 'ensuring' });
  }

  /** The file could not be written or the task could not start: the installation ends with the reason. */
  notStarted(reason: string): void {
    this.report({ kind: 'not-started', reason });
  }

  /** Follows the Dev Container task's shell until it exits. `missing`: the tools the workspace lacks. */
  follow(shellId: string, missing: readonly string[]): void {
    let sent = -1;
    const progress = () => {
      const output = this.sources.output(shellId) ?? '';
      if (output.length === sent) return;
      sent = output.length;
      this.report({ kind: 'installing', commands: this.commands, output });
    };
    progress();
    this.timer = setInterval(progress, INSTALL_OUTPUT_INTERVAL_MS);
    this.subscriptions.add(
      this.sources.onDidExit((exit) => {
        if (exit.shellId !== shellId) return;
        const output = this.sources.output(shellId) ?? '';
        if (exit.status === 'KILLED') this.report({ kind: 'stopped', output });
        else if (exit.exitCode === 0) this.report({ kind: 'ready', output });
        else this.report({ kind: 'failed', exitCode: exit.exitCode, missing, output });
      }),
    );
  }

  dispose(): void {
    this.over = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.subscriptions.dispose();
  }

  private report(step: InstallStep): void {
    if (this.over) return;
    this.latest = monotonic(this.latest, installStatusOf(step));
    const ended = step.kind === 'ready' || step.kind === 'failed' || step.kind === 'stopped' || step.kind === 'not-started';
    if (ended) this.dispose();
    this.sources.publish(this.latest);
  }
}
