import { Result, err, ok } from '../../base/result';
import { parseJsonc } from './jsonc';
import { TaskError, taskErrors } from './task.errors';
import { TASK_PR_LINKS, TaskDefinition, TaskPrLink, TaskPreview, TasksConfig, definitionToJson } from './task-definition';

/** The file's JSON object as read (unknown fields kept, so that edits preserve them). */
export type TasksConfigJson = Record<string, unknown>;

export interface ParsedTasksConfig {
  json: TasksConfigJson;
  config: TasksConfig;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads .codesandbox/tasks.json leniently, as CodeSandbox does: comments and trailing commas are allowed, a setup
 * task may be a plain command string, a name defaults to the task id (or the command); entries that cannot be used
 * are dropped with a validation error each. Only text that is not JSON at all is an error.
 */
export function parseTasksConfig(text: string): Result<ParsedTasksConfig, TaskError> {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return err(taskErrors.configParseError(parsed.error));
  const errors: string[] = [];
  if (!isObject(parsed.value)) {
    errors.push('The file must hold an object with "setupTasks" and "tasks"');
    return ok({ json: {}, config: { setupTasks: [], tasks: {}, validationErrors: errors } });
  }
  const json = parsed.value;
  return ok({ json, config: { setupTasks: readSetupTasks(json.setupTasks, errors), tasks: readTasks(json.tasks, errors), validationErrors: errors } });
}

function readSetupTasks(value: unknown, errors: string[]): TaskDefinition[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    errors.push('"setupTasks" must be a list of commands or {"name", "command"} objects');
    return [];
  }
  const out: TaskDefinition[] = [];
  value.forEach((entry, i) => {
    const where = `setupTasks[${i}]`;
    if (typeof entry === 'string') {
      if (entry.trim() === '') errors.push(`${where} is an empty command`);
      else out.push({ name: entry, command: entry });
      return;
    }
    if (!isObject(entry)) {
      errors.push(`${where} must be a command or a {"name", "command"} object`);
      return;
    }
    const command = readCommand(entry.command, where, errors);
    if (command !== undefined) out.push({ name: readName(entry.name, command, where, errors), command });
  });
  return out;
}

function readTasks(value: unknown, errors: string[]): Record<string, TaskDefinition> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) {
    errors.push('"tasks" must be an object of tasks by id');
    return {};
  }
  const out: Record<string, TaskDefinition> = {};
  for (const [id, entry] of Object.entries(value)) {
    const where = `tasks.${id}`;
    if (id.trim() === '') {
      errors.push('A task id must not be empty');
      continue;
    }
    if (typeof entry === 'string') {
      if (entry.trim() === '') errors.push(`${where} is an empty command`);
      else out[id] = { name: id, command: entry };
      continue;
    }
    if (!isObject(entry)) {
      errors.push(`${where} must be an object with a "command"`);
      continue;
    }
    const command = readCommand(entry.command, where, errors);
    if (command === undefined) continue;
    const definition: TaskDefinition = { name: readName(entry.name, id, where, errors), command };
    if (entry.runAtStart !== undefined) {
      if (typeof entry.runAtStart === 'boolean') definition.runAtStart = entry.runAtStart;
      else errors.push(`${where}.runAtStart must be true or false`);
    }
    const preview = readPreview(entry.preview, `${where}.preview`, errors);
    if (preview !== undefined) definition.preview = preview;
    out[id] = definition;
  }
  return out;
}

function readCommand(value: unknown, where: string, errors: string[]): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  errors.push(`${where}.command must be a non-empty string`);
  return undefined;
}

function readName(value: unknown, fallback: string, where: string, errors: string[]): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string' && value.trim() !== '') return value;
  errors.push(`${where}.name must be a non-empty string`);
  return fallback;
}

function readPreview(value: unknown, where: string, errors: string[]): TaskPreview | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    errors.push(`${where} must be an object`);
    return undefined;
  }
  const preview: TaskPreview = {};
  if (value.port !== undefined && value.port !== null) {
    const port = value.port;
    if (typeof port === 'number' && Number.isInteger(port) && port >= 1 && port <= 65535) preview.port = port;
    else errors.push(`${where}.port must be a port number (1-65535)`);
  }
  const link = value['pr-link'];
  if (link !== undefined && link !== null) {
    if (TASK_PR_LINKS.includes(link as TaskPrLink)) preview['pr-link'] = link as TaskPrLink;
    else errors.push(`${where}.pr-link must be one of ${TASK_PR_LINKS.join(', ')}`);
  }
  return preview;
}

/** The file's JSON with one task added or replaced (other fields and tasks kept, in order). */
export function withTask(json: TasksConfigJson, id: string, definition: TaskDefinition): TasksConfigJson {
  const tasks = isObject(json.tasks) ? json.tasks : {};
  return { ...json, tasks: { ...tasks, [id]: definitionToJson(definition) } };
}

/** The file's JSON with its setup steps replaced. */
export function withSetupTasks(json: TasksConfigJson, steps: readonly TaskDefinition[]): TasksConfigJson {
  return { ...json, setupTasks: steps.map((s) => ({ name: s.name, command: s.command })) };
}

/** The text written to disk (comments of the original are not kept). */
export function serializeTasksConfig(json: TasksConfigJson): string {
  return `${JSON.stringify(json, null, 2)}\n`;
}
