import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { OpenPort } from '../../../../src/application/ports/ports.port';
import { Task, TaskDefinition, TaskList, TasksPort } from '../../../../src/application/ports/tasks.port';
import { TasksStore } from '../../../../src/application/tasks/tasks.store';
import { TaskShellStatus } from '../../../../src/domain/task/task-status';

/** Tasks as the workspace lists them, and a TasksStore over a fake port that records its calls. */
export const task = (id: string, status?: TaskShellStatus, exitCode?: number): Task => ({
  id,
  name: id,
  command: `npm run ${id}`,
  shell: status ? { shellId: `sh-${id}`, status, ...(exitCode !== undefined ? { exitCode } : {}) } : null,
  ports: [],
});
export const list = (...tasks: Task[]): TaskList => ({ tasks: Object.fromEntries(tasks.map((t) => [t.id, t])), setupTasks: [], validationErrors: [] });

export class FakeTasks implements TasksPort {
  readonly listEvents = new Emitter<TaskList>();
  readonly taskEvents = new Emitter<Task>();
  readonly opened = new Emitter<OpenPort>();
  readonly closed = new Emitter<OpenPort>();
  readonly parseErrors = new Emitter<string>();
  onDidChangeList = this.listEvents.event;
  onDidUpdateTask = this.taskEvents.event;
  onDidOpenUnassignedPort = this.opened.event;
  onDidCloseUnassignedPort = this.closed.event;
  onDidFailConfigParse = this.parseErrors.event;
  serverList = list(task('dev'));
  failure: Error | undefined;
  readonly calls: string[] = [];
  /** What the store showed for the task when run() reached the server. */
  shellAtRun: unknown = 'unset';
  constructor(private readonly store: () => TasksStore) {}

  private async answer<T>(call: string, value: T): Promise<T> {
    this.calls.push(call);
    if (this.failure) throw this.failure;
    return value;
  }
  list = () => this.answer('list', this.serverList);
  run = (id: string) => {
    this.shellAtRun = this.store().tasks.get(id)?.shell;
    return this.answer(`run ${id}`, task(id, 'RUNNING'));
  };
  runCommand = (command: string) => this.answer(`runCommand ${command}`, { ...task('cmd', 'RUNNING'), command, unconfigured: true });
  stop = (id: string) => this.answer(`stop ${id}`, task(id, 'KILLED'));
  create = (d: TaskDefinition) => this.answer(`create ${d.command}`, list(task('dev'), { ...task('new'), command: d.command }));
  update = (id: string) => this.answer(`update ${id}`, task(id));
  saveToConfig = (id: string) => this.answer(`save ${id}`, task(id));
  generateConfig = () => this.answer('generateConfig', undefined);
  createSetupTasks = () => this.answer('createSetupTasks', undefined);
}

export function setUpTasks() {
  let store!: TasksStore;
  const port = new FakeTasks(() => store);
  const errors: string[] = [];
  store = new TasksStore(port, (m) => errors.push(m));
  const started: string[] = [];
  store.onDidStartTask((t) => started.push(t.id));
  return { port, store, errors, started };
}

