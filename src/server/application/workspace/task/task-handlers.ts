import { TaskRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';
import { taskFailure } from './task-error-codes';

/** task/* (docs/protocol/task.md). */
export const taskHandlers: FamilyHandlers<keyof TaskRequests> = {
  'task/list': async ({ workspace }) => done(await workspace.tasks.list()),
  'task/run': async ({ workspace, session }, { taskId }) => {
    const ran = await workspace.tasks.run(taskId, session);
    return ran.ok ? done(ran.value) : taskFailure(ran.error);
  },
  'task/runCommand': async ({ workspace, session }, { command, name, saveToConfig }) => {
    const ran = await workspace.tasks.runCommand(command, name, saveToConfig ?? false, session);
    return ran.ok ? done(ran.value) : taskFailure(ran.error);
  },
  'task/stop': async ({ workspace, session }, { taskId }) => {
    const stopped = await workspace.tasks.stop(taskId, session);
    return stopped.ok ? done(stopped.value) : taskFailure(stopped.error);
  },
  'task/update': async ({ workspace }, { taskId, taskFields }) => {
    const updated = await workspace.tasks.update(taskId, taskFields);
    return updated.ok ? done(updated.value) : taskFailure(updated.error);
  },
  'task/create': async ({ workspace, session }, { taskFields, startTask }) => {
    const created = await workspace.tasks.create(taskFields, startTask ?? false, session);
    return created.ok ? done(created.value) : taskFailure(created.error);
  },
  'task/saveToConfig': async ({ workspace }, { taskId }) => {
    const saved = await workspace.tasks.saveToConfig(taskId);
    return saved.ok ? done(saved.value) : taskFailure(saved.error);
  },
  'task/generateConfig': async ({ workspace }) => {
    const generated = await workspace.tasks.generateConfig();
    return generated.ok ? done(null) : taskFailure(generated.error);
  },
  'task/createSetupTasks': async ({ workspace }, { tasks }) => {
    const created = await workspace.tasks.createSetupTasks(tasks);
    return created.ok ? done(null) : taskFailure(created.error);
  },
};
