import { Result, err, ok } from '../../../../base/result';
import { generateTasksConfig } from '../../../../domain/task/generate-tasks-config';
import { EMPTY_TASKS_CONFIG, TasksConfig } from '../../../../domain/task/task-definition';
import { TaskError, taskErrors } from '../../../../domain/task/task.errors';
import { TasksConfigJson, parseTasksConfig, serializeTasksConfig } from '../../../../domain/task/tasks-config';
import { WorkspaceContext } from '../workspace-context';
import { TasksConfigFile } from './tasks-config-file';

/** task/generateConfig gives up when the file does not exist this long after it was asked for (spec 002 §5). */
export const GENERATE_CONFIG_TIMEOUT_MS = 5_000;

/** What reading or writing tasks.json made of the configuration. */
export type TasksConfigChange =
  /** The file cannot be used (not readable, not JSON): the configuration stays as it was. */
  | { kind: 'parse-error'; error: string }
  /** There is no file: the configuration is empty; `hadFile` when there was one (usable or not) until now. */
  | { kind: 'no-file'; hadFile: boolean }
  /** The file was read or written: this is its configuration. */
  | { kind: 'parsed'; config: TasksConfig };

/**
 * The workspace's .codesandbox/tasks.json as last read or written: its text, its JSON object (which edits change,
 * keeping what they do not know), its configuration, and why it cannot be used. Reads it again, changes it, generates
 * it; every change is handed to `changed` as it happens.
 */
export class TasksConfigDocument {
  private readonly file: TasksConfigFile;
  private current: TasksConfig = EMPTY_TASKS_CONFIG;
  /** The file's JSON object; undefined while there is no file. */
  private json: TasksConfigJson | undefined;
  /** The text last read or written (a change on disk with the same text is not one). */
  private text: string | undefined;
  private error: string | undefined;

  constructor(
    ctx: WorkspaceContext,
    private readonly changed: (change: TasksConfigChange) => void,
  ) {
    this.file = new TasksConfigFile(ctx);
  }

  /** The configuration of the file (the last usable one while it cannot be used; empty without a file). */
  get config(): TasksConfig {
    return this.current;
  }

  /** Why the file cannot be used; undefined while it can, or there is none. */
  get parseError(): string | undefined {
    return this.error;
  }

  /** Reads the file again (nothing happens when its text did not change). */
  async reload(): Promise<void> {
    const read = await this.file.read();
    if (!read.ok) {
      this.text = undefined;
      this.fail(read.error);
      return;
    }
    if (read.value === this.text && this.text !== undefined) return;
    if (read.value === undefined) {
      const hadFile = this.text !== undefined || this.error !== undefined;
      this.text = undefined;
      this.json = undefined;
      this.error = undefined;
      this.current = EMPTY_TASKS_CONFIG;
      this.changed({ kind: 'no-file', hadFile });
      return;
    }
    this.apply(read.value);
  }

  /** Changes the file (refused while it is not valid JSON: the user's text would be lost) and applies it. */
  async edit(change: (json: TasksConfigJson) => TasksConfigJson): Promise<Result<void, TaskError>> {
    if (this.error !== undefined) return err(taskErrors.configNotEditable(this.error));
    const text = serializeTasksConfig(change(this.json ?? { setupTasks: [], tasks: {} }));
    const written = await this.file.write(text);
    if (!written.ok) return err(taskErrors.configNotWritten(written.error));
    this.apply(text);
    return ok(undefined);
  }

  /** task/generateConfig: writes a tasks.json made from package.json, which must exist within 5 s (spec 002 §5). */
  async generate(): Promise<Result<null, TaskError>> {
    if (await this.file.exists()) return err(taskErrors.configFileAlreadyExists());
    const generate = async (): Promise<boolean> => {
      const json = generateTasksConfig(await this.file.readRootText('package.json'), await this.file.rootNames());
      const text = serializeTasksConfig(json);
      const written = await this.file.write(text);
      if (!written.ok || !(await this.file.exists())) return false;
      this.apply(text);
      return true;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), GENERATE_CONFIG_TIMEOUT_MS)));
    const generated = await Promise.race([generate().catch(() => false), timeout]);
    clearTimeout(timer);
    return generated ? ok(null) : err(taskErrors.configNotGenerated());
  }

  private apply(text: string): void {
    this.text = text;
    const parsed = parseTasksConfig(text);
    if (!parsed.ok) {
      this.fail(parsed.error.message);
      return;
    }
    this.error = undefined;
    this.json = parsed.value.json;
    this.current = parsed.value.config;
    this.changed({ kind: 'parsed', config: parsed.value.config });
  }

  /** The file cannot be used: its configuration stays as it was. */
  private fail(error: string): void {
    this.error = error;
    this.changed({ kind: 'parse-error', error });
  }
}
