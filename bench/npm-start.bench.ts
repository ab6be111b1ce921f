/**
 * `npm start` when nothing changed (issue "Workbench": a second `npm start` answers within 2 s): runs
 * `node scripts/start.js` (what `npm start` runs) on a fresh data directory, BENCH_START_RUNS (5) times after one
 * start that builds if the sources changed, and times each from spawn to the first HTTP answer of the editor page.
 * The npm CLI's own start (about 0.3 s) comes on top. No assertion. The default sandbox starts from the tests' template
 * (no setup: the built-in template's npm install would run beside the later starts when the page starts the workspace).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { envNumber, summarize } from './support/stats';
import { printTable } from './support/table';
import { TEST_TEMPLATE_DIR } from '../test/support/test-template';

const RUNS = Math.max(1, Math.round(envNumber('BENCH_START_RUNS', 5)));
const ROOT = path.resolve(__dirname, '..');

/** Starts Bullpen as npm start does; resolves with the ms until the editor page answered, and the process. */
async function timedStart(dataDir: string): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BULLPEN_DATA: dataDir, BULLPEN_TEMPLATE: TEST_TEMPLATE_DIR },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /Open the default sandbox: (http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out}`)));
  });
  await new Promise<void>((resolve, reject) => get(url, (res) => res.resume().on('end', resolve)).on('error', reject));
  return { ms: performance.now() - started, child };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function run(): Promise<void> {
  const first = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-start-'));
  const times: number[] = [];
  let firstMs = 0;
  try {
    const warm = await timedStart(first);
    firstMs = warm.ms;
    await stop(warm.child);
    for (let i = 0; i < RUNS; i++) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-start-'));
      try {
        const { ms, child } = await timedStart(dataDir);
        times.push(ms);
        await stop(child);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(first, { recursive: true, force: true });
  }
  console.log(`npm start (node scripts/start.js) → the editor page answers; fresh data directory each time`);
  printTable(
    ['start', 'time', 'target'],
    [
      ['first (builds if the sources changed)', `${(firstMs / 1000).toFixed(2)} s`, ''],
      [`next ${RUNS}, median`, `${(summarize(times).p50 / 1000).toFixed(2)} s`, '≤ 2 s'],
      [`next ${RUNS}, max`, `${(summarize(times).max / 1000).toFixed(2)} s`, ''],
    ],
  );
}
