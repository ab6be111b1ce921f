import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

const CONFIG = `{
  // Lenient like CodeSandbox: comments, a setup step as a plain string, trailing commas.
  "setupTasks": [
    "echo one > setup-one.txt",
    { "name": "Second step", "command": "echo two > setup-two.txt" },
  ],
  "tasks": {
    "at-start": { "name": "At start", "command": "echo started > at-start.txt", "runAtStart": true },
    "ok": { "name": "Succeeds", "command": "echo ok-output" },
    "fails": { "name": "Fails", "command": "echo failing; exit 3" },
    "long": { "name": "Long", "command": "sleep 20" },
  },
}
`;

/**
 * Tasks and setup against the real server (docs/protocol/task.md, setup.md): tasks.json read from disk and again
 * when it changes, each task a real COMMAND shell with its statuses, the setup steps run in order.
 */
describe('tasks and setup', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  const file = (name: string) => path.join(context.filesDir, name);
  const configPath = () => file('.codesandbox/tasks.json');

  beforeAll(async () => {
    mkdirSync(file('.codesandbox'), { recursive: true });
    writeFileSync(configPath(), CONFIG);
  });
  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  const setupState = async () => (await a.ask('setup/get', {})).result;
  /**
   * Lets a just-started process settle before it is stopped: the bubblewrap runtime can miss a kill sent within
   * ~20 ms of the spawn and leave the sandboxed process running (reported to the runtime's owner).
   */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  /** The next task/update for a task from index `from` whose shell matches. */
  const taskUpdate = (s: WireSession, taskId: string, predicate: (task: any) => boolean, from: number) =>
    s.notification('task/update', (t) => t.id === taskId && predicate(t), from);

  it('runs the setup steps in order when the workspace starts, then the runAtStart tasks', async () => {
    const progress = await eventually(async () => {
      const p = await setupState();
      return p.state === 'FINISHED' && p;
    }, 'the setup to finish');
    expect(progress.steps.map((s: any) => [s.name, s.command, s.finishStatus])).toEqual([
      ['echo one > setup-one.txt', 'echo one > setup-one.txt', 'SUCCEEDED'],
      ['Second step', 'echo two > setup-two.txt', 'SUCCEEDED'],
    ]);
    expect(progress.steps.every((s: any) => typeof s.shellId === 'string')).toBe(true);
    expect(readFileSync(file('setup-two.txt'), 'utf8')).toBe('two\n');
    await eventually(() => existsSync(file('at-start.txt')), 'the runAtStart task to run');
    expect(statSync(file('at-start.txt')).mtimeMs).toBeGreaterThanOrEqual(statSync(file('setup-two.txt')).mtimeMs);
    const list = (await a.ask('task/list', {})).result;
    expect(list.tasks['at-start'].shell).toMatchObject({ shellType: 'COMMAND', startCommand: 'echo started > at-start.txt' });
    expect(list.tasks.ok).toEqual({ id: 'ok', name: 'Succeeds', command: 'echo ok-output', shell: null, ports: [] });
    expect(list.setupTasks).toEqual([
      { name: 'echo one > setup-one.txt', command: 'echo one > setup-one.txt' },
      { name: 'Second step', command: 'echo two > setup-two.txt' },
    ]);
    expect(list.validationErrors).toEqual([]);
  });

  it('runs a task as a COMMAND shell of 128x40: RUNNING, then FINISHED with exit code 0, to every client', async () => {
    const from = b.wire.received.length;
    const ran = await a.ask('task/run', { taskId: 'ok' });
    expect(ran.status).toBe(0);
    expect(ran.result.shell).toMatchObject({ status: 'RUNNING', shellType: 'COMMAND', name: 'Succeeds', startCommand: 'echo ok-output' });
    const finished = await taskUpdate(b, 'ok', (t) => t.shell?.status === 'FINISHED', from);
    expect(finished.shell.exitCode).toBe(0);
    expect(finished.shell.shellId).toBe(ran.result.shell.shellId);
    const opened = await b.ask('shell/open', { shellId: ran.result.shell.shellId, size: { cols: 128, rows: 40 } });
    expect(opened.result.buffer.join('')).toContain('ok-output');
  });

  it('marks a task ERROR with its exit code when it exits above 0', async () => {
    const from = a.wire.received.length;
    await a.ask('task/run', { taskId: 'fails' });
    const failed = await taskUpdate(a, 'fails', (t) => t.shell?.status !== 'RUNNING', from);
    expect(failed.shell).toMatchObject({ status: 'ERROR', exitCode: 3 });
  });

  it('runs a finished task again in the same shell', async () => {
    const first = (await a.ask('task/list', {})).result.tasks.ok.shell.shellId;
    const from = a.wire.received.length;
    const again = await a.ask('task/run', { taskId: 'ok' });
    expect(again.result.shell.shellId).toBe(first);
    await a.notification('shell/restart', (p) => p.shellId === first, from);
    await taskUpdate(a, 'ok', (t) => t.shell?.status === 'FINISHED', from);
  });

  it('stops a task (KILLED); running a KILLED task starts a fresh shell', async () => {
    const ran = await a.ask('task/run', { taskId: 'long' });
    const shellId = ran.result.shell.shellId;
    await settle();
    const from = b.wire.received.length;
    const stopped = await a.ask('task/stop', { taskId: 'long' });
    expect(stopped.result.shell).toMatchObject({ shellId, status: 'KILLED' });
    await taskUpdate(b, 'long', (t) => t.shell?.status === 'KILLED', from);
    await b.notification('shell/terminate', (p) => p.shellId === shellId, from);
    const again = await a.ask('task/run', { taskId: 'long' });
    expect(again.result.shell.status).toBe('RUNNING');
    expect(again.result.shell.shellId).not.toBe(shellId);
    expect((await a.ask('shell/open', { shellId })).error.code).toBe(PitcherErrorCode.SHELL_NOT_FOUND);
    await settle();
    await a.ask('task/stop', { taskId: 'long' });
  });

  it('answers unknown tasks with TASK_NOT_FOUND and bad params with INVALID_PARAMS', async () => {
    expect((await a.ask('task/run', { taskId: 'nope' })).error).toEqual({ code: PitcherErrorCode.TASK_NOT_FOUND, message: 'Task nope not found' });
    expect((await a.ask('task/stop', { taskId: 'nope' })).error.code).toBe(PitcherErrorCode.TASK_NOT_FOUND);
    expect((await a.ask('task/update', { taskId: 'nope', taskFields: {} })).error.code).toBe(PitcherErrorCode.TASK_NOT_FOUND);
    expect((await a.ask('task/run', { taskId: 7 })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    expect((await a.ask('task/create', { taskFields: { name: 'x' } })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    expect((await a.ask('setup/skip', { stepIndexToSkip: -1 })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    expect((await a.ask('task/list', {})).status).toBe(0);
  });

  it('creates a task in tasks.json and starts it; the same command again is COMMAND_ALREADY_CONFIGURED', async () => {
    const from = b.wire.received.length;
    const created = await a.ask('task/create', { taskFields: { name: 'Make Note', command: 'echo note > note.txt', preview: { port: 4999 } }, startTask: true });
    expect(created.status).toBe(0);
    expect(created.result.tasks['make-note']).toMatchObject({ name: 'Make Note', command: 'echo note > note.txt', preview: { port: 4999 } });
    expect(created.result.tasks['make-note'].unconfigured).toBeUndefined();
    await b.notification('task/listUpdate', (l) => 'make-note' in l.tasks, from);
    await eventually(() => existsSync(file('note.txt')), 'the created task to run');
    const onDisk = readFileSync(configPath(), 'utf8');
    expect(JSON.parse(onDisk).tasks['make-note']).toEqual({ name: 'Make Note', command: 'echo note > note.txt', preview: { port: 4999 } });
    expect(JSON.parse(onDisk).tasks.ok).toEqual({ name: 'Succeeds', command: 'echo ok-output' });
    const again = await a.ask('task/create', { taskFields: { command: 'echo note > note.txt' } });
    expect(again.error).toEqual({ code: PitcherErrorCode.COMMAND_ALREADY_CONFIGURED, message: 'The command echo note > note.txt is already configured as task make-note' });
  });

  it('runs a command as an unconfigured task, saves it to the config, and updates it there', async () => {
    const ran = await a.ask('task/runCommand', { command: 'echo adhoc', name: 'Ad hoc' });
    expect(ran.result).toMatchObject({ id: 'ad-hoc', name: 'Ad hoc', command: 'echo adhoc', unconfigured: true });
    expect(JSON.parse(readFileSync(configPath(), 'utf8')).tasks['ad-hoc']).toBeUndefined();
    const saved = await a.ask('task/saveToConfig', { taskId: 'ad-hoc' });
    expect(saved.result.unconfigured).toBeUndefined();
    expect(JSON.parse(readFileSync(configPath(), 'utf8')).tasks['ad-hoc']).toEqual({ name: 'Ad hoc', command: 'echo adhoc' });
    expect((await a.ask('task/saveToConfig', { taskId: 'ad-hoc' })).error.code).toBe(PitcherErrorCode.COMMAND_ALREADY_CONFIGURED);
    const from = b.wire.received.length;
    const updated = await a.ask('task/update', { taskId: 'ad-hoc', taskFields: { name: 'Renamed', runAtStart: true } });
    expect(updated.result).toMatchObject({ id: 'ad-hoc', name: 'Renamed', command: 'echo adhoc', runAtStart: true });
    await taskUpdate(b, 'ad-hoc', (t) => t.name === 'Renamed', from);
    expect(JSON.parse(readFileSync(configPath(), 'utf8')).tasks['ad-hoc']).toEqual({ name: 'Renamed', command: 'echo adhoc', runAtStart: true });
    const saving = await a.ask('task/runCommand', { command: 'echo saved-at-once', saveToConfig: true });
    expect(saving.result).toMatchObject({ id: 'echo-saved-at-once', command: 'echo saved-at-once' });
    expect(saving.result.unconfigured).toBeUndefined();
    expect(JSON.parse(readFileSync(configPath(), 'utf8')).tasks['echo-saved-at-once']).toEqual({ name: 'echo saved-at-once', command: 'echo saved-at-once' });
  });

  it('reports tasks.json that is not JSON (task/configParseError, with line and column) and reads it again once fixed', async () => {
    const valid = readFileSync(configPath(), 'utf8');
    const from = b.wire.received.length;
    writeFileSync(configPath(), '{\n  "tasks": {\n    "x": { "command": "echo" \n  }\n');
    const parseError = await b.notification('task/configParseError', () => true, from);
    expect(parseError.error).toBe(".codesandbox/tasks.json is not valid JSON: Expected ',' or '}' but found the end of the file at line 5, column 1");
    const list = (await a.ask('task/list', {})).result;
    expect(list.validationErrors[0]).toBe(parseError.error);
    expect(list.tasks.ok.name).toBe('Succeeds');
    const edit = await a.ask('task/update', { taskId: 'ok', taskFields: { name: 'Nope' } });
    expect(edit.error.message).toContain('Fix .codesandbox/tasks.json first');
    expect(readFileSync(configPath(), 'utf8')).toContain('"x": { "command": "echo" ');
    const fixed = b.wire.received.length;
    writeFileSync(configPath(), valid.replace('"Succeeds"', '"Succeeds again"'));
    const update = await b.notification('task/listUpdate', (l) => l.tasks.ok?.name === 'Succeeds again', fixed);
    expect(update.validationErrors).toEqual([]);
  });

  it('lists entries it cannot use as validation errors', async () => {
    const valid = readFileSync(configPath(), 'utf8');
    // A task that still runs when it leaves the file stays listed (unconfigured): let the quick ones end first.
    await eventually(async () => Object.values((await a.ask('task/list', {})).result.tasks).every((t: any) => t.shell?.status !== 'RUNNING'), 'the tasks to end');
    const from = a.wire.received.length;
    writeFileSync(configPath(), JSON.stringify({ setupTasks: [42], tasks: { ok: { name: 'Succeeds', command: 'echo ok-output' }, broken: { name: 'No command' } } }));
    const update = await a.notification('task/listUpdate', (l) => !('make-note' in l.tasks), from);
    expect(update.validationErrors).toEqual(['setupTasks[0] must be a command or a {"name", "command"} object', 'tasks.broken.command must be a non-empty string']);
    expect(Object.keys(update.tasks).sort()).toEqual(['ok']);
    const back = a.wire.received.length;
    writeFileSync(configPath(), valid);
    await a.notification('task/listUpdate', (l) => 'make-note' in l.tasks, back);
  });

  it('runs new setup steps on setup/init, and skips one, all, or restarts from a step', async () => {
    const from = a.wire.received.length;
    const steps = [
      { name: 'Slow', command: 'sleep 20' },
      { name: 'After', command: 'echo after > after.txt' },
      { name: 'Slow again', command: 'sleep 20' },
    ];
    expect((await a.ask('task/createSetupTasks', { tasks: steps })).result).toBeNull();
    expect(JSON.parse(readFileSync(configPath(), 'utf8')).setupTasks).toEqual(steps);
    const idle = await a.notification('setup/progress', (p) => p.steps.length === 3, from);
    expect(idle).toMatchObject({ state: 'IDLE', currentStepIndex: 0 });

    const init = await a.ask('setup/init', null);
    expect(init.result).toMatchObject({ state: 'IN_PROGRESS', currentStepIndex: 0 });
    const running = await a.notification('setup/progress', (p) => p.steps[0].shellId !== null, from);
    const slowShell = running.steps[0].shellId;
    await settle();

    const skipFrom = a.wire.received.length;
    const skipped = await a.ask('setup/skip', { stepIndexToSkip: 0 });
    expect(skipped.result.steps[0]).toMatchObject({ finishStatus: 'SKIPPED', shellId: slowShell });
    expect(skipped.result.currentStepIndex).toBe(1);
    await a.notification('shell/terminate', (p) => p.shellId === slowShell, skipFrom);
    const third = await a.notification('setup/progress', (p) => p.currentStepIndex === 2 && p.steps[2].shellId !== null, skipFrom);
    expect(third.steps[1].finishStatus).toBe('SUCCEEDED');
    expect(readFileSync(file('after.txt'), 'utf8')).toBe('after\n');
    await settle();

    const all = await a.ask('setup/skipAll', null);
    expect(all.result.state).toBe('FINISHED');
    expect(all.result.steps.map((s: any) => s.finishStatus)).toEqual(['SKIPPED', 'SUCCEEDED', 'SKIPPED']);

    rmSync(file('after.txt'));
    const again = await a.ask('setup/setStep', { stepIndex: 1 });
    expect(again.result).toMatchObject({ state: 'IN_PROGRESS', currentStepIndex: 1 });
    expect(again.result.steps.map((s: any) => s.finishStatus)).toEqual(['SKIPPED', null, null]);
    await eventually(() => existsSync(file('after.txt')), 'step 1 to run again');
    expect((await a.ask('setup/skip', { stepIndexToSkip: 9 })).error).toEqual({
      code: PitcherErrorCode.INVALID_PARAMS,
      message: 'Setup step 9 does not exist (there are 3 steps)',
    });
    await eventually(async () => (await setupState()).steps[2].shellId !== null, 'step 2 to start');
    await settle();
    expect((await a.ask('setup/disable', null)).result.state).toBe('STOPPED');
    expect((await a.ask('setup/init', null)).result.state).toBe('STOPPED');
    expect((await a.ask('setup/enable', null)).result.state).toBe('STOPPED');
    expect((await a.ask('setup/skipAll', null)).result.state).toBe('FINISHED');
  });

  it('generates tasks.json from package.json, and refuses when one exists (CONFIG_FILE_ALREADY_EXISTS)', async () => {
    const exists = await a.ask('task/generateConfig', {});
    expect(exists.error).toEqual({ code: PitcherErrorCode.CONFIG_FILE_ALREADY_EXISTS, message: '.codesandbox/tasks.json already exists' });
    const from = a.wire.received.length;
    rmSync(configPath());
    await a.notification('task/listUpdate', (l) => Object.keys(l.tasks).every((id) => id !== 'ok'), from);
    writeFileSync(file('package.json'), JSON.stringify({ name: 'gen', scripts: { dev: 'vite --port 5173', build: 'vite build', prebuild: 'echo pre' } }));
    writeFileSync(file('yarn.lock'), '');
    const generated = await a.ask('task/generateConfig', {});
    expect(generated.status).toBe(0);
    expect(generated.result).toBeNull();
    expect(JSON.parse(readFileSync(configPath(), 'utf8'))).toEqual({
      setupTasks: [{ name: 'Install Dependencies', command: 'yarn install' }],
      tasks: {
        dev: { name: 'dev', command: 'yarn run dev', runAtStart: true, preview: { port: 5173 } },
        build: { name: 'build', command: 'yarn run build' },
      },
    });
    const list = (await a.ask('task/list', {})).result;
    expect(list.tasks.dev).toMatchObject({ command: 'yarn run dev', shell: null });
    expect((await setupState()).steps).toEqual([{ name: 'Install Dependencies', command: 'yarn install', shellId: null, finishStatus: null }]);
  });
});
