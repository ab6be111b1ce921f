import { Result, err, ok } from '../../../../base/result';
import { TASKS_CONFIG_PATH } from '../../../../domain/task/task-definition';
import { WorkspaceContext } from '../workspace-context';

const CONFIG_DIR = '.codesandbox';
/** A tasks.json (or package.json) larger than this is not read (it is refused as unreadable). */
const LIMITS = { maxTextCharacters: 1_000_000, maxBinaryBytes: 4_000_000 };

/** Reads and writes the workspace's .codesandbox/tasks.json. */
export class TasksConfigFile {
  constructor(private readonly ctx: WorkspaceContext) {}

  /** The file's text; undefined when there is none; an error text when it cannot be read as text. */
  async read(): Promise<Result<string | undefined, string>> {
    const read = await this.ctx.files.read(TASKS_CONFIG_PATH, LIMITS);
    if (!read.ok) return read.error.code === 'ENOENT' || read.error.code === 'ENOTDIR' ? ok(undefined) : err(`${TASKS_CONFIG_PATH} cannot be read: ${read.error.message}`);
    const content = read.value;
    if (content.kind === 'text') return ok(content.text);
    return err(content.kind === 'too-large' ? `${TASKS_CONFIG_PATH} is too large` : `${TASKS_CONFIG_PATH} is not a text file`);
  }

  async exists(): Promise<boolean> {
    const listing = await this.ctx.files.readdir(CONFIG_DIR);
    return listing.ok && listing.value.some((entry) => entry.name === 'tasks.json');
  }

  /** Writes the file (creating .codesandbox when needed); the tree and the clients hear of it at once. */
  async write(text: string): Promise<Result<void, string>> {
    const made = await this.ctx.files.mkdir(CONFIG_DIR, { recursive: true });
    if (!made.ok) return err(made.error.message);
    const written = await this.ctx.files.writeText(TASKS_CONFIG_PATH, text);
    if (!written.ok) return err(written.error.message);
    void this.ctx.diskChanged([CONFIG_DIR, TASKS_CONFIG_PATH]);
    return ok(undefined);
  }

  /** The text of a workspace file at the root (package.json), if it is one. */
  async readRootText(name: string): Promise<string | undefined> {
    const read = await this.ctx.files.read(name, LIMITS);
    return read.ok && read.value.kind === 'text' ? read.value.text : undefined;
  }

  async rootNames(): Promise<string[]> {
    const listing = await this.ctx.files.readdir('');
    return listing.ok ? listing.value.map((entry) => entry.name) : [];
  }
}

/** Whether a batch of changed paths may have changed tasks.json (the file, its directory, or everything). */
export function touchesTasksConfig(paths: readonly string[]): boolean {
  return paths.some((p) => p === '' || p === TASKS_CONFIG_PATH || TASKS_CONFIG_PATH.startsWith(`${p}/`));
}
