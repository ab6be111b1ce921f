/**
 * A large workspace (issue "Collaboration you can trust"): a generated tree of 100,000 files (100 dirs × 10 subdirs ×
 * 100 files) plus a node_modules with many files that the server lists but must not scan, in a real data directory
 * (the default sandbox, created by a first start of the server, gets these files). Then, on fresh server processes
 * (bench/support/bullpen-server.ts, started like propagation-latency's), with a bare pitcher connection
 * (bench/support/pitcher-probe.ts):
 * - workspace start / join: the first client/join on a fresh process starts the workspace (watcher set-up and tree
 *   scan): timed from its send to the arrival of its result. The first start also assigns every node its id (no id
 *   store yet); later starts read the ids back, so both are printed. A second client's join is printed beside.
 * - fs/read: the whole tree; time, response bytes and node count (and a check that nothing below node_modules is in
 *   it), first read and a repeat (the wire form is cached).
 * - disk → client: a real terminal (shell/create), then `touch <dir>/newfile-N` + Enter typed into it (shell/in),
 *   alternately in the workspace root and in a directory 2 levels down; timed from the shell/in send to the arrival of
 *   the fs/operations notification that creates newfile-N (so it includes the shell running touch). p50/p99 over
 *   BENCH_TREE_TOUCHES runs, 150 ms apart. Target: under 200 ms.
 *
 * Sizes (env): BENCH_TREE_DIRS (100), BENCH_TREE_SUBDIRS (10), BENCH_TREE_FILES (files per subdir, 100),
 * BENCH_TREE_NODE_MODULES (files in node_modules, 20,000, in packages of 20), BENCH_TREE_STARTS (fresh server
 * processes, 3), BENCH_TREE_TOUCHES (20). No assertion on timing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber, sleep, summarize } from './support/stats';
import { formatMb, printTable } from './support/table';

const DIRS = Math.round(envNumber('BENCH_TREE_DIRS', 100));
const SUBDIRS = Math.round(envNumber('BENCH_TREE_SUBDIRS', 10));
const FILES = Math.round(envNumber('BENCH_TREE_FILES', 100));
const NODE_MODULES_FILES = Math.round(envNumber('BENCH_TREE_NODE_MODULES', 20_000));
const STARTS = Math.max(1, Math.round(envNumber('BENCH_TREE_STARTS', 3)));
const TOUCHES = Math.max(1, Math.round(envNumber('BENCH_TREE_TOUCHES', 20)));
const FILES_PER_PACKAGE = 20;
const TOUCH_GAP_MS = 150;
const TOUCH_TIMEOUT_MS = 10_000;
const TARGET_MS = 200;

interface TreeNode {
  id: string;
  type: number;
  name: string | null;
  parentId: string | null;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const dirName = (d: number) => `dir${pad(d, 3)}`;
const subdirName = (s: number) => `sub${pad(s, 2)}`;

/** Writes the generated tree into `root`; returns how many files and directories it made (bench/search.bench.ts uses it too). */
export function generate(root: string): { files: number; dirs: number } {
  let files = 0;
  let dirs = 0;
  for (let d = 0; d < DIRS; d++) {
    for (let s = 0; s < SUBDIRS; s++) {
      const dir = path.join(root, dirName(d), subdirName(s));
      mkdirSync(dir, { recursive: true });
      dirs++;
      for (let f = 0; f < FILES; f++) {
        writeFileSync(path.join(dir, `file${pad(f, 3)}.ts`), `export const value${f} = ${d * 10_000 + s * 100 + f};\n`);
        files++;
      }
    }
    dirs++;
  }
  const packages = Math.ceil(NODE_MODULES_FILES / FILES_PER_PACKAGE);
  let written = 0;
  for (let p = 0; p < packages && written < NODE_MODULES_FILES; p++) {
    const dir = path.join(root, 'node_modules', `package-${pad(p, 4)}`, 'lib');
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < FILES_PER_PACKAGE && written < NODE_MODULES_FILES; f++, written++) writeFileSync(path.join(dir, `index${f}.js`), 'module.exports = 1;\n');
  }
  return { files, dirs };
}

interface StartFigures {
  label: string;
  processStartMs: number;
  joinMs: number;
  secondJoinMs: number;
  readMs: number;
  rereadMs: number;
  readBytes: number;
  nodes: number;
  belowNodeModules: number;
  /** Server heap after the reads minus before the first join, both after a full GC (the workspace's tree, ids, watcher, cached wire form). */
  heapGrowthBytes: number;
}

async function connect(server: BullpenServerChild): Promise<PitcherProbe> {
  return PitcherProbe.connect(pitcherSocketUrl(await server.startVm()));
}

