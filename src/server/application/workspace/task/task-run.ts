import { Result, err, ok } from '../../../../base/result';
import { planTaskRun } from '../../../../domain/task/task-run-plan';
import { ClientSession } from '../client-session';
import { ShellHub } from '../shell-hub';
import { ShellSession } from '../shell-session';
import { TaskEntry } from './task-entries';

/** A task's shell that could not start or restart, with the shell family's code. */
export interface TaskShellFailure {
  kind: 'shell';
  message: string;
  code: number;
}

/**
 * Runs a task's command as domain/task/task-run-plan says: the shell of its last run (`current`) runs it again when a
 * client asks for it; otherwise a new COMMAND shell, opened for that client, replaces it (the old one is forgotten).
 * Resolves whether a new shell started (the task's shellId is then the new one).
 */
export async function runTaskShell(
  shells: ShellHub,
  entry: TaskEntry,
  current: ShellSession | undefined,
  session: ClientSession | undefined,
  stillWanted: () => boolean,
): Promise<Result<boolean, TaskShellFailure>> {
  const plan = planTaskRun(current && { status: current.status, command: current.startCommand ?? '' }, entry.definition.command);
  if (plan === 'restart' && current && session) {
    const restarted = shells.restart(session, current.shellId);
    return restarted.ok ? ok(false) : err({ kind: 'shell', message: restarted.error.message, code: restarted.error.code });
  }
  const started = await shells.startCommand(entry.definition.name, entry.definition.command, stillWanted);
  if (!started.ok) return err({ kind: 'shell', message: started.error.message, code: started.error.code });
  if (current) shells.forget(current.shellId);
  entry.shellId = started.value.shellId;
  session?.openShells.add(entry.shellId);
  return ok(true);
}
