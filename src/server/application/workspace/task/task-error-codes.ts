import { TaskError, TaskErrorKind } from '../../../../domain/task/task.errors';
import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, fail } from '../handler-result';

/** The wire code of each task and setup error (protocol.md §6: 600, 601, 602). */
const CODES: Record<TaskErrorKind, PitcherErrorCode> = {
  'config-file-already-exists': PitcherErrorCode.CONFIG_FILE_ALREADY_EXISTS,
  'task-not-found': PitcherErrorCode.TASK_NOT_FOUND,
  'task-not-found-by-command': PitcherErrorCode.TASK_NOT_FOUND,
  'command-already-configured': PitcherErrorCode.COMMAND_ALREADY_CONFIGURED,
  'task-already-configured': PitcherErrorCode.COMMAND_ALREADY_CONFIGURED,
  'config-parse-error': PitcherErrorCode.CRITICAL_ERROR,
  'config-not-generated': PitcherErrorCode.CRITICAL_ERROR,
  'config-not-editable': PitcherErrorCode.CRITICAL_ERROR,
  'config-not-written': PitcherErrorCode.CRITICAL_ERROR,
  'step-not-found': PitcherErrorCode.INVALID_PARAMS,
};

/** A task error, or a shell that could not start (with the shell family's code), as a wire error. */
export function taskFailure(error: TaskError | { kind: 'shell'; message: string; code: number }): HandlerResult<never> {
  return error.kind === 'shell' ? fail(error.code as PitcherErrorCode, error.message) : fail(CODES[error.kind], error.message);
}
