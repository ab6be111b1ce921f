import * as net from 'node:net';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { FixtureGroup, GroupRecorder } from '../recorder';

/** A small HTTP server a terminal starts, to open a port. */
const SERVER_JS = "require('http').createServer((q, s) => s.end('hello')).listen(Number(process.argv[2]));\n";
const SETUP_STEPS = [
  { name: 'First', command: 'echo one' },
  { name: 'Wait', command: 'sleep 30' },
  { name: 'Last', command: 'echo three' },
];
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Runs a command in a terminal of A (not recorded); returns the shell id. */
async function terminal(g: GroupRecorder, input: string): Promise<string> {
  const created = await g.peer('A').ask('shell/create', { type: 'TERMINAL', size: { cols: 120, rows: 30 } });
  await g.peer('A').ask('shell/in', { shellId: created.result.shellId, input });
  return created.result.shellId;
}

/**
 * The package.json task/generateConfig reads: its `start` becomes the task that runs at start, and it runs until the
 * server stops, so that every later fixture sees it RUNNING (it starts each time the setup finishes, unless running).
 */
const PACKAGE_JSON = `${JSON.stringify({ name: 'fixture-app', private: true, scripts: { start: 'sleep 600', build: 'echo built' } }, null, 2)}\n`;

/**
 * task, setup and port. The workspace starts without .codesandbox/tasks.json: task/generateConfig writes one from
 * PACKAGE_JSON, task/createSetupTasks replaces its setup steps with three quick ones (the middle one waits), and the
 * setup is driven through its states (when it finishes, the runAtStart task starts). Tasks are created, run, changed, stopped and saved. A terminal starts a
 * web server on a free port (no task claims it), which port/list and the unassigned-port notifications show.
 */
