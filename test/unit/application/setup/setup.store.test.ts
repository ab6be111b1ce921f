import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { PortError } from '../../../../src/application/ports/port-error';
import { SetupPort, SetupProgress } from '../../../../src/application/ports/setup.port';
import { SetupStore } from '../../../../src/application/setup/setup.store';

const progress = (state: SetupProgress['state'], currentStepIndex = 0): SetupProgress => ({
  state,
  currentStepIndex,
  steps: [
    { name: 'Install', command: 'npm ci', shellId: 's1', finishStatus: state === 'FINISHED' ? 'SUCCEEDED' : null },
    { name: 'Build', command: 'npm run build', shellId: null, finishStatus: null },
  ],
});

class FakeSetup implements SetupPort {
  readonly events = new Emitter<SetupProgress>();
  onDidProgress = this.events.event;
  readonly calls: string[] = [];
  failure: Error | undefined;
  private async answer(call: string, value: SetupProgress): Promise<SetupProgress> {
    this.calls.push(call);
    if (this.failure) throw this.failure;
    return value;
  }
  get = () => this.answer('get', progress('IN_PROGRESS', 1));
  skip = (i: number) => this.answer(`skip ${i}`, progress('IN_PROGRESS', i + 1));
  skipAll = () => this.answer('skipAll', progress('FINISHED', 1));
  setStep = (i: number) => this.answer(`setStep ${i}`, progress('IN_PROGRESS', i));
  enable = () => this.answer('enable', progress('IDLE'));
  disable = () => this.answer('disable', progress('STOPPED'));
  init = () => this.answer('init', progress('IN_PROGRESS'));
}

describe('SetupStore', () => {
  it('follows setup/progress: IDLE → IN_PROGRESS → FINISHED', () => {
    const port = new FakeSetup();
    const store = new SetupStore(port, () => undefined);
    expect(store.state).toBeUndefined();
    for (const state of ['IDLE', 'IN_PROGRESS', 'FINISHED'] as const) {
      port.events.fire(progress(state));
      expect(store.state).toBe(state);
    }
    expect(store.currentStep?.name).toBe('Install');
  });

  it('resyncs with setup/get', async () => {
    const port = new FakeSetup();
    const store = new SetupStore(port, () => undefined);
    await store.resync();
    expect(store.currentStep?.name).toBe('Build');
  });

  it('skips, skips all and restarts from a step, taking the answered progress', async () => {
    const port = new FakeSetup();
    const store = new SetupStore(port, () => undefined);
    await store.skip(0);
    expect(store.progress?.currentStepIndex).toBe(1);
    await store.setStep(0);
    expect(store.progress?.currentStepIndex).toBe(0);
    await store.skipAll();
    expect(store.state).toBe('FINISHED');
    expect(port.calls).toEqual(['skip 0', 'setStep 0', 'skipAll']);
  });

  it('shows a failure and keeps the last progress', async () => {
    const port = new FakeSetup();
    const errors: string[] = [];
    const store = new SetupStore(port, (m) => errors.push(m));
    port.events.fire(progress('IDLE'));
    port.failure = new PortError('disconnected', 'Not able to send message in state RECONNECTING');
    await store.init();
    expect(store.state).toBe('IDLE');
    expect(errors).toEqual(['Not able to send message in state RECONNECTING']);
  });
});
