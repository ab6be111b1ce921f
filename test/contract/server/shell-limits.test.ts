import { existsSync } from 'node:fs';
import { PitcherErrorCode } from '../../../src/protocol';
import { WorkspaceRegistry } from '../../../src/server/application/workspace/workspace-registry';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(120_000);

const TTL_MS = 1_500;
const size = { cols: 80, rows: 24 };

/**
 * Shells clients start are capped per client and per workspace, and a shell nobody has open is terminated after a
 * while (here a short while). A fuzzer's 100,000 frames once left 98 login shells running, stopped only by the
 * workspace's process limit.
 */
describe('shells clients start', () => {
  const context = useTestServer({ config: { shellLimits: { maxShellsPerClient: 2, maxShellsPerWorkspace: 3, unwatchedShellTtlMs: TTL_MS } } });
  let watcher: WireSession;

  beforeAll(async () => {
    watcher = await WireSession.open(context.server);
  });
  afterAll(async () => {
    await watcher?.close();
  });

  /** The host pids of the workspace's running shells. */
  const runningPids = async () => (await context.server.container.get(WorkspaceRegistry).get(context.server.defaultSandboxId)).shells.runningProcesses().map((p) => p.pid);
  const running = async () => (await watcher.ask('shell/list', {})).result.shells.filter((s: any) => s.status === 'RUNNING');
  const create = (s: WireSession) => s.ask('shell/create', { type: 'TERMINAL', size });

  afterEach(async () => {
    for (const shell of await running()) await watcher.ask('shell/terminate', { shellId: shell.shellId });
  });

  it('refuses a shell beyond the per-client and the per-workspace cap, in the protocol error shape', async () => {
    const a = await WireSession.open(context.server);
    const b = await WireSession.open(context.server);
    try {
      expect((await create(a)).status).toBe(0);
      expect((await create(a)).status).toBe(0);
      expect(await create(a)).toMatchObject({
        status: 1,
        error: {
          code: PitcherErrorCode.SHELL_NOT_ACCESSIBLE,
          message: 'Too many shells: this client already runs 2, the most one client may run at once. Terminate one to start another',
          data: { limit: 2 },
        },
      });
      expect((await create(b)).status).toBe(0);
      expect(await b.ask('shell/create', { command: 'sleep 60', type: 'COMMAND' })).toMatchObject({
        status: 1,
        error: { code: PitcherErrorCode.SHELL_NOT_ACCESSIBLE, data: { limit: 3 } },
      });
      expect(await running()).toHaveLength(3);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('terminates the shells of clients that left once nobody had them open for a while: they do not pile up', async () => {
    const from = watcher.wire.received.length;
    const shellIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const fuzzer = await WireSession.open(context.server);
      const created = await create(fuzzer);
      if (created.status === 0) shellIds.push(created.result.shellId);
      await fuzzer.close();
    }
    expect(shellIds).toHaveLength(3);
    const pids = await runningPids();
    expect(pids).toHaveLength(3);
    for (const shellId of shellIds) {
      expect(await watcher.notification('shell/terminate', (p) => p.shellId === shellId, from)).toEqual({ shellId, author: 'bullpen' });
      await watcher.notification('shell/exit', (p) => p.shellId === shellId, from);
    }
    expect(await running()).toEqual([]);
    await eventually(() => pids.every((pid) => !existsSync(`/proc/${pid}`)), 'the shell processes gone');
  });

  it('keeps the shells of a client that reconnects and opens them again, and those another client has open', async () => {
    const a = await WireSession.open(context.server);
    const kept = (await create(a)).result.shellId;
    const shared = (await create(a)).result.shellId;
    const b = await WireSession.open(context.server);
    expect((await b.ask('shell/open', { shellId: shared, size })).status).toBe(0);
    const reconnectToken = a.joinResult.reconnectToken;
    await a.close();
    const again = await WireSession.open(context.server, { reconnectToken });
    try {
      expect(again.clientId).toBe(a.clientId);
      expect((await again.ask('shell/open', { shellId: kept, size })).status).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, TTL_MS * 2));
      expect((await running()).map((s: any) => s.shellId).sort()).toEqual([kept, shared].sort());
      // Still its shells: the client's cap counts them.
      expect((await create(again)).error?.code).toBe(PitcherErrorCode.SHELL_NOT_ACCESSIBLE);
    } finally {
      await again.close();
      await b.close();
    }
  });
});
