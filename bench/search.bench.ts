/**
 * Text search on a large workspace: the tree of bench/tree.bench.ts (100,000 files: 100 dirs × 10 subdirs × 100
 * files, `export const valueN = …;`, plus 20,000 files in node_modules that search must skip), in a real data
 * directory, a real Bullpen server child (bench/support/bullpen-server.ts) and a bare pitcher client over the
 * websocket (bench/support/pitcher-probe.ts).
 *
 * Each case is timed both ways in the same run, alternately, on a warm page cache:
 * - Bullpen: fs/streamingSearch sent → fs/searchFinished received, every fs/searchMatches batch received and decoded
 *   on the way (the count is checked against ripgrep's). Time to the first batch is printed beside.
 * - ripgrep alone: `rg` with the very arguments Bullpen gives it (ripgrepArgs: --json, the same globs and flags),
 *   spawned on the same directory, its whole output read through a pipe; spawn → exit.
 * The ratio is rg time / Bullpen time (1.0 = Bullpen streams results to a client as fast as rg finds them;
 * target ≥ 0.8). Cases: "value7" (lines in 11% of the files), and "export const" (every file, 100,000 matches).
 * The workspace is started once before (its first start commits every file: that must not overlap any timing).
 * Two servers are measured: the default one (its rg runs in the workspace sandbox, bubblewrap and cgroups where
 * available, ADR 0010) and one with BULLPEN_SANDBOX=none (rg runs directly, as in the rg-alone runs), which shows
 * Bullpen's own cost apart from the sandbox's. The client, the server and rg share the machine's cores.
 *
 * Sizes (env): the tree's BENCH_TREE_DIRS / BENCH_TREE_SUBDIRS / BENCH_TREE_FILES / BENCH_TREE_NODE_MODULES, and
 * BENCH_SEARCH_RUNS (timed runs per case and side, 3; the median is printed). No assertion on timing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SearchScope } from '../src/domain/search/search-scope';
import { textQuery } from '../src/domain/search/text-query';
import { ripgrepArgs } from '../src/server/application/workspace/search/ripgrep-args';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { initialCommitDone } from './support/initial-commit';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber } from './support/stats';
import { formatRatio, printTable } from './support/table';
import { generate } from './tree.bench';

const RUNS = Math.max(1, Math.round(envNumber('BENCH_SEARCH_RUNS', 3)));
const TARGET_RATIO = 0.8;

interface Case {
  label: string;
  text: string;
}

const MODES: Array<{ label: string; env: Record<string, string> }> = [
  { label: 'default (sandboxed rg)', env: {} },
  { label: 'BULLPEN_SANDBOX=none', env: { BULLPEN_SANDBOX: 'none' } },
];

const CASES: Case[] = [
  { label: '"value7" (11% of files)', text: 'value7' },
  { label: '"export const" (every file)', text: 'export const' },
];

interface Timing {
  ms: number;
  matches: number;
}

/** ripgrep alone, with Bullpen's arguments, output read through a pipe. */
function runRipgrep(cwd: string, text: string): Promise<Timing> {
  const scope = SearchScope.from({});
  if (!scope.ok) throw new Error(scope.error);
  const args = ripgrepArgs({ query: textQuery({ text }), scope: scope.value });
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('rg', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let matches = 0;
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const text = rest + chunk;
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
        if (text.startsWith('{"type":"match"', start)) matches++;
      }
      rest = text.slice(start);
    });
    child.once('error', reject);
    child.once('close', () => resolve({ ms: performance.now() - started, matches }));
  });
}

let searchCount = 0;

/** One streaming search through Bullpen: request → fs/searchFinished. */
async function runBullpen(probe: PitcherProbe, server: BullpenServerChild, text: string): Promise<Timing & { firstMs: number; batches: number; hitLimit: boolean; serverCpuMs: number; clientCpuMs: number }> {
  await server.mark();
  const clientCpu = process.cpuUsage();
  const searchId = `bench-${++searchCount}`;
  let matches = 0;
  let batches = 0;
  let firstAt: number | undefined;
  const started = performance.now();
  const stopMatches = probe.on('fs/searchMatches', (params, at) => {
    if (params.searchId !== searchId) return;
    batches++;
    matches += params.matches.length;
    firstAt ??= at;
  });
  const finished = new Promise<{ at: number; hitLimit: boolean }>((resolve) => {
    const stop = probe.on('fs/searchFinished', (params, at) => {
      if (params.searchId !== searchId) return;
      stop();
      resolve({ at, hitLimit: params.hitLimit });
    });
  });
  await probe.request('fs/streamingSearch', { searchId, text, maxResults: 1_000_000 });
  const end = await finished;
  stopMatches();
  const client = process.cpuUsage(clientCpu);
  const { cpuMs: serverCpuMs } = await server.report();
  return { ms: end.at - started, matches, batches, firstMs: (firstAt ?? end.at) - started, hitLimit: end.hitLimit, serverCpuMs, clientCpuMs: (client.user + client.system) / 1000 };
}

