import { taskControls, taskStatusLabel } from '../../../../src/domain/task/task-controls';
import { canSkipStep, setupStepView, setupSummary } from '../../../../src/domain/task/setup-step-view';
import { SetupProgress } from '../../../../src/domain/task/setup-progress';

describe('task controls (spec 002 §4)', () => {
  it('offers run unless it runs, stop and restart while it runs, and the output once it has a shell', () => {
    expect(taskControls(undefined, false)).toEqual({ run: true, stop: false, restart: false, output: false });
    expect(taskControls('RUNNING', true)).toEqual({ run: false, stop: true, restart: true, output: true });
    expect(taskControls('KILLED', true)).toEqual({ run: true, stop: false, restart: false, output: true });
  });

  it('shows the status with the exit code once it ended', () => {
    expect(taskStatusLabel(undefined, undefined)).toBe('NOT STARTED');
    expect(taskStatusLabel('RUNNING', undefined)).toBe('RUNNING');
    expect(taskStatusLabel('FINISHED', 0)).toBe('FINISHED (exit code 0)');
    expect(taskStatusLabel('ERROR', 1)).toBe('ERROR (exit code 1)');
    expect(taskStatusLabel('KILLED', undefined)).toBe('KILLED');
  });
});

describe('setup step view', () => {
  const progress = (state: SetupProgress['state'], currentStepIndex: number, statuses: Array<'SUCCEEDED' | 'FAILED' | 'SKIPPED' | null>): SetupProgress => ({
    state,
    currentStepIndex,
    steps: statuses.map((finishStatus, i) => ({ name: `s${i}`, command: `c${i}`, shellId: null, finishStatus })),
  });

  it('marks the current step of a running setup RUNNING, the later ones PENDING', () => {
    const p = progress('IN_PROGRESS', 1, ['SUCCEEDED', null, null]);
    expect([0, 1, 2].map((i) => setupStepView(p, i))).toEqual(['SUCCEEDED', 'RUNNING', 'PENDING']);
    expect([0, 1, 2].map((i) => canSkipStep(p, i))).toEqual([false, true, true]);
    expect(setupSummary(p)).toBe('Running step 2 of 3');
  });

  it('lets a failed step of a stopped setup be skipped, and nothing once finished', () => {
    const stopped = progress('STOPPED', 0, ['FAILED', null]);
    expect(canSkipStep(stopped, 0)).toBe(true);
    expect(setupSummary(stopped)).toBe('Setup stopped at step 1 of 2');
    const finished = progress('FINISHED', 1, ['SUCCEEDED', 'SKIPPED']);
    expect(canSkipStep(finished, 1)).toBe(false);
    expect(setupSummary(finished)).toBe('Setup finished');
  });
});
