import { Emitter } from '../../../../base/event';
import { DisposableStore } from '../../../../base/lifecycle';
import { Result, err, ok } from '../../../../base/result';
import { generateTasksConfig } from '../../../../domain/task/generate-tasks-config';
import { EMPTY_TASKS_CONFIG, TaskDefinition, TasksConfig, newTaskId } from '../../../../domain/task/task-definition';
import { TaskError, taskErrors } from '../../../../domain/task/task.errors';
import { planTaskRun } from '../../../../domain/task/task-run-plan';
import { TasksConfigJson, parseTasksConfig, serializeTasksConfig, withSetupTasks, withTask } from '../../../../domain/task/tasks-config';
import { TaskDTO, TaskDefinitionParams, TaskFieldsParams, TaskListDTO } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { PortService } from '../port/port-service';
import { WorkspaceContext } from '../workspace-context';
import { SetupRunner } from './setup-runner';
import { TaskPortTracker } from './task-ports';
import { TasksConfigFile, touchesTasksConfig } from './tasks-config-file';

/** task/generateConfig gives up when the file does not exist this long after it was asked for (spec 002 §5). */
export const GENERATE_CONFIG_TIMEOUT_MS = 5_000;

/** A task the workspace knows: from tasks.json (configured) or started with task/runCommand. */
interface TaskEntry {
  readonly id: string;
  definition: TaskDefinition;
  configured: boolean;
  /** The COMMAND shell of its last run. */
  shellId?: string;
}

/** The tasks that run at start being started (system/initStatus), and when every one of them started or failed to. */
export interface AtStartRun {
  names: readonly string[];
  started: Promise<void>;
}

export interface TaskServiceOptions {
  /** The setup waits for this before it runs at start (the git repository: setup steps may use it). */
  startAfter?: Promise<unknown>;
}

export type TaskOutcome<T> = Promise<Result<T, TaskError | { kind: 'shell'; message: string; code: number }>>;

/**
 * One workspace's task/* and setup/* (docs/protocol/task.md, setup.md): the tasks of .codesandbox/tasks.json, read
 * again whenever it changes on disk, each run as a server-owned COMMAND shell; the setup steps; the ports each task
 * opened. When the workspace starts, the setup runs, then the runAtStart tasks.
 */
export class TaskService {
  readonly setup: SetupRunner;
  private readonly file: TasksConfigFile;
  private readonly tasks = new Map<string, TaskEntry>();
  private config: TasksConfig = EMPTY_TASKS_CONFIG;
  /** The file's JSON object; undefined while there is no file. */
  private json: TasksConfigJson | undefined;
  /** The text last read or written (a change on disk with the same text is not one). */
  private text: string | undefined;
  private parseError: string | undefined;
  private readonly ports: TaskPortTracker;
  private startedAtStart = false;
  /** Config changes and runs happen one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly ready: Promise<void>;
  private readonly subscriptions = new DisposableStore();
  private disposed = false;
  private readonly atStartEmitter = new Emitter<AtStartRun>();
  /** Fires once, when the tasks that run at start are started (after the setup finished for the first time). */
  readonly onDidRunAtStart = this.atStartEmitter.event;

  constructor(
    private readonly ctx: WorkspaceContext,
    openPorts: PortService,
    options: TaskServiceOptions = {},
  ) {
    this.file = new TasksConfigFile(ctx);
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
      const configured = this.byCommand(command, true);
      if (saveToConfig) {
        if (configured) return this.runEntry(configured, session);
        const saved = await this.addToConfig({ name: name || command, command });
        return saved.ok ? this.runEntry(saved.value, session) : saved;
      }
      let entry = this.byCommand(command, false);
      if (!entry) {
        entry = { id: newTaskId(name || command, (id) => this.isTaken(id)), definition: { name: name || command, command }, configured: false };
        this.tasks.set(entry.id, entry);
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
        this.tasks.set(id, entry);
        this.ctx.broadcast('task/listUpdate', this.listDTO());
      } else if (entry.definition.command !== definition.command) {
        const changed = { ...entry.definition, command: definition.command };
        if (entry.configured) {
          const saved = await this.save((json) => withTask(json, id, changed));
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
        const saved = await this.save((json) => withTask(json, entry.id, definition));
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
      const existing = this.byCommand(fields.command, true);
      if (existing) return err(taskErrors.commandAlreadyConfigured(fields.command, existing.id));
      const added = await this.addToConfig(definitionOf(fields));
      if (!added.ok) return added;
      const created = this.byCommand(fields.command, true);
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
      const existing = this.byCommand(entry.definition.command, true);
      if (existing) return err(taskErrors.commandAlreadyConfigured(entry.definition.command, existing.id));
      const saved = await this.save((json) => withTask(json, entry.id, entry.definition));
      return saved.ok ? ok(this.dto(entry)) : saved;
    });
  }