export const taskSetupPortGroup: FixtureGroup = {
  name: 'task-setup-port',
  prepare({ filesDir }) {
    writeFileSync(path.join(filesDir, 'server.js'), SERVER_JS);
    writeFileSync(path.join(filesDir, 'package.json'), PACKAGE_JSON);
  },
  async run(g) {
    await g.fixture('setup/get', { note: 'No tasks.json yet: no steps, FINISHED; a setup/progress follows the answer (the SDK waits for one).' }, async (f) => {
      await f.ask('A', 'setup/get', {}, [{ to: 'A', method: 'setup/progress' }]);
    });
    await g.fixture('task/list', { note: 'No tasks.json yet.' }, async (f) => void (await f.ask('A', 'task/list', {})));
    await g.fixture('task/generateConfig', { note: 'Writes .codesandbox/tasks.json from package.json (start: sleep 600): the list is announced.' }, async (f) => {
      await f.ask('A', 'task/generateConfig', {}, [{ to: 'B', method: 'task/listUpdate' }]);
    });
    await g.fixture('task/generateConfig.error-config-exists', {}, async (f) => void (await f.ask('A', 'task/generateConfig', {})));
    await g.fixture('task/createSetupTasks', { note: 'The setup steps become three quick ones (not run until setup/init).' }, async (f) => {
      await f.ask('A', 'task/createSetupTasks', { tasks: SETUP_STEPS }, [
        { to: 'B', method: 'task/listUpdate', where: (l) => l.setupTasks.length === 3 },
        { to: 'B', method: 'setup/progress', where: (p) => p.steps.length === 3 },
      ]);
    });
    await g.fixture(
      'setup/init',
      { note: 'Runs the setup: step 0 runs at once; step 1 (sleep 30) is running when the recorded progress arrives.' },
      async (f) => {
        await f.ask('A', 'setup/init', {}, [
          { to: 'B', method: 'setup/progress', where: (p) => p.steps[0].finishStatus === 'SUCCEEDED' && p.steps[1].shellId !== null },
        ]);
      },
    );
    await g.fixture('setup/skip', { note: 'Skips the running step 1: it is stopped, step 2 runs, the setup finishes (and the start task runs).' }, async (f) => {
      await f.ask('A', 'setup/skip', { stepIndexToSkip: 1 }, [
        { to: 'B', method: 'setup/progress', where: (p) => p.state === 'FINISHED' },
        { to: 'B', method: 'task/update', where: (t) => t.id === 'start' && t.shell?.status === 'RUNNING' },
      ]);
    });
    await g.fixture('setup/setStep', { note: 'Runs again from step 1 (sleep 30): the recorded progress has its new shell.' }, async (f) => {
      await f.ask('A', 'setup/setStep', { stepIndex: 1 }, [
        { to: 'B', method: 'setup/progress', where: (p) => p.state === 'IN_PROGRESS' && p.steps[1].shellId !== null },
      ]);
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // a kill right after the spawn can be missed (tasks.test.ts)
    await g.fixture('setup/disable', { note: 'Stops the running step 1: STOPPED.' }, async (f) => {
      await f.ask('A', 'setup/disable', {}, [{ to: 'B', method: 'setup/progress', where: (p) => p.state === 'STOPPED' }]);
    });
    await g.fixture('setup/enable', {}, async (f) => void (await f.ask('A', 'setup/enable', {})));
    await g.fixture(
      'setup/skipAll',
      { note: 'Every step that did not succeed is SKIPPED: FINISHED.' },
      async (f) => void (await f.ask('A', 'setup/skipAll', {})),
    );
    await g.fixture('setup/skip.error-invalid-params', {}, async (f) => void (await f.ask('A', 'setup/skip', { stepIndexToSkip: 9 })));

    await g.fixture('task/create', { note: 'Adds a task to tasks.json (id made from the name).' }, async (f) => {
      await f.ask('A', 'task/create', { taskFields: { name: 'Greet', command: 'echo hello' } }, [
        { to: 'B', method: 'task/listUpdate', where: (l) => 'greet' in l.tasks },
      ]);
    });
    await g.fixture('task/run', { note: 'Runs it as a COMMAND shell: every client is told the shell and the task, until it FINISHED.' }, async (f) => {
      await f.ask('A', 'task/run', { taskId: 'greet' }, [
        { to: 'B', method: 'shell/create' },
        { to: 'B', method: 'task/update', where: (t) => t.id === 'greet' && t.shell?.status === 'FINISHED' },
      ]);
    });
    await g.fixture('task/update', {}, async (f) => {
      await f.ask('A', 'task/update', { taskId: 'greet', taskFields: { name: 'Greet everyone', command: 'echo hello everyone' } }, [
        { to: 'B', method: 'task/update', where: (t) => t.id === 'greet' && t.name === 'Greet everyone' },
      ]);
    });
    await g.fixture('task/runCommand', { note: 'Runs a command as an unconfigured task (not in tasks.json).' }, async (f) => {
      await f.ask('A', 'task/runCommand', { command: 'sleep 30', name: 'Sleeper' }, [
        { to: 'B', method: 'task/update', where: (t) => t.unconfigured === true },
      ]);
    });
    await new Promise((resolve) => setTimeout(resolve, 300)); // a kill right after the spawn can be missed (tasks.test.ts)
    await g.fixture('task/stop', { note: "Stops it: the shell is KILLED, terminated by A's username." }, async (f) => {
      await f.ask('A', 'task/stop', { taskId: 'sleeper' }, [
        { to: 'B', method: 'shell/terminate' },
        { to: 'B', method: 'task/update', where: (t) => t.id === 'sleeper' && t.shell?.status === 'KILLED' },
      ]);
    });
    await g.fixture('task/saveToConfig', { note: 'Writes the unconfigured task into tasks.json under its id.' }, async (f) => {
      await f.ask('A', 'task/saveToConfig', { taskId: 'sleeper' }, [
        { to: 'B', method: 'task/listUpdate', where: (l) => l.tasks.sleeper && !l.tasks.sleeper.unconfigured },
      ]);
    });
    await g.fixture('task/run.error-not-found', {}, async (f) => void (await f.ask('A', 'task/run', { taskId: 'no-such-task' })));
    await g.fixture(
      'task/list.config-parse-error',
      { note: 'A writes tasks.json that is not JSON: every client is told, and the list names the error.' },
      async (f) => {
        await f.ask('A', 'fs/writeFile', { path: '.codesandbox/tasks.json', content: bytes('{ "tasks": {\n') }, [{ to: 'B', method: 'task/configParseError' }]);
        await f.ask('A', 'task/list', {});
      },
    );

    const port = await freePort();
    g.norm.number(port, '<num:port>');
    g.norm.literal(`-${port}.localhost`, '-<port>.localhost');
    let shellId = '';
    await g.fixture(
      'port/list',
      { note: 'A terminal (not recorded) starts `node server.js <port>`: the port is announced, no task claims it, port/list shows it.' },
      async (f) => {
        const from = { A: f.mark('A'), B: f.mark('B') };
        shellId = await terminal(g, `node server.js ${port}\r`);
        await f.note('B', 'port/changed', (p) => p.list.length > 0, from.B);
        await f.note('B', 'task/unassignedPortOpened', undefined, from.B);
        await f.ask('A', 'port/list', {});
      },
    );
    await g.fixture('port/list.after-close', { note: 'The terminal is terminated (not recorded): the port closes.' }, async (f) => {
      const from = f.mark('B');
      await g.peer('A').ask('shell/terminate', { shellId });
      await f.note('B', 'port/changed', (p) => p.list.length === 0, from);
      await f.note('B', 'task/unassignedPortClosed', undefined, from);
      await f.ask('A', 'port/list', {});
    });
    await g.fixture('port/list.error-invalid-params', {}, async (f) => void (await f.ask('A', 'port/list', { all: true })));
  },
};
