import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { RunningServer } from '../../../src/server/bullpen-server';
import { removeDir, startTestServer, tempDataDir } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(120_000);

/** The runAtStart tasks of a tasks.json that arrives once the workspace runs (as task/generateConfig writes one). */
const CONFIG = {
  setupTasks: [{ name: 'Install', command: 'echo installed >> installed.txt' }],
  tasks: {
    web: { name: 'Web', command: 'echo web >> web.txt; sleep 60', runAtStart: true },
    once: { name: 'Once', command: 'echo once >> once.txt', runAtStart: true },
    manual: { name: 'Manual', command: 'echo manual >> manual.txt' },
  },
};

/**
 * runAtStart (docs/protocol/task.md "Running"): the tasks start whenever the setup finishes, not only the first time
 * in a workspace's life: a tasks.json written after the workspace started (its setup, without steps then, had
 * finished at once) has them start as soon as its setup ran; a setup run again starts those that are not running;
 * and the next start of the server starts them again.
 */
describe('tasks that run at start, after the setup', () => {
  let dataDir: string;
  let server: RunningServer;
  let a: WireSession;
  let filesDir: string;
  const file = (name: string) => path.join(filesDir, name);
  const lines = (name: string) => (existsSync(file(name)) ? readFileSync(file(name), 'utf8').trim().split('\n') : []);
  const task = async (id: string) => (await a.ask('task/list', {})).result.tasks[id];
  /** Waits until each file has that many lines (a loaded machine starts sandboxed processes slowly). */
  const ranTimes = (expected: Record<string, number>, what: string) =>
    eventually(
      () => {
        const counts = Object.fromEntries(Object.keys(expected).map((name) => [name, lines(name).length]));
        if (Object.keys(expected).every((name) => counts[name] === expected[name])) return true;
        throw new Error(`lines so far: ${JSON.stringify(counts)}`);
      },
      what,
      60_000,
    );

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir);
    filesDir = path.join(dataDir, 'sandboxes', server.defaultSandboxId, 'files');
    a = await WireSession.open(server);
  });
  afterAll(async () => {
    await a?.wire.close();
    await server?.close();
    removeDir(dataDir);
  });

  it('start as soon as the setup of a tasks.json written later finished', async () => {
    // The workspace started without tasks.json: its setup had no steps and finished at once.
    await eventually(async () => (await a.ask('setup/get', {})).result.state === 'FINISHED', 'the empty setup to finish');
    const from = a.wire.received.length;
    mkdirSync(file('.codesandbox'), { recursive: true });
    writeFileSync(file('.codesandbox/tasks.json'), JSON.stringify(CONFIG, null, 2));
    await a.notification('setup/progress', (p) => p.state === 'IDLE' && p.steps.length === 1, from);
    expect((await a.ask('setup/init', null)).result.state).toBe('IN_PROGRESS');
    await a.notification('setup/progress', (p) => p.state === 'FINISHED', from);
    await ranTimes({ 'web.txt': 1, 'once.txt': 1 }, 'web and once to run');
    await eventually(async () => (await task('web')).shell?.status === 'RUNNING', 'web RUNNING');
    expect(lines('installed.txt')).toEqual(['installed']);
    expect(existsSync(file('manual.txt'))).toBe(false);
  });

  it('start again when the setup runs again, but for one still running, which keeps its shell', async () => {
    const web = await task('web');
    await eventually(async () => (await task('once')).shell?.status === 'FINISHED', 'once FINISHED');
    const from = a.wire.received.length;
    expect((await a.ask('setup/setStep', { stepIndex: 0 })).result.state).toBe('IN_PROGRESS');
    await a.notification('setup/progress', (p) => p.state === 'FINISHED', from);
    await ranTimes({ 'once.txt': 2 }, 'once to run again');
    expect(lines('installed.txt')).toEqual(['installed', 'installed']);
    expect(lines('web.txt')).toEqual(['web']);
    expect(await task('web')).toMatchObject({ shell: { shellId: web.shell.shellId, status: 'RUNNING' } });
    expect(existsSync(file('manual.txt'))).toBe(false);
  });

  it('start again on the next start of the server, after its setup', async () => {
    await a.wire.close();
    const port = new URL(server.url).port;
    await server.close();
    server = await startTestServer(dataDir, 'write', { env: { PORT: port } });
    a = await WireSession.open(server);
    await ranTimes({ 'installed.txt': 3 }, 'the setup to run at the new start');
    await ranTimes({ 'web.txt': 2, 'once.txt': 3 }, 'web and once to run at the new start');
    expect(existsSync(file('manual.txt'))).toBe(false);
  });
});
