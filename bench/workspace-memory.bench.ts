/**
 * Server memory per idle workspace (issue "Workspace service"): BENCH_MEMORY_WORKSPACES (50) sandboxes, copies of
 * the default one, on a real server in a child process (bench/support/bullpen-server.ts). Each gets one client that
 * joins and reads the tree, as the editor does, and then stays idle. Printed: the server's resident memory and V8
 * heap after a full GC before any workspace started and with all of them started and joined, and the difference per
 * workspace (target ≤ 20 MiB). No assertion.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber, sleep } from './support/stats';
import { formatMb, printTable } from './support/table';

const WORKSPACES = Math.max(1, Math.round(envNumber('BENCH_MEMORY_WORKSPACES', 50)));
const TARGET_MIB = 20;

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-memory-'));
  const probes: PitcherProbe[] = [];
  let server: BullpenServerChild | undefined;
  try {
    // First start creates the default sandbox; copy it into WORKSPACES - 1 more.
    const first = await BullpenServerChild.start(dataDir);
    const defaultId = first.sandboxId;
    await first.stop();
    const sandboxes = path.join(dataDir, 'sandboxes');
    const ids = [defaultId];
    const record = JSON.parse(readFileSync(path.join(sandboxes, defaultId, 'sandbox.json'), 'utf8')) as { id: string; createdAt: string };
    for (let i = 1; i < WORKSPACES; i++) {
      const id = `bench${String(i).padStart(3, '0')}`;
      cpSync(path.join(sandboxes, defaultId), path.join(sandboxes, id), { recursive: true });
      writeFileSync(path.join(sandboxes, id, 'sandbox.json'), JSON.stringify({ ...record, id }));
      ids.push(id);
    }
    server = await BullpenServerChild.start(dataDir);
    await sleep(500);
    const before = await server.report({ gc: true });
    for (const id of ids) {
      const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm(id)));
      await probe.join();
      await probe.request('fs/read', null);
      probes.push(probe);
    }
    // Let start-up work (git's first commit, first status: 50 at once on a small machine) finish, then measure idle.
    await sleep(envNumber('BENCH_MEMORY_SETTLE_MS', 20_000));
    const after = await server.report({ gc: true });
    const perRss = (after.rssBytes - before.rssBytes) / WORKSPACES;
    const perHeap = (after.heapUsedBytes - before.heapUsedBytes) / WORKSPACES;
    console.log(`${WORKSPACES} idle workspaces, one joined client each (after a full GC)`);
    printTable(
      ['', 'server RSS', 'V8 heap used'],
      [
        ['before any workspace', formatMb(before.rssBytes), formatMb(before.heapUsedBytes)],
        [`${WORKSPACES} workspaces joined`, formatMb(after.rssBytes), formatMb(after.heapUsedBytes)],
        ['per workspace', formatMb(perRss), formatMb(perHeap)],
      ],
    );
    // RSS does not shrink after start-up (freed pages stay mapped), so a per-workspace RSS below the heap growth means
    // the workspaces fit in memory the process had already: the larger of the two is the honest figure.
    const per = Math.max(perRss, perHeap);
    console.log(`per workspace: ${(per / 1024 / 1024).toFixed(2)} MiB (larger of RSS and V8 heap growth; target ≤ ${TARGET_MIB} MiB)`);
  } finally {
    await Promise.all(probes.map((p) => p.close()));
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
