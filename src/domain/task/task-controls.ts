import { TaskShellStatus } from './task-status';

/** What a task row offers (spec 002 §4 "Tasks and setup"): run when it is not running, stop and restart while it runs. */
export interface TaskControls {
  readonly run: boolean;
  readonly stop: boolean;
  readonly restart: boolean;
  /** Its command shell can be opened in a terminal tab. */
  readonly output: boolean;
}

export function taskControls(status: TaskShellStatus | undefined, hasShell: boolean): TaskControls {
  const running = status === 'RUNNING' || status === 'RESTARTING';
  return { run: !running, stop: running, restart: running, output: hasShell };
}

/** A task's status as shown: NOT STARTED, RUNNING, or how it ended with its exit code ('ERROR (exit code 1)'). */
export function taskStatusLabel(status: TaskShellStatus | undefined, exitCode: number | undefined): string {
  if (status === undefined) return 'NOT STARTED';
  if (status === 'RUNNING' || status === 'RESTARTING' || exitCode === undefined) return status;
  return `${status} (exit code ${exitCode})`;
}
