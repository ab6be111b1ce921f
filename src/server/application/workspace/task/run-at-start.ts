import { Result } from '../../../../base/result';
import { TaskEntry } from './task-entries';

/** The tasks that run at start being started (system/initStatus), and when every one of them started or failed to. */
export interface AtStartRun {
  names: readonly string[];
  started: Promise<void>;
}

/**
 * Starts the configured tasks marked runAtStart, each with `run`, all at once (`run` may queue them); one that does
 * not start is logged, and the others start all the same.
 */
export function runAtStart(
  tasks: Iterable<TaskEntry>,
  run: (entry: TaskEntry) => Promise<Result<unknown, { message: string }>>,
  log: (message: string) => void,
): AtStartRun {
  const entries = [...tasks].filter((entry) => entry.configured && entry.definition.runAtStart);
  const runs = entries.map((entry) =>
    run(entry).then(
      (ran) => void (!ran.ok && log(`task ${entry.id} did not start: ${ran.error.message}`)),
      (error: Error) => log(`task ${entry.id} did not start: ${error.message}`),
    ),
  );
  return { names: entries.map((e) => e.definition.name), started: Promise.all(runs).then(() => undefined) };
}
