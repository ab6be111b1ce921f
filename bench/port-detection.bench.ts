/**
 * Port detection (issue "Workspace service": ports opened by any process of the workspace are detected within a
 * second): a terminal runs a Node HTTP server on a fresh port BENCH_PORT_RUNS (10) times; timed from the moment its
 * 'listening' line reaches the client until port/changed lists the port, against the target of 1000 ms. The peer is
 * the same server's own output path (the 'listening' line), so the figure is detection alone. No assertion on timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber, summarize } from './support/stats';
import { printTable } from './support/table';

const RUNS = Math.max(1, Math.round(envNumber('BENCH_PORT_RUNS', 10)));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-ports-'));
  const server = await BullpenServerChild.start(dataDir);
  const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm()));
  try {
    await probe.join();
    const shell = await probe.request<{ shellId: string }>('shell/create', { type: 'TERMINAL', size: { cols: 120, rows: 40 } });
    const shellId = shell.value.shellId;
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const port = await freePort();
      const said = `bench-listening-${port}`;
      let output = '';
      let listeningAt: number | undefined;
      const detected = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`port ${port} not detected within 10 s`)), 10_000);
        const offOut = probe.on('shell/out', (p, at) => {
          if (p.shellId !== shellId || listeningAt !== undefined) return;
          output += p.out;
          if (output.includes(said)) listeningAt = at;
        });
        const offPorts = probe.on('port/changed', (p, at) => {
          if (!p.list.some((x: { port: number }) => x.port === port)) return;
          clearTimeout(timer);
          offOut();
          offPorts();
          resolve(at);
        });
      });
      const script = `require('http').createServer((q,r)=>r.end('ok')).listen(${port},'127.0.0.1',()=>console.log('bench-'+'listening-${port}'))`;
      await probe.request('shell/in', { shellId, input: `node -e "${script}" &\r`, size: { cols: 120, rows: 40 } });
      const at = await detected;
      samples.push(at - (listeningAt ?? at));
      await probe.request('shell/in', { shellId, input: 'kill %1\r', size: { cols: 120, rows: 40 } });
      await new Promise((r) => setTimeout(r, 1500));
    }
    const s = summarize(samples);
    printTable(
      ['measure', 'p50', 'p90', 'max', 'target'],
      [["'listening' printed → port/changed", `${s.p50.toFixed(0)} ms`, `${s.p90.toFixed(0)} ms`, `${s.max.toFixed(0)} ms`, '≤ 1000 ms']],
    );
  } finally {
    await probe.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
