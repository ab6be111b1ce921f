/**
 * Task shell status (spec 002 §4 "Tasks and setup"): RUNNING, FINISHED, ERROR (exit code above 0), KILLED. A task
 * that never ran has no shell and no status.
 */
export type TaskShellStatus = 'RUNNING' | 'FINISHED' | 'ERROR' | 'KILLED' | 'RESTARTING';

export interface TaskShellInfo {
  readonly shellId: string;
  readonly status: TaskShellStatus;
  readonly exitCode?: number;
}

/** The status a shell's state amounts to: a finished shell with an exit code above 0 is an ERROR. */
export function taskShellStatus(status: TaskShellStatus, exitCode: number | undefined): TaskShellStatus {
  if (status === 'FINISHED' && exitCode !== undefined && exitCode > 0) return 'ERROR';
  return status;
}

/** "A task-started event fires on the change to RUNNING." */
export const startedRunning = (before: TaskShellStatus | undefined, after: TaskShellStatus | undefined): boolean =>
  after === 'RUNNING' && before !== 'RUNNING';

/** "Running a KILLED task clears its shell first." */
export const mustClearShellBeforeRun = (status: TaskShellStatus | undefined): boolean => status === 'KILLED';
