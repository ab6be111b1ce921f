import { Event } from '../../base/event';
import { TaskShellInfo } from '../../domain/task/task-status';
import { PortError, PortErrorKind } from './port-error';
import { OpenPort } from './ports.port';

/** Tasks of .codesandbox/tasks.json and the commands run as tasks (spec 002 §3 Task, protocol.md §3 task). */
export const TasksPort = Symbol('TasksPort');

export interface TaskDefinition {
  name: string;
  command: string;
  runAtStart?: boolean;
  preview?: { port?: number; 'pr-link'?: 'direct' | 'redirect' | 'devtool' };
}

export interface Task extends TaskDefinition {
  id: string;
  /** Started with runCommand and not saved in tasks.json. */
  unconfigured?: boolean;
  /** The shell of its last run; null when it never ran. */
  shell: TaskShellInfo | null;
  ports: OpenPort[];
}

export interface TaskList {
  tasks: Record<string, Task>;
  setupTasks: TaskDefinition[];
  validationErrors: string[];
}

export type TaskFailure = 'task-not-found' | 'config-file-exists' | 'command-already-configured' | 'failed';

export class TaskPortError extends PortError {
  constructor(
    readonly failure: TaskFailure,
    message: string,
    code?: number,
    kind: PortErrorKind = 'rejected',
  ) {
    super(kind, message, code);
    this.name = 'TaskPortError';
  }
}

export interface TasksPort {
  readonly onDidChangeList: Event<TaskList>;
  readonly onDidUpdateTask: Event<Task>;
  readonly onDidOpenUnassignedPort: Event<OpenPort>;
  readonly onDidCloseUnassignedPort: Event<OpenPort>;
  /** tasks.json could not be read: the parser's message. */
  readonly onDidFailConfigParse: Event<string>;
  list(): Promise<TaskList>;
  run(taskId: string): Promise<Task>;
  runCommand(command: string, options?: { name?: string; saveToConfig?: boolean }): Promise<Task>;
  stop(taskId: string): Promise<Task | null>;
  create(definition: TaskDefinition, startTask?: boolean): Promise<TaskList>;
  update(taskId: string, fields: Partial<TaskDefinition>): Promise<Task>;
  saveToConfig(taskId: string): Promise<Task>;
  generateConfig(): Promise<void>;
  createSetupTasks(tasks: TaskDefinition[]): Promise<void>;
}
