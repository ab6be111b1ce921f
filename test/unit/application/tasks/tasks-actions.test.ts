import 'reflect-metadata';
import { tasksActions, TasksActionDeps } from '../../../../src/application/tasks/tasks-actions';
import { QuickPick } from '../../../../src/application/workbench/quick-input.store';
import { accessAs } from '../support/access';
import { list, setUpTasks, task } from './fake-tasks-port';

/** The three task pickers of the palette over a real TasksStore; the pick is answered as the user would. */
function setUp(level: 'write' | 'read' = 'write') {
  const { port, store } = setUpTasks();
  const picks: QuickPick[] = [];
  const { access } = accessAs(level);
  // Setup, terminals and layout are not used by these actions.
  const deps = { tasks: store, access, quickInput: { openPick: (p: QuickPick) => void picks.push(p) } } as unknown as TasksActionDeps;
  const actions = tasksActions(deps);
  const action = (id: string) => actions.find((a) => a.id === id)!;
  return { port, store, picks, action };
}

const RUN = 'workbench.action.tasks.runTask';
const RESTART = 'workbench.action.tasks.restartTask';
const TERMINATE = 'workbench.action.tasks.terminate';

describe('the task pickers (Tasks: Run Task, Restart Running Task, Terminate Task)', () => {
  it('Run Task offers the tasks that are not running, by name with their command, and runs the one picked', async () => {
    const { port, picks, action } = setUp();
    port.listEvents.fire(list(task('dev', 'RUNNING'), task('test', 'FINISHED', 0), task('lint')));
    expect(action(RUN).when!()).toBe(true);
    await action(RUN).run();
    expect(picks).toHaveLength(1);
    expect(picks[0].placeholder).toBe('Select the task to run');
    expect(picks[0].items).toEqual([
      { id: 'test', label: 'test', detail: 'npm run test' },
      { id: 'lint', label: 'lint', detail: 'npm run lint' },
    ]);
    picks[0].onAccept('lint');
    await Promise.resolve();
    expect(port.calls).toEqual(['run lint']);
  });

  it('Restart Running Task and Terminate Task offer the running tasks only, and restart or stop the one picked', async () => {
    const { port, picks, action } = setUp();
    port.listEvents.fire(list(task('dev', 'RUNNING'), task('test', 'FINISHED', 0), task('web', 'RUNNING')));
    await action(RESTART).run();
    await action(TERMINATE).run();
    expect(picks.map((p) => p.items.map((i) => i.id))).toEqual([
      ['dev', 'web'],
      ['dev', 'web'],
    ]);
    picks[0].onAccept('web');
    picks[1].onAccept('dev');
    await Promise.resolve();
    expect(port.calls).toEqual(['run web', 'stop dev']);
  });

  it('are listed only when there is something to pick and this client may run tasks', () => {
    const idle = setUp();
    idle.port.listEvents.fire(list(task('test', 'FINISHED', 0)));
    expect([RUN, RESTART, TERMINATE].map((id) => idle.action(id).when!())).toEqual([true, false, false]);
    const busy = setUp();
    busy.port.listEvents.fire(list(task('dev', 'RUNNING')));
    expect([RUN, RESTART, TERMINATE].map((id) => busy.action(id).when!())).toEqual([false, true, true]);
    const reader = setUp('read');
    reader.port.listEvents.fire(list(task('dev', 'RUNNING'), task('test')));
    expect([RUN, RESTART, TERMINATE].map((id) => reader.action(id).when!())).toEqual([false, false, false]);
  });
});