async function measureStart(server: BullpenServerChild, label: string): Promise<{ figures: StartFigures; probe: PitcherProbe }> {
  const before = await server.report({ gc: true });
  const probe = await connect(server);
  const join = await probe.join();
  const second = await connect(server);
  const secondJoin = await second.join();
  await second.close();
  const read = await probe.request<{ treeNodes: TreeNode[]; clock: number }>('fs/read', null);
  const reread = await probe.request<{ treeNodes: TreeNode[]; clock: number }>('fs/read', null);
  const nodes = read.value.treeNodes;
  const nodeModules = nodes.find((n) => n.name === 'node_modules' && n.parentId === '0');
  const below = new Set<string>(nodeModules ? [nodeModules.id] : []);
  // Parents come before children (protocol.md §5), but do not rely on it: iterate to a fixed point.
  for (let grew = true; grew; ) {
    grew = false;
    for (const n of nodes) if (n.parentId !== null && below.has(n.parentId) && !below.has(n.id)) (below.add(n.id), (grew = true));
  }
  const report = await server.report({ gc: true });
  return {
    probe,
    figures: {
      label,
      processStartMs: server.startMs,
      joinMs: join.ms,
      secondJoinMs: secondJoin.ms,
      readMs: read.ms,
      rereadMs: reread.ms,
      readBytes: read.bytes,
      nodes: nodes.length,
      belowNodeModules: nodeModules ? below.size - 1 : -1,
      heapGrowthBytes: report.heapUsedBytes - before.heapUsedBytes,
    },
  };
}

/** Types `touch` commands into a real terminal and times each file's arrival as an fs/operations create. */
async function measureTouches(probe: PitcherProbe): Promise<number[]> {
  const size = { cols: 120, rows: 30 };
  const shell = await probe.request<{ shellId: string }>('shell/create', { type: 'TERMINAL', size });
  const shellId = shell.value.shellId;
  let output = '';
  const stopOutput = probe.on('shell/out', (params) => {
    if (params.shellId === shellId) output += params.out;
  });
  // Wait for the login shell's first prompt (or 3 s), then let it settle.
  for (let waited = 0; output.length === 0 && waited < 3000; waited += 20) await sleep(20);
  await sleep(300);
  const latencies: number[] = [];
  try {
    for (let i = 1; i <= TOUCHES; i++) {
      const name = `newfile-${i}`;
      const dir = i % 2 === 0 ? '' : `${dirName(i % Math.max(1, DIRS))}/${subdirName(i % Math.max(1, SUBDIRS))}`;
      const target = dir ? `${dir}/${name}` : name;
      let stop: () => void = () => undefined;
      const arrived = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no fs/operations for ${target} within ${TOUCH_TIMEOUT_MS} ms`)), TOUCH_TIMEOUT_MS);
        stop = probe.on('fs/operations', (params, at) => {
          const created = (params.operations as Array<{ operation: { type: string; newEntry?: { name: string } } }>).some(
            (o) => o.operation.type === 'create' && o.operation.newEntry?.name === name,
          );
          if (created) {
            clearTimeout(timer);
            resolve(at);
          }
        });
      });
      const sentAt = performance.now();
      await probe.request('shell/in', { shellId, input: `touch ${target}\r`, size });
      try {
        latencies.push((await arrived) - sentAt);
      } finally {
        stop();
      }
      await sleep(TOUCH_GAP_MS);
    }
  } finally {
    stopOutput();
    await probe.request('shell/terminate', { shellId }).catch(() => undefined);
  }
  return latencies;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-tree-bench-'));
  try {
    // A first start creates the default sandbox; its files directory then gets the generated tree.
    const first = await BullpenServerChild.start(dataDir);
    const sandboxId = first.sandboxId;
    await first.stop();
    const filesDir = path.join(dataDir, 'sandboxes', sandboxId, 'files');
    const generating = performance.now();
    const made = generate(filesDir);
    console.log(
      `Generated ${made.files.toLocaleString('en-US')} files in ${made.dirs.toLocaleString('en-US')} directories ` +
        `(${DIRS} × ${SUBDIRS} × ${FILES}) plus ${NODE_MODULES_FILES.toLocaleString('en-US')} files in node_modules, ` +
        `in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );

    const starts: StartFigures[] = [];
    let touches: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      const server = await BullpenServerChild.start(dataDir);
      try {
        const { figures, probe } = await measureStart(server, i === 0 ? 'fresh process, first start (ids assigned)' : `fresh process, restart ${i} (ids read back)`);
        starts.push(figures);
        if (i === STARTS - 1) touches = await measureTouches(probe);
        await probe.close();
      } finally {
        await server.stop();
      }
    }

    printTable(
      ['server process', 'first join ms (workspace start)', 'second join ms', 'fs/read ms', 'fs/read again ms', 'fs/read bytes', 'nodes', 'below node_modules', 'server heap growth'],
      starts.map((s) => [
        s.label,
        s.joinMs.toFixed(0),
        s.secondJoinMs.toFixed(1),
        s.readMs.toFixed(0),
        s.rereadMs.toFixed(0),
        formatMb(s.readBytes),
        s.nodes.toLocaleString('en-US'),
        s.belowNodeModules < 0 ? 'no node_modules!' : String(s.belowNodeModules),
        formatMb(s.heapGrowthBytes),
      ]),
    );
    const t = summarize(touches);
    console.log(
      `terminal \`touch\` → client's fs/operations (${t.count} files, half in the root, half 2 levels down): ` +
        `p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms, max ${t.max.toFixed(1)} ms (target < ${TARGET_MS} ms)`,
    );
    if (starts.some((s) => s.belowNodeModules !== 0)) console.log('PROBLEM: the tree holds entries below node_modules (or none at all)');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
