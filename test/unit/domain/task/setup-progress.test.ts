import {
  Setup,
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
} from '../../../../src/domain/task/setup-progress';
import { unwrap } from '../../../../src/base/result';

const steps = [
  { name: 'Install', command: 'npm i' },
  { name: 'Build', command: 'npm run build' },
  { name: 'Seed', command: 'npm run seed' },
];
const statuses = (s: Setup) => s.progress.steps.map((step) => step.finishStatus);

/** A setup started with setup/init whose step 0 runs in shell "s0". */
function running(): Setup {
  const init = initSetup(newSetup(steps));
  return stepStarted(init.setup, 0, 's0')!;
}

describe('setup progress', () => {
  it('starts IDLE with every step unfinished and no shell', () => {
    expect(newSetup(steps).progress).toEqual({
      state: 'IDLE',
      currentStepIndex: 0,
      steps: steps.map((s) => ({ ...s, shellId: null, finishStatus: null })),
    });
  });

  it('runs the steps in order: each success starts the next, the last one finishes the setup', () => {
    const init = initSetup(newSetup(steps));
    expect(init.run).toBe(0);
    expect(init.setup.progress.state).toBe('IN_PROGRESS');
    let setup = stepStarted(init.setup, 0, 's0')!;
    expect(setup.progress.steps[0].shellId).toBe('s0');
    let t = stepExited(setup, 's0', true);
    expect(t.run).toBe(1);
    expect(t.setup.progress.currentStepIndex).toBe(1);
    setup = stepStarted(t.setup, 1, 's1')!;
    t = stepExited(setup, 's1', true);
    setup = stepStarted(t.setup, 2, 's2')!;
    t = stepExited(setup, 's2', true);
    expect(t.run).toBeUndefined();
    expect(t.setup.progress.state).toBe('FINISHED');
    expect(statuses(t.setup)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
  });

  it('finishes at once without steps', () => {
    expect(initSetup(newSetup([])).setup.progress).toEqual({ state: 'FINISHED', steps: [], currentStepIndex: 0 });
  });

  it('stops on a failed step (STOPPED), and setup/init runs that step again', () => {
    const failed = stepExited(running(), 's0', false).setup;
    expect(failed.progress.state).toBe('STOPPED');
    expect(statuses(failed)).toEqual(['FAILED', null, null]);
    const again = initSetup(failed);
    expect(again.run).toBe(0);
    expect(again.setup.progress.steps[0]).toEqual({ name: 'Install', command: 'npm i', shellId: null, finishStatus: null });
  });

  it('fails a step whose shell could not start', () => {
    const init = initSetup(newSetup(steps)).setup;
    expect(stepFailedToStart(init, 0).setup.progress.state).toBe('STOPPED');
  });

  it('ignores the exit of a shell that is not the current step (a skipped or replaced one)', () => {
    const setup = running();
    expect(stepExited(setup, 'other', false).setup).toBe(setup);
  });

  it('refuses a started shell once the setup moved on', () => {
    const init = initSetup(newSetup(steps)).setup;
    const skipped = unwrap(skipStep(init, 0)).setup;
    expect(stepStarted(skipped, 0, 's0')).toBeUndefined();
  });

  it('skips the running step: its shell is stopped and the next step runs', () => {
    const t = unwrap(skipStep(running(), 0));
    expect(t.stop).toBe('s0');
    expect(t.run).toBe(1);
    expect(t.setup.progress.steps[0]).toMatchObject({ finishStatus: 'SKIPPED', shellId: 's0' });
    expect(t.setup.progress.currentStepIndex).toBe(1);
  });

  it('skips a later step: the run passes over it', () => {
    const skipped = unwrap(skipStep(running(), 1)).setup;
    const t = stepExited(skipped, 's0', true);
    expect(t.run).toBe(2);
    expect(statuses(t.setup)).toEqual(['SUCCEEDED', 'SKIPPED', null]);
  });

  it('skips the failed step of a stopped setup and goes on', () => {
    const failed = stepExited(running(), 's0', false).setup;
    const t = unwrap(skipStep(failed, 0));
    expect(t.run).toBe(1);
    expect(t.setup.progress.state).toBe('IN_PROGRESS');
  });

  it('skips every unfinished step (FINISHED), stopping the running one', () => {
    const first = stepExited(running(), 's0', true).setup;
    const setup = stepStarted(first, 1, 's1')!;
    const t = skipAllSteps(setup);
    expect(t.stop).toBe('s1');
    expect(t.setup.progress.state).toBe('FINISHED');
    expect(statuses(t.setup)).toEqual(['SUCCEEDED', 'SKIPPED', 'SKIPPED']);
  });

  it('restarts from a step (setup/setStep): that step and the later ones start over', () => {
    const done = skipAllSteps(running()).setup;
    const t = unwrap(setStep(done, 1));
    expect(t.run).toBe(1);
    expect(t.setup.progress).toMatchObject({ state: 'IN_PROGRESS', currentStepIndex: 1 });
    expect(statuses(t.setup)).toEqual(['SKIPPED', null, null]);
    expect(unwrap(setStep(running(), 0)).stop).toBe('s0');
  });

  it('names a step index that does not exist', () => {
    expect(skipStep(running(), 3)).toEqual({
      ok: false,
      error: { kind: 'step-not-found', message: 'Setup step 3 does not exist (there are 3 steps)' },
    });
    expect(setStep(newSetup([steps[0]]), 5)).toEqual({
      ok: false,
      error: { kind: 'step-not-found', message: 'Setup step 5 does not exist (there is 1 step)' },
    });
  });

  it('does not run while disabled: disable stops the running step, init does nothing until enabled', () => {
    const disabled = disableSetup(running());
    expect(disabled.stop).toBe('s0');
    expect(disabled.setup.progress.state).toBe('STOPPED');
    expect(initSetup(disabled.setup).setup).toBe(disabled.setup);
    expect(unwrap(setStep(disabled.setup, 0)).run).toBeUndefined();
    const enabled = enableSetup(disabled.setup).setup;
    expect(initSetup(enabled).run).toBe(0);
  });

  it('takes new steps from the configuration unless it is running', () => {
    const idle = newSetup(steps);
    expect(withSteps(idle, steps).setup).toBe(idle);
    expect(withSteps(idle, [steps[0]]).setup.progress.steps).toHaveLength(1);
    const busy = running();
    expect(withSteps(busy, [steps[0]]).setup).toBe(busy);
    const finished = skipAllSteps(busy).setup;
    expect(withSteps(finished, [steps[1]]).setup.progress).toMatchObject({ state: 'IDLE', steps: [{ name: 'Build', finishStatus: null }] });
    expect(withSteps(disableSetup(idle).setup, [steps[1]]).setup.enabled).toBe(false);
  });
});
