import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { Emitter, Event } from '../../base/event';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { TaskShellStatus, mustClearShellBeforeRun, startedRunning } from '../../domain/task/task-status';
import { OpenPort } from '../ports/ports.port';
import { Task, TaskDefinition, TaskList, TasksPort } from '../ports/tasks.port';
import { NotifyError } from '../tokens';
import { ResyncParticipant } from '../workspace/resync-participant';

const statusOf = (task: Task | undefined): TaskShellStatus | undefined => task?.shell?.status;

/**
 * The workspace's tasks (spec 002 §4 "Tasks and setup"): the list with each task's shell status, fed by
 * task/listUpdate and task/update; the ports no task claims; the last tasks.json parse error. onDidStartTask fires
 * when a task's status changes to RUNNING.
 */
@injectable()
export class TasksStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'tasks';
  tasks: ReadonlyMap<string, Task> = new Map();
  setupTasks: readonly TaskDefinition[] = [];
  validationErrors: readonly string[] = [];
  unassignedPorts: readonly OpenPort[] = [];
  configParseError: string | undefined = undefined;
  private readonly startedEmitter = new Emitter<Task>();
  readonly onDidStartTask: Event<Task> = this.startedEmitter.event;

  constructor(
    @inject(TasksPort) private readonly port: TasksPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    super();
    this.register(this.startedEmitter);
    makeObservable(this, {
      tasks: observable.ref,
      setupTasks: observable.ref,
      validationErrors: observable.ref,
      unassignedPorts: observable.ref,
      configParseError: observable,
      all: computed,
      running: computed,
      applyList: action,
      applyTask: action,
      portOpened: action,
      portClosed: action,
      setConfigParseError: action,
    });
    this.register(port.onDidChangeList((list) => this.applyList(list)));
    this.register(port.onDidUpdateTask((task) => this.applyTask(task)));
    this.register(port.onDidOpenUnassignedPort((p) => this.portOpened(p)));
    this.register(port.onDidCloseUnassignedPort((p) => this.portClosed(p)));
    this.register(port.onDidFailConfigParse((error) => this.setConfigParseError(error)));
  }

  get all(): Task[] {
    return [...this.tasks.values()];
  }

  get running(): Task[] {
    return this.all.filter((t) => statusOf(t) === 'RUNNING');
  }

  statusOf(taskId: string): TaskShellStatus | undefined {
    return statusOf(this.tasks.get(taskId));
  }

  applyList(list: TaskList): void {
    const before = this.tasks;
    this.tasks = new Map(Object.entries(list.tasks));
    this.setupTasks = list.setupTasks;
    this.validationErrors = list.validationErrors;
    // A list that reads again is a fixed tasks.json.
    this.configParseError = undefined;
    for (const task of this.tasks.values()) this.announceIfStarted(before.get(task.id), task);
  }

  applyTask(task: Task): void {
    const before = this.tasks.get(task.id);
    this.tasks = new Map(this.tasks).set(task.id, task);
    this.announceIfStarted(before, task);
  }

  portOpened(port: OpenPort): void {
    if (this.unassignedPorts.some((p) => p.port === port.port)) return;
    this.unassignedPorts = [...this.unassignedPorts, port].sort((a, b) => a.port - b.port);
  }

  portClosed(port: OpenPort): void {
    this.unassignedPorts = this.unassignedPorts.filter((p) => p.port !== port.port);
  }

  setConfigParseError(error: string): void {
    this.configParseError = error;
  }

  async resync(): Promise<void> {
    this.applyList(await this.port.list());
  }

  /** Runs a task; a KILLED task's shell is cleared first (spec 002 §4). */
  async run(taskId: string): Promise<void> {
    const task = this.tasks.get(taskId);
    if (task && mustClearShellBeforeRun(statusOf(task))) this.applyTask({ ...task, shell: null });
    await this.attempt(async () => this.applyTask(await this.port.run(taskId)));
  }

  /** Runs a running task again in its shell (task/run restarts it: same shell, scroll-back cleared). */
  restart(taskId: string): Promise<void> {
    return this.run(taskId);
  }

  async stop(taskId: string): Promise<void> {
    await this.attempt(async () => {
      const task = await this.port.stop(taskId);
      if (task) this.applyTask(task);
    });
  }

  async runCommand(command: string, options: { name?: string; saveToConfig?: boolean } = {}): Promise<Task | undefined> {
    return this.attempt(async () => {
      const task = await this.port.runCommand(command, options);
      this.applyTask(task);
      return task;
    });
  }

  async create(definition: TaskDefinition, startTask?: boolean): Promise<void> {
    await this.attempt(async () => this.applyList(await this.port.create(definition, startTask)));
  }

  async update(taskId: string, fields: Partial<TaskDefinition>): Promise<void> {
    await this.attempt(async () => this.applyTask(await this.port.update(taskId, fields)));
  }

  async saveToConfig(taskId: string): Promise<void> {
    await this.attempt(async () => this.applyTask(await this.port.saveToConfig(taskId)));
  }

  async generateConfig(): Promise<void> {
    await this.attempt(() => this.port.generateConfig());
  }

  async createSetupTasks(tasks: TaskDefinition[]): Promise<void> {
    await this.attempt(() => this.port.createSetupTasks(tasks));
  }

  private announceIfStarted(before: Task | undefined, after: Task): void {
    if (startedRunning(statusOf(before), statusOf(after))) this.startedEmitter.fire(after);
  }

  /** Runs a request; a failure is shown to the user and resolves to undefined. */
  private async attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      runInAction(() => this.notifyError((error as Error).message));
      return undefined;
    }
  }
}
