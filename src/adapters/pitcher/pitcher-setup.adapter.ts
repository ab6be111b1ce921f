import { Emitter } from '../../base/event';
import { SetupPort, SetupProgress } from '../../application/ports/setup.port';
import { SetupProgress as WireSetupProgress } from '../../protocol';
import { PitcherClient } from './pitcher-client';

const toProgress = (p: WireSetupProgress): SetupProgress => ({
  state: p.state,
  currentStepIndex: p.currentStepIndex,
  steps: p.steps.map((s) => ({ name: s.name, command: s.command, shellId: s.shellId ?? null, finishStatus: s.finishStatus ?? null })),
});

export class PitcherSetup implements SetupPort {
  private readonly progress = new Emitter<SetupProgress>();
  readonly onDidProgress = this.progress.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('setup/progress', (p) => this.progress.fire(toProgress(p)));
  }

  async get(): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/get', {}));
  }
  async skip(stepIndex: number): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/skip', { stepIndexToSkip: stepIndex }));
  }
  async skipAll(): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/skipAll', {}));
  }
  async setStep(stepIndex: number): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/setStep', { stepIndex }));
  }
  async enable(): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/enable', {}));
  }
  async disable(): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/disable', {}));
  }
  async init(): Promise<SetupProgress> {
    return toProgress(await this.client.request('setup/init', {}));
  }
}
