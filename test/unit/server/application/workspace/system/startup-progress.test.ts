import {
  READY_PROGRESS,
  STDOUT_TAIL_CHARS,
  StartupStep,
  endsStartup,
  initStatusOf,
  monotonic,
  setupStepProgress,
  stdoutTail,
} from '../../../../../../src/server/application/workspace/system/startup-progress';

describe('startup progress (system/initStatus)', () => {
  it('gives the git repository 0–10, the setup steps equal shares of 10–90, the tasks that run at start 90–100', () => {
    expect(initStatusOf({ kind: 'creating-repository' })).toEqual({ message: 'Creating the git repository', progress: 0, nextProgress: 10 });
    expect([0, 1, 2, 3].map((i) => setupStepProgress(i, 3))).toEqual([10, 37, 63, 90]);
    expect(initStatusOf({ kind: 'setup-running', index: 1, count: 2, name: 'Install' })).toEqual({
      message: 'Running setup task 2 of 2: Install',
      progress: 50,
      nextProgress: 90,
    });
    expect(initStatusOf({ kind: 'tasks-starting', names: ['Web', 'Watch'] })).toEqual({
      message: 'Starting 2 tasks that run at start: Web, Watch',
      progress: 90,
      nextProgress: 100,
    });
    expect(initStatusOf({ kind: 'tasks-starting', names: ['Web'] }).message).toBe('Starting 1 task that runs at start: Web');
    expect(initStatusOf({ kind: 'ready' })).toEqual({ message: 'The workspace is ready', progress: 100, nextProgress: 100 });
  });

  it('reports a failed step as an error with its exit code and output, and a finished one with its output', () => {
    expect(initStatusOf({ kind: 'setup-failed', index: 0, count: 1, name: 'Install', exitCode: 3, stdout: 'boom\r\n' })).toEqual({
      message: 'Setup task 1 of 1 failed with exit code 3: Install',
      isError: true,
      progress: 10,
      nextProgress: 90,
      stdout: 'boom\r\n',
    });
    expect(initStatusOf({ kind: 'setup-succeeded', index: 0, count: 2, name: 'Install', stdout: 'done\n' })).toEqual({
      message: 'Setup task 1 of 2 finished: Install',
      progress: 50,
      nextProgress: 50,
      stdout: 'done\n',
    });
    expect(initStatusOf({ kind: 'setup-running', index: 0, count: 1, name: 'x', stdout: '' })).not.toHaveProperty('stdout');
    expect(initStatusOf({ kind: 'repository-unusable', reason: 'git is not usable: not found' })).toMatchObject({ isError: true, progress: 10 });
  });

  it('never lets progress or nextProgress go back, keeps nextProgress ≥ progress and both within 0..100', () => {
    const previous = { message: 'a', progress: 50, nextProgress: 90 };
    expect(monotonic(previous, { message: 'b', progress: 10, nextProgress: 50 })).toEqual({ message: 'b', progress: 50, nextProgress: 90 });
    expect(monotonic(undefined, { message: 'c', progress: 120, nextProgress: -5 })).toEqual({ message: 'c', progress: 100, nextProgress: 100 });
    expect(monotonic(previous, { message: 'd', progress: 60, nextProgress: 70, isError: true })).toEqual({ message: 'd', progress: 60, nextProgress: 90, isError: true });
  });

  it('ends the start-up when ready, when a setup step failed and when the setup was stopped', () => {
    const steps: StartupStep[] = [
      { kind: 'starting' },
      { kind: 'creating-repository' },
      { kind: 'repository-unusable', reason: 'x' },
      { kind: 'setup-running', index: 0, count: 1, name: 'x' },
      { kind: 'setup-succeeded', index: 0, count: 1, name: 'x' },
      { kind: 'setup-failed', index: 0, count: 1, name: 'x', exitCode: 1 },
      { kind: 'setup-stopped' },
      { kind: 'tasks-starting', names: [] },
      { kind: 'ready' },
    ];
    expect(steps.filter(endsStartup).map((s) => s.kind)).toEqual(['setup-failed', 'setup-stopped', 'ready']);
    expect(initStatusOf({ kind: 'setup-stopped' }).progress).toBe(READY_PROGRESS);
  });

  it('keeps the last STDOUT_TAIL_CHARS characters of long output, cut at a line start', () => {
    expect(stdoutTail('short\n')).toBe('short\n');
    const lines = Array.from({ length: 2_000 }, (_, i) => `line ${i}`).join('\n');
    const tail = stdoutTail(lines);
    expect(tail.length).toBeLessThanOrEqual(STDOUT_TAIL_CHARS);
    expect(tail.endsWith('line 1999')).toBe(true);
    expect(tail.startsWith('line ')).toBe(true);
  });
});
