import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { SetupPort, SetupProgress, SetupStep } from '../ports/setup.port';
import { NotifyError } from '../tokens';
import { ResyncParticipant } from '../workspace/resync-participant';

/** The setup's progress (spec 002 §4: IDLE, IN_PROGRESS, FINISHED; steps can be skipped or restarted). */
@injectable()
export class SetupStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'setup';
  progress: SetupProgress | undefined = undefined;

  constructor(
    @inject(SetupPort) private readonly port: SetupPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    super();
    makeObservable(this, { progress: observable.ref, state: computed, currentStep: computed, setProgress: action });
    this.register(port.onDidProgress((p) => this.setProgress(p)));
  }

  get state(): SetupProgress['state'] | undefined {
    return this.progress?.state;
  }

  get currentStep(): SetupStep | undefined {
    return this.progress?.steps[this.progress.currentStepIndex];
  }

  setProgress(progress: SetupProgress): void {
    this.progress = progress;
  }

  async resync(): Promise<void> {
    this.setProgress(await this.port.get());
  }

  skip(stepIndex: number): Promise<void> {
    return this.apply(() => this.port.skip(stepIndex));
  }
  skipAll(): Promise<void> {
    return this.apply(() => this.port.skipAll());
  }
  /** Restarts the setup from a step. */
  setStep(stepIndex: number): Promise<void> {
    return this.apply(() => this.port.setStep(stepIndex));
  }
  enable(): Promise<void> {
    return this.apply(() => this.port.enable());
  }
  disable(): Promise<void> {
    return this.apply(() => this.port.disable());
  }
  init(): Promise<void> {
    return this.apply(() => this.port.init());
  }

  private async apply(request: () => Promise<SetupProgress>): Promise<void> {
    try {
      this.setProgress(await request());
    } catch (error) {
      this.notifyError((error as Error).message);
    }
  }
}
