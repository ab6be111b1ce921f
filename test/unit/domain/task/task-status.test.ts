import { mustClearShellBeforeRun, startedRunning, taskShellStatus } from '../../../../src/domain/task/task-status';

describe('task shell status', () => {
  it('is ERROR for a finished shell with an exit code above 0', () => {
    expect(taskShellStatus('FINISHED', 0)).toBe('FINISHED');
    expect(taskShellStatus('FINISHED', 1)).toBe('ERROR');
    expect(taskShellStatus('FINISHED', undefined)).toBe('FINISHED');
    expect(taskShellStatus('KILLED', 137)).toBe('KILLED');
    expect(taskShellStatus('RUNNING', undefined)).toBe('RUNNING');
  });

  it('has started when it changes to RUNNING', () => {
    expect(startedRunning(undefined, 'RUNNING')).toBe(true);
    expect(startedRunning('FINISHED', 'RUNNING')).toBe(true);
    expect(startedRunning('RUNNING', 'RUNNING')).toBe(false);
    expect(startedRunning('RUNNING', 'KILLED')).toBe(false);
  });

  it('clears the shell of a KILLED task before running it', () => {
    expect(mustClearShellBeforeRun('KILLED')).toBe(true);
    expect(mustClearShellBeforeRun('ERROR')).toBe(false);
    expect(mustClearShellBeforeRun(undefined)).toBe(false);
  });
});
