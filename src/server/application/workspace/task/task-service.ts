import { Emitter } from '../../../../base/event';
import { DisposableStore } from '../../../../base/lifecycle';
import { Result, err, ok } from '../../../../base/result';
import { TaskDefinition, newTaskId } from '../../../../domain/task/task-definition';
import { TaskError, taskErrors } from '../../../../domain/task/task.errors';
import { withSetupTasks, withTask } from '../../../../domain/task/tasks-config';
import { TaskDTO, TaskDefinitionParams, TaskFieldsParams, TaskListDTO } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { PortService } from '../port/port-service';
import { WorkspaceContext } from '../workspace-context';
import { AtStartRun, runAtStart } from './run-at-start';
import { SetupRunner } from './setup-runner';
import { taskDTO, taskListDTO } from './task-dto';
import { TaskEntries, TaskEntry } from './task-entries';
import { definitionOf, mergeDefinition } from './task-fields';
import { TaskPortTracker } from './task-ports';
import { TaskShellFailure, runTaskShell } from './task-run';
import { TasksConfigChange, TasksConfigDocument } from './tasks-config-document';
import { touchesTasksConfig } from './tasks-config-file';

export type { AtStartRun } from './run-at-start';
export { GENERATE_CONFIG_TIMEOUT_MS } from './tasks-config-document';

export interface TaskServiceOptions {
  /** The setup waits for this before it runs at start (the git repository: setup steps may use it). */
  startAfter?: Promise<unknown>;
}

export type TaskOutcome<T> = Promise<Result<T, TaskError | TaskShellFailure>>;

/**
 * One workspace's task/* and setup/* (docs/protocol/task.md, setup.md): the tasks of .codesandbox/tasks.json, read
 * again whenever it changes on disk, each run as a server-owned COMMAND shell; the setup steps; the ports each task
 * opened. When the workspace starts, the setup runs; whenever the setup finishes, the runAtStart tasks that are not
 * running start.
 */
export class TaskService {
  readonly setup: SetupRunner;
  private readonly document: TasksConfigDocument;
  private readonly tasks: TaskEntries;
  private readonly ports: TaskPortTracker;
  /** Config changes and runs happen one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly ready: Promise<void>;
  private readonly subscriptions = new DisposableStore();
  private disposed = false;
  private readonly atStartEmitter = new Emitter<AtStartRun>();
  /** Fires whenever the tasks that run at start are being started (each time the setup finished). */
  readonly onDidRunAtStart = this.atStartEmitter.event;

  constructor(
    private readonly ctx: WorkspaceContext,
    openPorts: PortService,
    options: TaskServiceOptions = {},
  ) {
    this.document = new TasksConfigDocument(ctx, (change) => this.configChanged(change));
    this.tasks = new TaskEntries(ctx.shells);
    this.ports = new TaskPortTracker(ctx, openPorts);
    this.setup = new SetupRunner(ctx);
    this.subscriptions.add(this.setup.onDidFinish(() => this.runAtStart()));
    this.subscriptions.add(
      ctx.onDidChangeFiles((paths) => {
        if (touchesTasksConfig(paths)) this.serial(() => this.reload()).catch((error: Error) => ctx.log(`could not read the tasks: ${error.message}`));
      }),
    );
    this.subscriptions.add(ctx.shells.onDidChangeShell(({ shellId }) => this.shellChanged(shellId)));
    this.subscriptions.add(ctx.shells.onDidExit(({ shellId }) => this.shellChanged(shellId)));
    this.subscriptions.add(openPorts.onDidChange(() => this.reassignPorts()));
    this.ready = this.serial(async () => {
      try {
        await this.reload();
      } finally {
        // The workspace starts: the setup runs (once the repository exists), and the runAtStart tasks once it
        // finished (at once without steps).
        await options.startAfter?.catch(() => undefined);
        if (!this.disposed) this.setup.init();
      }
    }).catch((error: Error) => ctx.log(`could not load the tasks: ${error.message}`));
  }

  async list(): Promise<TaskListDTO> {
    await this.ready;
    return this.listDTO();
  }

  run(taskId: string, session?: ClientSession): TaskOutcome<TaskDTO> {
    return this.serial(async () => {
      const entry = this.tasks.get(taskId);
      return entry ? this.runEntry(entry, session) : err(taskErrors.taskNotFound(taskId));
    });
  }