  /** task/generateConfig: a tasks.json from package.json, which must exist within 5 s (spec 002 §5). */
  generateConfig(): TaskOutcome<null> {
    return this.serial(async () => {
      if (await this.file.exists()) return err(taskErrors.configFileAlreadyExists());
      const generate = async (): Promise<boolean> => {
        const json = generateTasksConfig(await this.file.readRootText('package.json'), await this.file.rootNames());
        const text = serializeTasksConfig(json);
        const written = await this.file.write(text);
        if (!written.ok || !(await this.file.exists())) return false;
        this.applyText(text);
        return true;
      };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), GENERATE_CONFIG_TIMEOUT_MS)));
      const generated = await Promise.race([generate().catch(() => false), timeout]);
      clearTimeout(timer);
      return generated ? ok(null) : err(taskErrors.configNotGenerated());
    });
  }

  /** task/createSetupTasks: the setup steps of tasks.json become these. */
  createSetupTasks(steps: readonly TaskDefinitionParams[]): TaskOutcome<null> {
    return this.serial(async () => {
      const saved = await this.save((json) => withSetupTasks(json, steps.map(definitionOf)));
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
    const current = entry.shellId === undefined ? undefined : this.ctx.shells.get(entry.shellId);
    const plan = planTaskRun(current && { status: current.status, command: current.startCommand ?? '' }, entry.definition.command);
    if (plan === 'restart' && current && session) {
      const restarted = this.ctx.shells.restart(session, current.shellId);
      if (!restarted.ok) return err({ kind: 'shell', message: restarted.error.message, code: restarted.error.code });
    } else {
      const started = await this.ctx.shells.startCommand(entry.definition.name, entry.definition.command, () => !this.disposed);
      if (!started.ok) return err({ kind: 'shell', message: started.error.message, code: started.error.code });
      if (current) this.ctx.shells.forget(current.shellId);
      entry.shellId = started.value.shellId;
      session?.openShells.add(entry.shellId);
      this.notifyTask(entry);
    }
    return ok(this.dto(entry));
  }

  private runAtStart(): void {
    if (this.startedAtStart || this.disposed) return;
    this.startedAtStart = true;
    const entries = [...this.tasks.values()].filter((entry) => entry.configured && entry.definition.runAtStart);
    const runs = entries.map((entry) =>
      this.serial(() => this.runEntry(entry)).then(
        (ran) => void (!ran.ok && this.ctx.log(`task ${entry.id} did not start: ${ran.error.message}`)),
        (error: Error) => this.ctx.log(`task ${entry.id} did not start: ${error.message}`),
      ),
    );
    this.atStartEmitter.fire({ names: entries.map((e) => e.definition.name), started: Promise.all(runs).then(() => undefined) });
  }

  /** Adds a task to tasks.json under a new id made from its name; resolves with its entry. */
  private async addToConfig(definition: TaskDefinition): Promise<Result<TaskEntry, TaskError>> {
    const id = newTaskId(definition.name, (candidate) => this.isTaken(candidate));
    const saved = await this.save((json) => withTask(json, id, definition));
    if (!saved.ok) return saved;
    const entry = this.tasks.get(id);
    return entry ? ok(entry) : err(taskErrors.taskNotFoundByCommand(definition.command));
  }

  /** Changes tasks.json (refused while it is not valid JSON: the user's text would be lost) and applies it. */
  private async save(change: (json: TasksConfigJson) => TasksConfigJson): Promise<Result<void, TaskError>> {
    if (this.parseError !== undefined) return err(taskErrors.configNotEditable(this.parseError));
    const text = serializeTasksConfig(change(this.json ?? { setupTasks: [], tasks: {} }));
    const written = await this.file.write(text);
    if (!written.ok) return err(taskErrors.configNotWritten(written.error));
    this.applyText(text);
    return ok(undefined);
  }

  private async reload(): Promise<void> {
    if (this.disposed) return;
    const read = await this.file.read();
    if (!read.ok) {
      this.text = undefined;
      this.failParse(read.error);
      return;
    }
    if (read.value === this.text && this.text !== undefined) return;
    if (read.value === undefined) {
      const hadFile = this.text !== undefined || this.parseError !== undefined;
      this.text = undefined;
      this.json = undefined;
      this.parseError = undefined;
      if (hadFile || this.tasks.size > 0) this.applyConfig(EMPTY_TASKS_CONFIG);
      else this.setup.configure([]);
      return;
    }
    this.applyText(read.value);
  }

  private applyText(text: string): void {
    this.text = text;
    const parsed = parseTasksConfig(text);
    if (!parsed.ok) {
      this.failParse(parsed.error.message);
      return;
    }
    this.parseError = undefined;
    this.json = parsed.value.json;
    this.applyConfig(parsed.value.config);
  }

  /** The file cannot be used: its tasks stay as they were, and every client is told why. */
  private failParse(error: string): void {
    this.parseError = error;
    this.ctx.broadcast('task/configParseError', { error });
    this.ctx.broadcast('task/listUpdate', this.listDTO());
  }

  private applyConfig(config: TasksConfig): void {
    this.config = config;
    for (const [id, definition] of Object.entries(config.tasks)) {
      const entry = this.tasks.get(id);
      if (entry) {
        entry.definition = definition;
        entry.configured = true;
      } else {
        this.tasks.set(id, { id, definition, configured: true });
      }
    }
    for (const entry of [...this.tasks.values()]) {
      if (!entry.configured || entry.id in config.tasks) continue;
      // A task removed from the file stays listed while it runs, as an unconfigured one.
      const shell = entry.shellId === undefined ? undefined : this.ctx.shells.get(entry.shellId);
      if (shell?.status === 'RUNNING') {
        entry.configured = false;
      } else {
        if (shell) this.ctx.shells.forget(shell.shellId);
        this.tasks.delete(entry.id);
      }
    }
    this.setup.configure(config.setupTasks);
    this.reassignPorts(false);
    this.ctx.broadcast('task/listUpdate', this.listDTO());
  }

  private shellChanged(shellId: string): void {
    for (const entry of this.tasks.values()) if (entry.shellId === shellId) this.notifyTask(entry);
  }

  /** Recomputes which task each open port belongs to; tasks whose ports changed are announced. */
  private reassignPorts(announce = true): void {
    const entries = [...this.tasks.values()];
    const changed = this.ports.update(entries.map((e) => ({ id: e.id, previewPort: e.definition.preview?.port, shellId: e.shellId })));
    if (announce) for (const id of changed) this.notifyTask(this.tasks.get(id)!);
  }

  private notifyTask(entry: TaskEntry): void {
    if (!this.disposed) this.ctx.broadcast('task/update', this.dto(entry));
  }

  private listDTO(): TaskListDTO {
    const tasks: Record<string, TaskDTO> = {};
    for (const entry of this.tasks.values()) tasks[entry.id] = this.dto(entry);
    const validationErrors = this.parseError === undefined ? this.config.validationErrors : [this.parseError, ...this.config.validationErrors];
    return { tasks, setupTasks: this.config.setupTasks.map((s) => ({ ...s })), validationErrors };
  }

  private dto(entry: TaskEntry): TaskDTO {
    const shell = entry.shellId === undefined ? undefined : this.ctx.shells.get(entry.shellId);
    return {
      ...entry.definition,
      id: entry.id,
      ...(entry.configured ? {} : { unconfigured: true }),
      shell: shell ? shell.toDTO() : null,
      ports: this.ports.of(entry.id),
    };
  }

  private byCommand(command: string, configured: boolean): TaskEntry | undefined {
    return [...this.tasks.values()].find((e) => e.configured === configured && e.definition.command === command);
  }

  private isTaken(candidate: string): boolean {
    return this.tasks.has(candidate) || candidate in this.config.tasks;
  }
}

function definitionOf(fields: TaskDefinitionParams): TaskDefinition {
  return mergeDefinition({ name: fields.name || fields.command, command: fields.command }, fields);
}

function mergeDefinition(base: TaskDefinition, fields: TaskFieldsParams): TaskDefinition {
  const out: TaskDefinition = { ...base };
  if (fields.name) out.name = fields.name;
  if (fields.command) out.command = fields.command;
  if (fields.runAtStart !== undefined) out.runAtStart = fields.runAtStart;
  if (fields.preview !== undefined) out.preview = { ...fields.preview };
  return out;
}
