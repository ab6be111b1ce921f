import 'reflect-metadata';
import { TaskPortError } from '../../../../src/application/ports/tasks.port';
import { TaskShellStatus } from '../../../../src/domain/task/task-status';
import { list, setUpTasks as setUp, task } from './fake-tasks-port';

describe('TasksStore', () => {
  it('resyncs the task list', async () => {
    const { store } = setUp();
    await store.resync();
    expect(store.all.map((t) => t.id)).toEqual(['dev']);
    expect(store.statusOf('dev')).toBeUndefined();
  });

  it('follows shell status transitions RUNNING → FINISHED / ERROR / KILLED from task/update', () => {
    const { port, store } = setUp();
    port.listEvents.fire(list(task('dev')));
    const seen: Array<TaskShellStatus | undefined> = [];
    for (const update of [task('dev', 'RUNNING'), task('dev', 'FINISHED', 0), task('dev', 'RUNNING'), task('dev', 'ERROR', 2), task('dev', 'KILLED')]) {
      port.taskEvents.fire(update);
      seen.push(store.statusOf('dev'));
    }
    expect(seen).toEqual(['RUNNING', 'FINISHED', 'RUNNING', 'ERROR', 'KILLED']);
  });

  it('fires the task-started event on each change to RUNNING, not on repeated RUNNING updates', () => {
    const { port, started } = setUp();
    port.listEvents.fire(list(task('dev'), task('test', 'RUNNING')));
    expect(started).toEqual(['test']);
    port.taskEvents.fire(task('dev', 'RUNNING'));
    port.taskEvents.fire(task('dev', 'RUNNING'));
    port.listEvents.fire(list(task('dev', 'RUNNING'), task('test', 'RUNNING')));
    expect(started).toEqual(['test', 'dev']);
    port.taskEvents.fire(task('dev', 'FINISHED', 0));
    port.taskEvents.fire(task('dev', 'RUNNING'));
    expect(started).toEqual(['test', 'dev', 'dev']);
  });

  it('clears the shell of a KILLED task before running it again', async () => {
    const { port, store } = setUp();
    port.listEvents.fire(list(task('dev', 'KILLED')));
    await store.run('dev');
    expect(port.shellAtRun).toBeNull();
    expect(store.statusOf('dev')).toBe('RUNNING');
    port.listEvents.fire(list(task('web', 'FINISHED', 0)));
    await store.run('web');
    expect(port.shellAtRun).toMatchObject({ status: 'FINISHED' });
  });

  it('tracks unassigned ports as they open and close', () => {
    const { port, store } = setUp();
    port.opened.fire({ port: 5173, url: 'http://5173' });
    port.opened.fire({ port: 3000, url: 'http://3000' });
    port.opened.fire({ port: 3000, url: 'http://3000' });
    expect(store.unassignedPorts.map((p) => p.port)).toEqual([3000, 5173]);
    port.closed.fire({ port: 3000, url: 'http://3000' });
    expect(store.unassignedPorts.map((p) => p.port)).toEqual([5173]);
  });

  it('keeps the config parse error until the list reads again', () => {
    const { port, store } = setUp();
    port.parseErrors.fire('Unexpected token at 3:4');
    expect(store.configParseError).toBe('Unexpected token at 3:4');
    port.listEvents.fire(list());
    expect(store.configParseError).toBeUndefined();
  });

  it('runs a command as a task and creates a task from a definition', async () => {
    const { port, store } = setUp();
    const created = await store.runCommand('npm test');
    expect(created).toMatchObject({ command: 'npm test', unconfigured: true });
    await store.create({ name: 'lint', command: 'npm run lint' });
    expect(port.calls).toEqual(['runCommand npm test', 'create npm run lint']);
    expect(store.all.map((t) => t.id)).toEqual(['dev', 'new']);
  });

  it('shows a failed request with its message', async () => {
    const { port, store, errors } = setUp();
    port.failure = new TaskPortError('task-not-found', 'Task not found', 601);
    await store.run('ghost');
    await store.stop('ghost');
    expect(errors).toEqual(['Task not found', 'Task not found']);
  });
});
