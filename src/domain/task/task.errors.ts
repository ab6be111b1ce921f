import { type DomainError, domainError } from '../../base/result';
import { JsoncError } from './jsonc';
import { TASKS_CONFIG_PATH } from './task-definition';

export type TaskErrorKind =
  | 'config-parse-error'
  | 'config-file-already-exists'
  | 'config-not-generated'
  | 'task-not-found'
  | 'task-not-found-by-command'
  | 'command-already-configured'
  | 'task-already-configured'
  | 'config-not-editable'
  | 'config-not-written'
  | 'step-not-found';

export type TaskError = DomainError<TaskErrorKind>;

/** The user-facing texts of tasks and setup (spec 002 §5 where it names them), kept in one place. */
export const taskErrors = {
  configParseError: (error: JsoncError): TaskError =>
    domainError('config-parse-error', `${TASKS_CONFIG_PATH} is not valid JSON: ${error.message} at line ${error.line}, column ${error.column}`),
  configFileAlreadyExists: (): TaskError => domainError('config-file-already-exists', `${TASKS_CONFIG_PATH} already exists`),
  configNotGenerated: (): TaskError => domainError('config-not-generated', 'Config file was not generated'),
  taskNotFound: (taskId: string): TaskError => domainError('task-not-found', `Task ${taskId} not found`),
  taskNotFoundByCommand: (command: string): TaskError => domainError('task-not-found-by-command', `Cannot find the task running ${command}`),
  commandAlreadyConfigured: (command: string, taskId: string): TaskError =>
    domainError('command-already-configured', `The command ${command} is already configured as task ${taskId}`),
  taskAlreadyConfigured: (taskId: string): TaskError => domainError('task-already-configured', `Task ${taskId} is already saved in ${TASKS_CONFIG_PATH}`),
  configNotEditable: (parseError: string): TaskError =>
    domainError('config-not-editable', `Fix ${TASKS_CONFIG_PATH} first: ${parseError}`),
  configNotWritten: (reason: string): TaskError => domainError('config-not-written', `Could not write ${TASKS_CONFIG_PATH}: ${reason}`),
  stepNotFound: (index: number, count: number): TaskError =>
    domainError('step-not-found', `Setup step ${index} does not exist (there ${count === 1 ? 'is 1 step' : `are ${count} steps`})`),
};
