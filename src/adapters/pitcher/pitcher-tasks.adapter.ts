import { Emitter } from '../../base/event';
import { PortError } from '../../application/ports/port-error';
import { OpenPort } from '../../application/ports/ports.port';
import { Task, TaskDefinition, TaskFailure, TaskList, TaskPortError, TasksPort } from '../../application/ports/tasks.port';
import { taskShellStatus } from '../../domain/task/task-status';
import { PitcherErrorCode, TaskDTO, TaskDefinitionDTO, TaskListDTO } from '../../protocol';
import { PitcherClient } from './pitcher-client';
import { toOpenPort } from './pitcher-ports.adapter';
import { mapRejection } from './wire-error';

const FAILURES: Partial<Record<number, TaskFailure>> = {
  [PitcherErrorCode.TASK_NOT_FOUND]: 'task-not-found',
  [PitcherErrorCode.CONFIG_FILE_ALREADY_EXISTS]: 'config-file-exists',
  [PitcherErrorCode.COMMAND_ALREADY_CONFIGURED]: 'command-already-configured',
};

export const toTaskError = (error: PortError): TaskPortError =>
  new TaskPortError((error.code !== undefined ? FAILURES[error.code] : undefined) ?? 'failed', error.message, error.code);

const toDefinition = (d: TaskDefinitionDTO): TaskDefinition => ({
  name: d.name,
  command: d.command,
  ...(d.runAtStart !== undefined && d.runAtStart !== null ? { runAtStart: d.runAtStart } : {}),
  ...(d.preview ? { preview: { ...d.preview } } : {}),
});

export const toTask = (t: TaskDTO): Task => ({
  ...toDefinition(t),
  id: t.id,
  ...(t.unconfigured ? { unconfigured: true } : {}),
  shell: t.shell
    ? {
        shellId: t.shell.shellId,
        status: taskShellStatus(t.shell.status, t.shell.exitCode ?? undefined),
        ...(t.shell.exitCode !== undefined && t.shell.exitCode !== null ? { exitCode: t.shell.exitCode } : {}),
      }
    : null,
  ports: (t.ports ?? []).map(toOpenPort),
});

export const toTaskList = (l: TaskListDTO): TaskList => ({
  tasks: Object.fromEntries(Object.entries(l.tasks).map(([id, t]) => [id, toTask(t)])),
  setupTasks: l.setupTasks.map(toDefinition),
  validationErrors: [...l.validationErrors],
});

export class PitcherTasks implements TasksPort {
  private readonly listEmitter = new Emitter<TaskList>();
  private readonly taskEmitter = new Emitter<Task>();
  private readonly opened = new Emitter<OpenPort>();
  private readonly closed = new Emitter<OpenPort>();
  private readonly parseError = new Emitter<string>();
  readonly onDidChangeList = this.listEmitter.event;
  readonly onDidUpdateTask = this.taskEmitter.event;
  readonly onDidOpenUnassignedPort = this.opened.event;
  readonly onDidCloseUnassignedPort = this.closed.event;
  readonly onDidFailConfigParse = this.parseError.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('task/listUpdate', (l) => this.listEmitter.fire(toTaskList(l)));
    client.onNotification('task/update', (t) => this.taskEmitter.fire(toTask(t)));
    client.onNotification('task/unassignedPortOpened', (p) => this.opened.fire(toOpenPort(p)));
    client.onNotification('task/unassignedPortClosed', (p) => this.closed.fire(toOpenPort(p)));
    client.onNotification('task/configParseError', (p) => this.parseError.fire(p.error));
  }

  private call<T>(request: Promise<T>): Promise<T> {
    return mapRejection(request, toTaskError);
  }

  async list(): Promise<TaskList> {
    return toTaskList(await this.call(this.client.request('task/list', {})));
  }
  async run(taskId: string): Promise<Task> {
    return toTask(await this.call(this.client.request('task/run', { taskId })));
  }
  async runCommand(command: string, options: { name?: string; saveToConfig?: boolean } = {}): Promise<Task> {
    return toTask(await this.call(this.client.request('task/runCommand', { command, ...options })));
  }
  async stop(taskId: string): Promise<Task | null> {
    const task = await this.call(this.client.request('task/stop', { taskId }));
    return task ? toTask(task) : null;
  }
  async create(definition: TaskDefinition, startTask?: boolean): Promise<TaskList> {
    return toTaskList(await this.call(this.client.request('task/create', { taskFields: definition, ...(startTask !== undefined ? { startTask } : {}) })));
  }
  async update(taskId: string, fields: Partial<TaskDefinition>): Promise<Task> {
    return toTask(await this.call(this.client.request('task/update', { taskId, taskFields: fields })));
  }
  async saveToConfig(taskId: string): Promise<Task> {
    return toTask(await this.call(this.client.request('task/saveToConfig', { taskId })));
  }
  async generateConfig(): Promise<void> {
    await this.call(this.client.request('task/generateConfig', {}));
  }
  async createSetupTasks(tasks: TaskDefinition[]): Promise<void> {
    await this.call(this.client.request('task/createSetupTasks', { tasks }));
  }
}
