/**
 * What task/run does with the task's shell (spec 002 §4 "Tasks and setup"):
 * - `start`: it never ran (or its shell is gone): a new shell;
 * - `fresh`: it was KILLED ("Running a KILLED task clears its shell first"), or its command changed since it
 *   started: a new shell replaces the old one, whose output is dropped;
 * - `restart`: it is RUNNING, FINISHED or ended in ERROR: the same shell (same id) runs the command again.
 */
export type TaskRunPlan = 'start' | 'fresh' | 'restart';

export function planTaskRun(shell: { status: string; command: string } | undefined, command: string): TaskRunPlan {
  if (shell === undefined) return 'start';
  if (shell.status === 'KILLED' || shell.command !== command) return 'fresh';
  return 'restart';
}
