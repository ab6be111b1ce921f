/** What .codesandbox/tasks.json says about one task or setup step (spec 002 §3 Task, protocol.md §3 task). */
export type TaskPrLink = 'direct' | 'redirect' | 'devtool';
export const TASK_PR_LINKS: readonly TaskPrLink[] = ['direct', 'redirect', 'devtool'];

export interface TaskPreview {
  port?: number;
  'pr-link'?: TaskPrLink;
}

export interface TaskDefinition {
  name: string;
  command: string;
  runAtStart?: boolean;
  preview?: TaskPreview;
}

/** The tasks and setup steps of one workspace, with what was dropped from the file and why. */
export interface TasksConfig {
  setupTasks: TaskDefinition[];
  /** By task id, in file order. */
  tasks: Record<string, TaskDefinition>;
  validationErrors: string[];
}

export const EMPTY_TASKS_CONFIG: TasksConfig = { setupTasks: [], tasks: {}, validationErrors: [] };

/** Where the configuration lives, relative to the workspace root. */
export const TASKS_CONFIG_PATH = '.codesandbox/tasks.json';

/** A definition as written to the file: absent optional fields are left out. */
export function definitionToJson(definition: TaskDefinition): Record<string, unknown> {
  const out: Record<string, unknown> = { name: definition.name, command: definition.command };
  if (definition.runAtStart !== undefined) out.runAtStart = definition.runAtStart;
  if (definition.preview !== undefined) out.preview = { ...definition.preview };
  return out;
}

/**
 * A task id made from its name or command (`Run Dev Server` → `run-dev-server`), unique among `taken`: a
 * number is appended when needed.
 */
export function newTaskId(source: string, taken: (id: string) => boolean): string {
  const slug =
    source
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'task';
  if (!taken(slug)) return slug;
  for (let n = 2; ; n++) {
    if (!taken(`${slug}-${n}`)) return `${slug}-${n}`;
  }
}