const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-search-bench-'));
  try {
    const first = await BullpenServerChild.start(dataDir);
    const sandboxId = first.sandboxId;
    await first.stop();
    const filesDir = path.join(dataDir, 'sandboxes', sandboxId, 'files');
    const generating = performance.now();
    const made = generate(filesDir);
    console.log(`Generated ${made.files.toLocaleString('en-US')} files (plus node_modules) in ${((performance.now() - generating) / 1000).toFixed(1)} s`);
    await startWorkspaceOnce(dataDir, filesDir);

    const rows: string[][] = [];
    for (const mode of MODES) {
      const server = await BullpenServerChild.start(dataDir, mode.env);
      const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm()));
      try {
        await probe.join();
        for (const c of CASES) rows.push(await measureCase(mode.label, c, probe, server, filesDir));
      } finally {
        await probe.close();
        await server.stop();
      }
    }
    printTable(['server', 'case (100,000 files)', 'matches', 'rg --json ms', 'Bullpen ms', 'Bullpen first batch ms', 'server CPU ms', 'client CPU ms', 'batches', 'ratio (rg time / bullpen time)', `target ≥ ${TARGET_RATIO}`], rows, 2);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The workspace's first start, before anything is timed: it commits every file (git-init.ts: seconds of CPU and
 * disk on 100,000 files) in the background after the join. Left to the first measured server, that work overlapped
 * its timings and none of the second's: the sandboxed server, measured first, looked slower than the unsandboxed one.
 */
async function startWorkspaceOnce(dataDir: string, filesDir: string): Promise<void> {
  const started = performance.now();
  const server = await BullpenServerChild.start(dataDir);
  const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm()));
  try {
    await probe.join();
    const committed = await initialCommitDone(filesDir);
    console.log(committed ? `Workspace's first start (its initial commit) took ${((performance.now() - started) / 1000).toFixed(1)} s` : 'The workspace made no initial commit: timings may overlap its start-up work');
  } finally {
    await probe.close();
    await server.stop();
  }
}

/** One case on one server: a warm-up, then RUNS alternate timings of rg alone and of Bullpen; medians. */
async function measureCase(serverLabel: string, c: Case, probe: PitcherProbe, server: BullpenServerChild, filesDir: string): Promise<string[]> {
  // Warm-up: page cache, ripgrep's and the server's code paths.
  const warmRg = await runRipgrep(filesDir, c.text);
  const warmBullpen = await runBullpen(probe, server, c.text);
  if (warmBullpen.matches !== warmRg.matches) throw new Error(`${c.label}: Bullpen streamed ${warmBullpen.matches} matches, ripgrep found ${warmRg.matches}`);
  const rg: number[] = [];
  const bullpen: number[] = [];
  const firsts: number[] = [];
  const serverCpu: number[] = [];
  const clientCpu: number[] = [];
  let batches = 0;
  for (let i = 0; i < RUNS; i++) {
    rg.push((await runRipgrep(filesDir, c.text)).ms);
    const b = await runBullpen(probe, server, c.text);
    if (b.matches !== warmRg.matches || b.hitLimit) throw new Error(`${c.label}: run ${i} streamed ${b.matches} matches (hitLimit ${b.hitLimit})`);
    bullpen.push(b.ms);
    firsts.push(b.firstMs);
    serverCpu.push(b.serverCpuMs);
    clientCpu.push(b.clientCpuMs);
    batches = b.batches;
  }
  const ratio = median(rg) / median(bullpen);
  return [
    serverLabel,
    c.label,
    warmRg.matches.toLocaleString('en-US'),
    median(rg).toFixed(0),
    median(bullpen).toFixed(0),
    median(firsts).toFixed(0),
    median(serverCpu).toFixed(0),
    median(clientCpu).toFixed(0),
    batches.toLocaleString('en-US'),
    formatRatio(ratio),
    ratio >= TARGET_RATIO ? 'ok' : 'BELOW TARGET',
  ];
}

if (require.main === module) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
