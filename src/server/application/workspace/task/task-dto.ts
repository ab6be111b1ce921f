import { TasksConfig } from '../../../../domain/task/task-definition';
import { Port, TaskDTO, TaskListDTO } from '../../../../protocol';
import { ShellSession } from '../shell-session';
import { TaskEntry } from './task-entries';

/** A task as the clients see it (docs/protocol/task.md): its definition, its id, its shell and its open ports. */
export function taskDTO(entry: TaskEntry, shell: ShellSession | undefined, ports: Port[]): TaskDTO {
  return {
    ...entry.definition,
    id: entry.id,
    ...(entry.configured ? {} : { unconfigured: true }),
    shell: shell ? shell.toDTO() : null,
    ports,
  };
}

/** The task list as the clients see it: its tasks, the setup steps, and what is wrong with tasks.json. */
export function taskListDTO(tasks: readonly TaskDTO[], config: TasksConfig, parseError: string | undefined): TaskListDTO {
  const byId: Record<string, TaskDTO> = {};
  for (const task of tasks) byId[task.id] = task;
  const validationErrors = parseError === undefined ? config.validationErrors : [parseError, ...config.validationErrors];
  return { tasks: byId, setupTasks: config.setupTasks.map((s) => ({ ...s })), validationErrors };
}
