import { Emitter } from '../../../../base/event';
import { DisposableStore } from '../../../../base/lifecycle';
import {
  Setup,
  SetupTransition,
  disableSetup,
  enableSetup,
  initSetup,
  newSetup,
  setStep,
  skipAllSteps,
  skipStep,
  stepExited,
  stepFailedToStart,
  stepStarted,
  withSteps,
} from '../../../../domain/task/setup-progress';
import { TaskDefinition } from '../../../../domain/task/task-definition';
import { TaskError } from '../../../../domain/task/task.errors';
import { Result, ok } from '../../../../base/result';
import { SetupProgress } from '../../../../protocol';
import { WorkspaceContext } from '../workspace-context';

/**
 * Runs the setup steps (the setupTasks of tasks.json), each as a COMMAND shell, in order, by the rules of
 * domain/task/setup-progress; every change goes to every client as setup/progress.
 */
export class SetupRunner {
  private setup: Setup = newSetup([]);
  /** The steps of the configuration; a running setup takes them once it stops. */
  private configured: readonly TaskDefinition[] = [];
  private readonly subscriptions = new DisposableStore();
  private disposed = false;
  /** Numbers the steps started: a later start makes an earlier one that is still being prepared moot. */
  private runs = 0;
  private readonly finishEmitter = new Emitter<void>();
  /** Fires each time the setup reaches FINISHED. */
  readonly onDidFinish = this.finishEmitter.event;
  private readonly progressEmitter = new Emitter<SetupProgress>();
  /** Fires with every change of the progress (as setup/progress tells the clients; before onDidFinish). */
  readonly onDidChangeProgress = this.progressEmitter.event;

  constructor(private readonly ctx: WorkspaceContext) {
    this.subscriptions.add(ctx.shells.onDidExit(({ shellId, status }) => this.apply(stepExited(this.setup, shellId, status === 'FINISHED'))));
  }

  get progress(): SetupProgress {
    const { state, steps, currentStepIndex } = this.setup.progress;
    return { state, steps: steps.map((s) => ({ ...s })), currentStepIndex };
  }

  configure(steps: readonly TaskDefinition[]): void {
    this.configured = steps;
    this.apply(withSteps(this.setup, steps));
  }

  init(): SetupProgress {
    return this.apply(initSetup(this.setup));
  }

  skip(index: number, author: string): Result<SetupProgress, TaskError> {
    const t = skipStep(this.setup, index);
    return t.ok ? ok(this.apply(t.value, author)) : t;
  }

  skipAll(author: string): SetupProgress {
    return this.apply(skipAllSteps(this.setup), author);
  }

  setStep(index: number, author: string): Result<SetupProgress, TaskError> {
    const t = setStep(this.setup, index);
    return t.ok ? ok(this.apply(t.value, author)) : t;
  }

  enable(): SetupProgress {
    return this.apply(enableSetup(this.setup));
  }

  disable(author: string): SetupProgress {
    return this.apply(disableSetup(this.setup), author);
  }

  dispose(): void {
    this.disposed = true;
    this.subscriptions.dispose();
    this.finishEmitter.dispose();
    this.progressEmitter.dispose();
  }

  private apply(transition: SetupTransition, author = 'setup'): SetupProgress {
    const before = this.setup;
    this.setup = transition.setup;
    if (transition.stop !== undefined) this.ctx.shells.kill(transition.stop, author);
    if (this.setup.progress.state !== 'IN_PROGRESS' && before.progress.state === 'IN_PROGRESS') {
      // Steps configured while it ran apply now.
      this.setup = withSteps(this.setup, this.configured).setup;
    }
    this.forgetUnused(before);
    if (transition.run !== undefined) {
      const index = transition.run;
      this.start(index, ++this.runs).catch((error: Error) => this.ctx.log(`setup step ${index} could not start: ${error.message}`));
    }
    if (this.setup !== before) {
      this.ctx.broadcast('setup/progress', this.progress);
      this.progressEmitter.fire(this.progress);
    }
    if (this.setup.progress.state === 'FINISHED' && before.progress.state !== 'FINISHED') this.finishEmitter.fire();
    return this.progress;
  }

  /** Shells of steps that start over or no longer exist are dropped (killed if they still run). */
  private forgetUnused(before: Setup): void {
    const used = new Set(this.setup.progress.steps.map((s) => s.shellId));
    for (const step of before.progress.steps) {
      if (step.shellId !== null && !used.has(step.shellId)) this.ctx.shells.forget(step.shellId);
    }
  }

  private async start(index: number, run: number): Promise<void> {
    const step = this.setup.progress.steps[index];
    // Still the step to run: not disposed, and the setup did not move on while the shell was being prepared.
    const wanted = () => !this.disposed && run === this.runs && stepStarted(this.setup, index, '') !== undefined;
    if (!wanted()) return;
    const started = await this.ctx.shells.startCommand(step.name, step.command, wanted);
    if (!started.ok) {
      const failed = stepFailedToStart(this.setup, index);
      if (failed.setup === this.setup) return;
      this.ctx.log(`setup step ${index} (${step.command}) could not start: ${started.error.message}`);
      this.apply(failed);
      return;
    }
    const shellId = started.value.shellId;
    const next = stepStarted(this.setup, index, shellId);
    if (next === undefined) {
      // The setup moved on while the shell started.
      this.ctx.shells.forget(shellId);
      return;
    }
    this.apply({ setup: next });
  }
}
