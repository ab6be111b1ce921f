import { TaskDefinition } from '../../../../domain/task/task-definition';
import { TaskDefinitionParams, TaskFieldsParams } from '../../../../protocol';

/** The task a client describes (task/create, task/createSetupTasks): its name defaults to its command. */
export function definitionOf(fields: TaskDefinitionParams): TaskDefinition {
  return mergeDefinition({ name: fields.name || fields.command, command: fields.command }, fields);
}

/** A task with the fields a client changes (task/update): empty names and commands, and absent fields, stay. */
export function mergeDefinition(base: TaskDefinition, fields: TaskFieldsParams): TaskDefinition {
  const out: TaskDefinition = { ...base };
  if (fields.name) out.name = fields.name;
  if (fields.command) out.command = fields.command;
  if (fields.runAtStart !== undefined) out.runAtStart = fields.runAtStart;
  if (fields.preview !== undefined) out.preview = { ...fields.preview };
  return out;
}