  /** task/runCommand: runs a command as a task (a configured one with that command when saving is asked). */
  runCommand(command: string, name: string | undefined, saveToConfig: boolean, session: ClientSession): TaskOutcome<TaskDTO> {
    return this.serial(async () => {
      const configured = this.tasks.byCommand(command, true);
      if (saveToConfig) {
        if (configured) return this.runEntry(configured, session);
        const saved = await this.addToConfig({ name: name || command, command });
        return saved.ok ? this.runEntry(saved.value, session) : saved;
      }
      let entry = this.tasks.byCommand(command, false);
      if (!entry) {
        entry = { id: newTaskId(name || command, (id) => this.isTaken(id)), definition: { name: name || command, command }, configured: false };
        this.tasks.add(entry);
      }
      return this.runEntry(entry, session);
    });
  }

  /**
   * Runs a task the server defines for the user (container/setup's Dev Container): a new one is created under `id`,
   * unconfigured; an existing one (unconfigured, or saved in tasks.json, which is then written) keeps its name and
   * other fields and takes the definition's command.
   */
  defineAndRun(id: string, definition: TaskDefinition, session: ClientSession): TaskOutcome<TaskDTO> {
    return this.serial(async () => {
      let entry = this.tasks.get(id);
      if (!entry) {
        entry = { id, definition: { ...definition }, configured: false };
        this.tasks.add(entry);
        this.ctx.broadcast('task/listUpdate', this.listDTO());
      } else if (entry.definition.command !== definition.command) {
        const changed = { ...entry.definition, command: definition.command };
        if (entry.configured) {
          const saved = await this.document.edit((json) => withTask(json, id, changed));
          if (!saved.ok) return saved;
          entry = this.tasks.get(id) ?? entry;
        } else {
          entry.definition = changed;
        }
      }
      return this.runEntry(entry, session);
    });
  }

  async stop(taskId: string, session: ClientSession): Promise<Result<TaskDTO | null, TaskError>> {
    await this.ready;
    const entry = this.tasks.get(taskId);
    if (!entry) return err(taskErrors.taskNotFound(taskId));
    if (entry.shellId === undefined || !this.ctx.shells.get(entry.shellId)) return ok(null);
    this.ctx.shells.terminate(session, entry.shellId);
    return ok(this.dto(entry));
  }

  update(taskId: string, fields: TaskFieldsParams): TaskOutcome<TaskDTO> {
    return this.serial(async () => {
      const entry = this.tasks.get(taskId);
      if (!entry) return err(taskErrors.taskNotFound(taskId));
      const definition = mergeDefinition(entry.definition, fields);
      if (entry.configured) {
        const saved = await this.document.edit((json) => withTask(json, entry.id, definition));
        if (!saved.ok) return saved;
      } else {
        entry.definition = definition;
      }
      this.notifyTask(entry);
      return ok(this.dto(entry));
    });
  }

  /** task/create: adds a task to tasks.json (and runs it when asked); the answer is the new task list. */
  create(fields: TaskDefinitionParams, startTask: boolean, session: ClientSession): TaskOutcome<TaskListDTO> {
    return this.serial(async () => {
      const existing = this.tasks.byCommand(fields.command, true);
      if (existing) return err(taskErrors.commandAlreadyConfigured(fields.command, existing.id));
      const added = await this.addToConfig(definitionOf(fields));
      if (!added.ok) return added;
      const created = this.tasks.byCommand(fields.command, true);
      if (!created) return err(taskErrors.taskNotFoundByCommand(fields.command));
      if (startTask) {
        const ran = await this.runEntry(created, session);
        if (!ran.ok) return ran;
      }
      return ok(this.listDTO());
    });
  }

  saveToConfig(taskId: string): TaskOutcome<TaskDTO> {
    return this.serial(async () => {
      const entry = this.tasks.get(taskId);
      if (!entry) return err(taskErrors.taskNotFound(taskId));
      if (entry.configured) return err(taskErrors.taskAlreadyConfigured(taskId));
      const existing = this.tasks.byCommand(entry.definition.command, true);
      if (existing) return err(taskErrors.commandAlreadyConfigured(entry.definition.command, existing.id));
      const saved = await this.document.edit((json) => withTask(json, entry.id, entry.definition));
      return saved.ok ? ok(this.dto(entry)) : saved;
    });
  }

