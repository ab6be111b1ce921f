import { LinuxProcessMetrics } from '../../../src/server/adapters/proc/linux-process-metrics';
import { DirectProcessRuntime } from '../../../src/server/adapters/process/direct-runtime';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ok } from '../../../src/base/result';
import { NodePtyShellHost } from '../../../src/server/adapters/pty/node-pty-shell-host';
import { ConnectionContext, PitcherConnection } from '../../../src/server/application/workspace/pitcher-connection';
import { PitcherGrant } from '../../../src/server/application/workspace/pitcher-grant';
import { SHELL_FLOW_LIMITS, TERMINAL_RESET } from '../../../src/server/application/workspace/shell-output-flow';
import { Workspace } from '../../../src/server/application/workspace/workspace';
import { WorkspaceTree } from '../../../src/server/application/workspace/workspace-tree';
import { MemoryJournal } from '../../support/server-fakes/memory-journal';
import { MemoryTreeIds, plainTokens } from '../../support/server-fakes/memory-workspace';
import { MemoryWorkspaceFiles } from '../../support/server-fakes/memory-workspace-files';
import { JOIN_PARAMS } from '../support/scenario';
import { ChannelServer, LightClient, startChannelServer, until } from '../support/channel-server';

jest.setTimeout(180_000);

/**
 * About 20 MB of terminal output: far more than the kernel's socket buffers and the high-water mark. The pause before
 * `exit` is not a timing assumption of this test: on Linux node-pty can drop output still in flight when the process
 * exits (microsoft/node-pty#72, #726), which would make the check for the last line flaky for reasons of its own.
 */
const LOUD_COMMAND = 'seq 1 3000000; sleep 0.5; exit\r';
const LAST_LINE = '3000000';

/** In-memory files, but shells start in a real directory. */
class TempDirFiles extends MemoryWorkspaceFiles {
  constructor(private readonly dir: string) {
    super({ 'README.md': '# shell back-pressure\n' });
  }
  override async realDirectory() {
    return ok(this.dir);
  }
}

describe('terminal output back-pressure over real websockets and a real pty', () => {
  let dir: string;
  let workspace: Workspace;
  let server: ChannelServer;
  const clients: LightClient[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bullpen-backpressure-'));
    let counter = 0;
    const newId = () => `id-${++counter}`;
    const files = new TempDirFiles(dir);
    const tree = new WorkspaceTree(files, new MemoryTreeIds(), newId);
    await tree.load();
    workspace = new Workspace({
      sandboxId: 'sim',
      files,
      tree,
      journal: new MemoryJournal(),
      runtime: new DirectProcessRuntime(new NodePtyShellHost()),
      box: { sandboxId: 'sim', rootDir: dir, homeDir: dir },
      metrics: new LinuxProcessMetrics(),
      watcher: undefined,
      limits: { maxTextCharacters: 5_000_000, maxBinaryBytes: 1_000_000 },
      newId,
      log: () => undefined,
    });
    const connections = new Map<unknown, PitcherConnection>();
    // The pong time-out is long here so that the stalled client lives until it reads again.
    server = await startChannelServer(
      { pongTimeoutMs: 600_000 },
      (accepted) => {
        const grant = { sandboxId: 'sim', username: `user-${accepted.ws.url ?? counter}`, name: 'User', access: 'write' } as PitcherGrant;
        const ctx = {
          grant,
          reconnectToken: undefined,
          workspace: async () => workspace,
          currentAccess: async () => 'write',
          tokens: plainTokens,
          newId,
          log: () => undefined,
        } as unknown as ConnectionContext;
        const connection = new PitcherConnection(ctx, accepted.channel);
        connections.set(accepted, connection);
        return (frame) => void connection.receive(frame);
      },
      (accepted) => connections.get(accepted)?.closed(),
    );
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
    workspace?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  async function joined(): Promise<LightClient> {
    const client = await LightClient.connect(server.url);
    clients.push(client);
    expect(await client.ask('client/join', JOIN_PARAMS)).toMatchObject({ status: 0 });
    return client;
  }

  it('keeps a fast client at full speed while a stalled one is dropped to a bounded backlog, then resyncs the stalled one', async () => {
    const fast = await joined();
    const stalled = await joined();
    const created = await fast.ask('shell/create', { type: 'TERMINAL', size: { cols: 80, rows: 24 } });
    expect(created).toMatchObject({ status: 0 });
    const shellId: string = created.result.shellId;
    expect(await stalled.ask('shell/open', { shellId, size: { cols: 80, rows: 24 } })).toMatchObject({ status: 0 });
    const stalledChannel = server.accepted[1].channel;

    let fastTail = '';
    fast.listen((m) => {
      if (m.method === 'shell/out' && m.params.shellId === shellId) fastTail = (fastTail + m.params.out).slice(-64);
    });
    const fastExit = fast.next((m) => m.method === 'shell/exit' && m.params.shellId === shellId, 150_000);
    let maxStalledBytes = 0;
    const sampler = setInterval(() => (maxStalledBytes = Math.max(maxStalledBytes, stalledChannel.bufferedBytes)), 5);
    const rssBefore = process.memoryUsage().rss;

    stalled.stall();
    expect(await fast.ask('shell/in', { shellId, input: LOUD_COMMAND, size: { cols: 80, rows: 24 } })).toMatchObject({ status: 0 });
    const exit = await fastExit;
    clearInterval(sampler);

    // The fast client got everything, to the last line and the exit.
    expect(exit.params).toMatchObject({ shellId, exitCode: 0 });
    expect(fastTail).toContain(LAST_LINE);
    // The server never held more for the stalled client than the hard limit (plus one output chunk).
    expect(maxStalledBytes).toBeLessThan(SHELL_FLOW_LIMITS.hardLimitBytes + 1024 * 1024);
    expect(stalledChannel.bufferedBytes).toBeLessThan(SHELL_FLOW_LIMITS.hardLimitBytes + 1024 * 1024);
    // Loosely: the process did not buffer the ~20 MB of output (twice over, as strings and frames) for the stalled client.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    // The process is up and answering.
    expect(await fast.ask('shell/list', {})).toMatchObject({ status: 0 });

    // Once the stalled client reads again it gets a terminal reset with the scroll-back, which ends with the last line.
    const resync = stalled.next((m) => m.method === 'shell/out' && m.params.shellId === shellId && m.params.out.startsWith(TERMINAL_RESET), 60_000);
    stalled.unstall();
    const { params } = await resync;
    expect(params.out).toContain(LAST_LINE);
    await until(() => stalledChannel.bufferedBytes === 0, 'the stalled client to have read everything');
  });
});
