/**
 * Server CPU with idle workspaces (issue "Workspace service": port detection within a second must stay cheap when
 * idle): BENCH_IDLE_WORKSPACES (50) sandboxes, copies of the default one, on a real server in a child process
 * (bench/support/bullpen-server.ts), each with one joined client. Measured over BENCH_IDLE_WINDOW_MS (30 s) each:
 * the server process's own CPU time (user + system; not its children's) with no process running, then with one idle
 * terminal (an interactive bash at its prompt) per workspace — the case that keeps port detection running. No
 * assertion.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber, sleep } from './support/stats';
import { printTable } from './support/table';

const WORKSPACES = Math.max(1, Math.round(envNumber('BENCH_IDLE_WORKSPACES', 50)));
const WINDOW_MS = envNumber('BENCH_IDLE_WINDOW_MS', 30_000);
/** BENCH_IDLE_SERVER_ENV: more of the server's settings as JSON, e.g. {"BULLPEN_SANDBOX_NETWORK":"shared"}. */
const SERVER_ENV = JSON.parse(process.env.BENCH_IDLE_SERVER_ENV ?? '{}') as Record<string, string>;

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-idle-'));
  const probes: PitcherProbe[] = [];
  let server: BullpenServerChild | undefined;
  try {
    const first = await BullpenServerChild.start(dataDir);
    const defaultId = first.sandboxId;
    await first.stop();
    const sandboxes = path.join(dataDir, 'sandboxes');
    const ids = [defaultId];
    const record = JSON.parse(readFileSync(path.join(sandboxes, defaultId, 'sandbox.json'), 'utf8')) as { id: string };
    for (let i = 1; i < WORKSPACES; i++) {
      const id = `idle${String(i).padStart(3, '0')}`;
      cpSync(path.join(sandboxes, defaultId), path.join(sandboxes, id), { recursive: true });
      writeFileSync(path.join(sandboxes, id, 'sandbox.json'), JSON.stringify({ ...record, id }));
      ids.push(id);
    }
    server = await BullpenServerChild.start(dataDir, SERVER_ENV);
    for (const id of ids) {
      const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm(id)));
      await probe.join();
      await probe.request('fs/read', null);
      probes.push(probe);
    }
    // Start-up work (git's first commit and status in 50 workspaces on a small machine) ends first.
    await sleep(envNumber('BENCH_IDLE_SETTLE_MS', 20_000));
    const measure = async () => {
      await server!.mark();
      await sleep(WINDOW_MS);
      return server!.report();
    };
    const quiet = await measure();
    for (const probe of probes) await probe.request('shell/create', { type: 'TERMINAL', size: { cols: 80, rows: 24 } });
    await sleep(envNumber('BENCH_IDLE_SETTLE_TERMINALS_MS', 10_000));
    const withTerminals = await measure();
    const percent = (ms: number) => `${((ms / WINDOW_MS) * 100).toFixed(2)} %`;
    console.log(`${WORKSPACES} workspaces, one joined client each; server CPU over ${WINDOW_MS / 1000} s (100 % = one core)`);
    printTable(
      ['', 'CPU time', 'CPU', 'event loop busy'],
      [
        ['no process running', `${quiet.cpuMs.toFixed(0)} ms`, percent(quiet.cpuMs), `${(quiet.eventLoopUtilization * 100).toFixed(2)} %`],
        ['one idle terminal each', `${withTerminals.cpuMs.toFixed(0)} ms`, percent(withTerminals.cpuMs), `${(withTerminals.eventLoopUtilization * 100).toFixed(2)} %`],
      ],
    );
  } finally {
    await Promise.all(probes.map((p) => p.close()));
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