  /** task/generateConfig: a tasks.json from package.json, which must exist within 5 s (spec 002 §5). */
  generateConfig(): TaskOutcome<null> {
    return this.serial(() => this.document.generate());
  }

  /** task/createSetupTasks: the setup steps of tasks.json become these. */
  createSetupTasks(steps: readonly TaskDefinitionParams[]): TaskOutcome<null> {
    return this.serial(async () => {
      const saved = await this.document.edit((json) => withSetupTasks(json, steps.map(definitionOf)));
      return saved.ok ? ok(null) : saved;
    });
  }

  /** Resolves once tasks.json was read for the first time. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  dispose(): void {
    this.disposed = true;
    this.subscriptions.dispose();
    this.setup.dispose();
    this.atStartEmitter.dispose();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async runEntry(entry: TaskEntry, session?: ClientSession): TaskOutcome<TaskDTO> {
    if (this.disposed) return err(taskErrors.taskNotFound(entry.id));
    const ran = await runTaskShell(this.ctx.shells, entry, this.tasks.shellOf(entry), session, () => !this.disposed);
    if (!ran.ok) return ran;
    if (ran.value) this.notifyTask(entry);
    return ok(this.dto(entry));
  }

  /**
   * The setup finished (when the workspace started, or again later: new steps run, a step run again): the runAtStart
   * tasks start, but for those still running from before, which keep running.
   */
  private runAtStart(): void {
    if (this.disposed) return;
    const idle = [...this.tasks.values()].filter((entry) => this.tasks.shellOf(entry)?.status !== 'RUNNING');
    const run = (entry: TaskEntry) => this.serial(() => this.runEntry(entry));
    this.atStartEmitter.fire(runAtStart(idle, run, (message) => this.ctx.log(message)));
  }

  /** Adds a task to tasks.json under a new id made from its name; resolves with its entry. */
  private async addToConfig(definition: TaskDefinition): Promise<Result<TaskEntry, TaskError>> {
    const id = newTaskId(definition.name, (candidate) => this.isTaken(candidate));
    const saved = await this.document.edit((json) => withTask(json, id, definition));
    if (!saved.ok) return saved;
    const entry = this.tasks.get(id);
    return entry ? ok(entry) : err(taskErrors.taskNotFoundByCommand(definition.command));
  }

  private reload(): Promise<void> {
    return this.disposed ? Promise.resolve() : this.document.reload();
  }

  /** A change of tasks.json reaches the tasks, the setup and the ports, and every client hears of it. */
  private configChanged(change: TasksConfigChange): void {
    if (change.kind === 'parse-error') {
      // The file cannot be used: its tasks stay as they were, and every client is told why.
      this.ctx.broadcast('task/configParseError', { error: change.error });
      this.ctx.broadcast('task/listUpdate', this.listDTO());
    } else if (change.kind === 'parsed' || change.hadFile || this.tasks.size > 0) {
      this.tasks.configure(this.document.config.tasks);
      this.setup.configure(this.document.config.setupTasks);
      this.reassignPorts(false);
      this.ctx.broadcast('task/listUpdate', this.listDTO());
    } else {
      this.setup.configure([]);
    }
  }

  private shellChanged(shellId: string): void {
    for (const entry of this.tasks.values()) if (entry.shellId === shellId) this.notifyTask(entry);
  }

  /** Recomputes which task each open port belongs to; tasks whose ports changed are announced. */
  private reassignPorts(announce = true): void {
    const changed = this.ports.update(this.tasks.portClaims());
    if (announce) for (const id of changed) this.notifyTask(this.tasks.get(id)!);
  }

  private notifyTask(entry: TaskEntry): void {
    if (!this.disposed) this.ctx.broadcast('task/update', this.dto(entry));
  }

  private listDTO(): TaskListDTO {
    const tasks = [...this.tasks.values()].map((entry) => this.dto(entry));
    return taskListDTO(tasks, this.document.config, this.document.parseError);
  }

  private dto(entry: TaskEntry): TaskDTO {
    return taskDTO(entry, this.tasks.shellOf(entry), this.ports.of(entry.id));
  }

  private isTaken(candidate: string): boolean {
    return this.tasks.has(candidate) || candidate in this.document.config.tasks;
  }
}
