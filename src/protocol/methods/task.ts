import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, array, boolean, empty, integer, literal, object, optional, string } from '../schema';
import { Port } from './port';
import { ShellDTO } from './shell';

/** task/* messages (protocol.md §3 task; docs/protocol/task.md). Tasks come from .codesandbox/tasks.json. */
export type TaskPrLink = 'direct' | 'redirect' | 'devtool';
export interface TaskPreviewDTO {
  port?: number;
  'pr-link'?: TaskPrLink;
}
export interface TaskDefinitionDTO {
  name: string;
  command: string;
  runAtStart?: boolean;
  preview?: TaskPreviewDTO;
}
export interface TaskDTO extends TaskDefinitionDTO {
  id: string;
  /** Started with task/runCommand and not saved in tasks.json. */
  unconfigured?: boolean;
  /** The COMMAND shell of its last run; null when it never ran. */
  shell: ShellDTO | null;
  ports: Port[];
}
export interface TaskListDTO {
  tasks: Record<string, TaskDTO>;
  setupTasks: TaskDefinitionDTO[];
  validationErrors: string[];
}

const taskId = string({ nonEmpty: true, max: 256 });
const taskName = string({ max: 256 });
const taskCommand = string({ nonEmpty: true, max: 64 * 1024 });
const taskPreview = object({
  port: optional(integer({ min: 1, max: 65535 })),
  'pr-link': optional(literal('direct', 'redirect', 'devtool')),
});

/** A task definition as a client sends it: the name defaults to the command. */
export const taskDefinitionParams = object({ name: optional(taskName), command: taskCommand, runAtStart: optional(boolean), preview: optional(taskPreview) });
export type TaskDefinitionParams = Infer<typeof taskDefinitionParams>;
/** task/update's fields: any subset of a definition. */
export const taskFieldsParams = object({ name: optional(taskName), command: optional(taskCommand), runAtStart: optional(boolean), preview: optional(taskPreview) });
export type TaskFieldsParams = Infer<typeof taskFieldsParams>;

export const taskIdParams = object({ taskId });
export type TaskIdParams = Infer<typeof taskIdParams>;
export const taskRunCommandParams = object({ command: taskCommand, name: optional(taskName), saveToConfig: optional(boolean) });
export type TaskRunCommandParams = Infer<typeof taskRunCommandParams>;
export const taskUpdateParams = object({ taskId, taskFields: taskFieldsParams });
export type TaskUpdateParams = Infer<typeof taskUpdateParams>;
export const taskCreateParams = object({ taskFields: taskDefinitionParams, startTask: optional(boolean) });
export type TaskCreateParams = Infer<typeof taskCreateParams>;
export const taskCreateSetupTasksParams = object({ tasks: array(taskDefinitionParams, { max: 100 }) });
export type TaskCreateSetupTasksParams = Infer<typeof taskCreateSetupTasksParams>;

export interface TaskRequests {
  'task/list': { params: Record<string, never>; result: TaskListDTO };
  'task/run': { params: TaskIdParams; result: TaskDTO };
  'task/runCommand': { params: TaskRunCommandParams; result: TaskDTO };
  'task/stop': { params: TaskIdParams; result: TaskDTO | null };
  'task/update': { params: TaskUpdateParams; result: TaskDTO };
  'task/create': { params: TaskCreateParams; result: TaskListDTO };
  'task/saveToConfig': { params: TaskIdParams; result: TaskDTO };
  'task/generateConfig': { params: Record<string, never>; result: null };
  'task/createSetupTasks': { params: TaskCreateSetupTasksParams; result: null };
}
export interface TaskNotifications {
  'task/listUpdate': TaskListDTO;
  'task/update': TaskDTO;
  'task/unassignedPortOpened': Port;
  'task/unassignedPortClosed': Port;
  'task/configParseError': { error: string };
}
export const taskSchemas: RequestSchemas<TaskRequests> = {
  'task/list': empty,
  'task/run': taskIdParams,
  'task/runCommand': taskRunCommandParams,
  'task/stop': taskIdParams,
  'task/update': taskUpdateParams,
  'task/create': taskCreateParams,
  'task/saveToConfig': taskIdParams,
  'task/generateConfig': empty,
  'task/createSetupTasks': taskCreateSetupTasksParams,
};
export const taskPermissions: RequestPermissions<TaskRequests> = {
  'task/list': ['task', 'list'],
  'task/run': ['task', 'run'],
  'task/runCommand': ['task', 'runCommand'],
  'task/stop': ['task', 'stop'],
  'task/update': ['task', 'update'],
  'task/create': ['task', 'create'],
  'task/saveToConfig': ['task', 'saveToConfig'],
  'task/generateConfig': ['task', 'generateConfig'],
  'task/createSetupTasks': ['task', 'createSetupTasks'],
};
