import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { RunningServer } from '../../../src/server/bullpen-server';
import { removeDir, startTestServer, tempDataDir } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(120_000);

/** A server with a fresh sandbox whose tasks.json is `config` (written before anything starts the workspace). */
function useStartingServer(config: object): { server: RunningServer; filesDir: string } {
  const context = {} as { server: RunningServer; filesDir: string; dataDir: string };
  beforeAll(async () => {
    context.dataDir = tempDataDir();
    context.server = await startTestServer(context.dataDir);
    context.filesDir = path.join(context.dataDir, 'sandboxes', context.server.defaultSandboxId, 'files');
    mkdirSync(path.join(context.filesDir, '.codesandbox'), { recursive: true });
    writeFileSync(path.join(context.filesDir, '.codesandbox', 'tasks.json'), JSON.stringify(config));
  });
  afterAll(async () => {
    await context.server?.close();
    removeDir(context.dataDir);
  });
  return context;
}

/** The system/initStatus notifications a session got, in order. */
const initStatuses = (s: WireSession, from = 0) =>
  s.wire.received.slice(from).flatMap((f) => (f.value.method === 'system/initStatus' ? [f.value.params] : []));

/** The frame right after the join answer (what the server told the client first). */
const firstAfterJoin = (s: WireSession) => {
  const index = s.wire.received.findIndex((f) => f.value.method === 'client/join' && 'status' in f.value);
  return s.wire.received[index + 1]?.value;
};

const expectMonotonic = (statuses: Array<{ progress: number; nextProgress: number }>) => {
  for (const [i, s] of statuses.entries()) {
    expect(s.progress).toBeGreaterThanOrEqual(0);
    expect(s.nextProgress).toBeLessThanOrEqual(100);
    expect(s.nextProgress).toBeGreaterThanOrEqual(s.progress);
    if (i > 0) {
      expect(s.progress).toBeGreaterThanOrEqual(statuses[i - 1].progress);
      expect(s.nextProgress).toBeGreaterThanOrEqual(statuses[i - 1].nextProgress);
    }
  }
};

/** system/initStatus while a workspace starts (docs/protocol/system.md "Start-up"), on the real server. */
describe('system/initStatus: a start-up that succeeds', () => {
  const context = useStartingServer({
    setupTasks: [{ name: 'Say hello', command: 'echo hello-from-setup' }],
    tasks: { web: { name: 'Web', command: 'echo started > at-start.txt', runAtStart: true } },
  });

  it('tells the first client the git repository, the setup step with its output, the tasks that run at start, then ready', async () => {
    const a = await WireSession.open(context.server);
    await a.notification('system/initStatus', (s) => s.progress === 100);
    const statuses = initStatuses(a);
    expect(firstAfterJoin(a)).toEqual({ method: 'system/initStatus', params: statuses[0] });
    expect(statuses[0]).toEqual({ message: 'Starting the workspace', progress: 0, nextProgress: 10 });
    const messages = statuses.map((s) => s.message);
    expect(messages).toContain('Creating the git repository');
    expect(messages).toContain('Running setup task 1 of 1: Say hello');
    const finished = statuses.find((s) => s.message === 'Setup task 1 of 1 finished: Say hello');
    expect(finished).toMatchObject({ progress: 90, nextProgress: 90, stdout: expect.stringContaining('hello-from-setup') });
    expect(statuses.slice(-2)).toEqual([
      { message: 'Starting 1 task that runs at start: Web', progress: 90, nextProgress: 100 },
      { message: 'The workspace is ready', progress: 100, nextProgress: 100 },
    ]);
    expect(statuses.some((s) => s.isError)).toBe(false);
    expectMonotonic(statuses);
    // In that order: the repository exists before the setup runs, the setup before the tasks that run at start.
    expect(messages.indexOf('Creating the git repository')).toBeLessThan(messages.indexOf('Running setup task 1 of 1: Say hello'));
    await eventually(() => existsSync(path.join(context.filesDir, 'at-start.txt')), 'the task that runs at start');
    await a.close();
  });

  it('tells nothing to a client joining once the workspace is ready', async () => {
    const late = await WireSession.open(context.server);
    await late.ask('client/list', {});
    expect(initStatuses(late)).toEqual([]);
    await late.close();
  });
});

describe('system/initStatus: joining while the start-up runs', () => {
  const context = useStartingServer({
    setupTasks: [{ name: 'Wait for go', command: 'while [ ! -f go ]; do sleep 0.1; done; echo released' }],
  });

  it('replays the latest status to a client that joins meanwhile, and both hear the rest', async () => {
    const a = await WireSession.open(context.server);
    await a.notification('system/initStatus', (s) => s.message === 'Running setup task 1 of 1: Wait for go');
    const b = await WireSession.open(context.server);
    const replayed = firstAfterJoin(b);
    expect(replayed).toEqual({ method: 'system/initStatus', params: { message: 'Running setup task 1 of 1: Wait for go', progress: 10, nextProgress: 90 } });
    writeFileSync(path.join(context.filesDir, 'go'), '');
    for (const s of [a, b]) {
      const ready = await s.notification('system/initStatus', (p) => p.progress === 100);
      expect(ready).toEqual({ message: 'The workspace is ready', progress: 100, nextProgress: 100 });
      expect(initStatuses(s).find((p) => p.message === 'Setup task 1 of 1 finished: Wait for go')?.stdout).toContain('released');
      expectMonotonic(initStatuses(s));
    }
    await a.close();
    await b.close();
  });
});

describe('system/initStatus: a setup step that fails', () => {
  const context = useStartingServer({
    setupTasks: [{ name: 'Break', command: 'echo boom-output; exit 3' }],
    tasks: { web: { name: 'Web', command: 'echo started > at-start.txt', runAtStart: true } },
  });

  it('ends the start-up with isError, the exit code and the step\'s output; the tasks that run at start do not start', async () => {
    const a = await WireSession.open(context.server);
    const failed = await a.notification('system/initStatus', (s) => s.isError === true);
    expect(failed).toEqual({
      message: 'Setup task 1 of 1 failed with exit code 3: Break',
      isError: true,
      progress: 10,
      nextProgress: 90,
      stdout: expect.stringContaining('boom-output'),
    });
    expect((await a.ask('setup/get', {})).result.state).toBe('STOPPED');
    expect((await a.ask('task/list', {})).result.tasks.web.shell).toBeNull();
    const late = await WireSession.open(context.server);
    await late.ask('client/list', {});
    expect(initStatuses(late)).toEqual([]);
    expect(initStatuses(a).at(-1)).toEqual(failed);
    expectMonotonic(initStatuses(a));
    await late.close();
    await a.close();
  });
});
