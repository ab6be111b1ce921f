/**
 * Terminals (issue "Workspace service"), against the real server in a child process (bench/support/bullpen-server.ts)
 * and a bare pitcher connection (bench/support/pitcher-probe.ts):
 * - output throughput: `cat` of a BENCH_TERMINAL_MB (200) MB text file typed into an interactive login bash, timed
 *   from the input until the marker echoed after it arrives: in a Bullpen terminal (shell/create, shell/in, read in
 *   shell/out at the client), and in a bare pty in this process (node-pty, the input written to it, its output read).
 *   Both get the same command, pty size, environment (the sandbox's: an empty home, LANG, TERM, the system PATH) and
 *   a settled prompt before the input. One warm-up round, then BENCH_TERMINAL_RUNS (3) rounds, each bare then Bullpen;
 *   ratio = bare time / Bullpen time (throughput relative to a bare pty; target ≥ 0.5x), the median and the range.
 *   The reading side's CPU time is printed beside (a bare pty: this process; Bullpen: the server and the client):
 *   on a shared machine it varies far less than the time does.
 * - start-up: time from the shell/create send to the first shell/out byte (the prompt), against a bare pty's first
 *   byte of the same login bash. Medians over BENCH_TERMINAL_STARTS (10) runs.
 * No assertion on timing.
 */
import { mkdtempSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as pty from 'node-pty';
import { sandboxEnvironment } from '../src/server/adapters/process/bwrap-arguments';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { initialCommitDone } from './support/initial-commit';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber, sleep, summarize } from './support/stats';
import { formatRatio, printTable } from './support/table';

const MEGABYTES = Math.round(envNumber('BENCH_TERMINAL_MB', 200));
const STARTS = Math.max(1, Math.round(envNumber('BENCH_TERMINAL_STARTS', 10)));
const RUNS = Math.max(1, Math.round(envNumber('BENCH_TERMINAL_RUNS', 3)));
/** How long a new shell is left to print its prompt before the command is typed. */
const PROMPT_SETTLE_MS = 500;
const SIZE = { cols: 120, rows: 40 };

/** A text file of `mb` megabytes: numbered lines of printable ASCII (what a build log looks like to a terminal). */
function writeTextFile(file: string, mb: number): void {
  const line = (n: number) => `${String(n).padStart(9, '0')} the quick brown fox jumps over the lazy dog 0123456789 ABCDEFGHIJKLMNOP\n`;
  const fd = openSync(file, 'w');
  let chunk = '';
  let n = 0;
  let written = 0;
  const total = mb * 1024 * 1024;
  while (written < total) {
    chunk += line(n++);
    if (chunk.length >= 1 << 20) {
      writeSync(fd, chunk);
      written += chunk.length;
      chunk = '';
    }
  }
  if (chunk) writeSync(fd, chunk);
  closeSync(fd);
}

interface Run {
  /** Input → the marker read. */
  ms: number;
  /** Characters read after the input. */
  bytes: number;
  /** CPU time of the reading side meanwhile: this process for a bare pty; the server and this client for Bullpen. */
  cpuMs: number;
  serverCpuMs?: number;
}

const cpuMs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000;

/** The environment a sandboxed terminal gets, with `home` (a new, empty directory) as its home. */
const terminalEnv = (home: string): Record<string, string> => sandboxEnvironment({ home, pathBefore: [], terminal: true });

/**
 * A bare pty with an interactive login bash, as a Bullpen terminal has: once its prompt settled, `command` is typed
 * into it; resolves with the time from that input until `marker` was read, and the characters read since.
 */
function barePty(command: string, cwd: string, marker: string): Promise<Run> {
  const home = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-home-'));
  return new Promise((resolve) => {
    const child = pty.spawn('bash', ['-l'], { name: 'xterm-256color', cols: SIZE.cols, rows: SIZE.rows, cwd, env: terminalEnv(home) });
    let started = 0;
    let cpu = process.cpuUsage();
    let bytes = 0;
    let tail = '';
    child.onData((data) => {
      if (started === 0) return;
      bytes += data.length;
      tail = (tail + data).slice(-200);
      if (tail.includes(marker)) {
        const ms = performance.now() - started;
        const readerCpuMs = cpuMs(process.cpuUsage(cpu));
        started = 0;
        // SIGKILL: a bash blocked writing its prompt to a pty nobody reads any more does not end on SIGHUP, and the
        // bench process would not exit.
        child.kill('SIGKILL');
        rmSync(home, { recursive: true, force: true });
        resolve({ ms, bytes, cpuMs: readerCpuMs });
      }
    });
    setTimeout(() => {
      started = performance.now();
      cpu = process.cpuUsage();
      child.write(`${command}\r`);
    }, PROMPT_SETTLE_MS);
  });
}

/** The same in a Bullpen terminal: shell/create, then shell/in once the prompt settled, read in shell/out. */
async function bullpenTerminal(server: BullpenServerChild, probe: PitcherProbe, command: string, marker: string): Promise<Run> {
  const shell = await probe.request<{ shellId: string }>('shell/create', { type: 'TERMINAL', size: SIZE });
  const shellId = shell.value.shellId;
  await sleep(PROMPT_SETTLE_MS);
  await server.mark();
  const measured = await new Promise<{ ms: number; bytes: number; clientCpuMs: number }>((resolve) => {
    let bytes = 0;
    let tail = '';
    const cpu = process.cpuUsage();
    const started = performance.now();
    const off = probe.on('shell/out', (p, at) => {
      if (p.shellId !== shellId) return;
      bytes += p.out.length;
      tail = (tail + p.out).slice(-200);
      if (tail.includes(marker)) {
        off();
        resolve({ ms: at - started, bytes, clientCpuMs: cpuMs(process.cpuUsage(cpu)) });
      }
    });
    void probe.request('shell/in', { shellId, input: `${command}\r` });
  });
  // The server's CPU until the report, a moment after the marker: it has sent everything by then and does nothing else.
  const used = await server.report();
  await probe.request('shell/terminate', { shellId });
  return { ms: measured.ms, bytes: measured.bytes, cpuMs: measured.clientCpuMs + used.cpuMs, serverCpuMs: used.cpuMs };
}

/** A bare login bash's first byte, with an empty home like a new workspace's (no user profile to read). */
function barePtyFirstByte(cwd: string): Promise<number> {
  const home = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-home-'));
  return new Promise((resolve) => {
    const started = performance.now();
    const child = pty.spawn('bash', ['-l'], { name: 'xterm-256color', cols: SIZE.cols, rows: SIZE.rows, cwd, env: terminalEnv(home) });
    const sub = child.onData(() => {
      sub.dispose();
      resolve(performance.now() - started);
      child.kill('SIGKILL');
      rmSync(home, { recursive: true, force: true });
    });
  });
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-terminal-'));
  // BENCH_TERMINAL_SANDBOX=none runs the terminal unsandboxed (to see what the sandbox costs).
  const server = await BullpenServerChild.start(dataDir, process.env.BENCH_TERMINAL_SANDBOX ? { BULLPEN_SANDBOX: process.env.BENCH_TERMINAL_SANDBOX } : {});
  const filesDir = path.join(dataDir, 'sandboxes', server.sandboxId, 'files');
  try {
    writeTextFile(path.join(filesDir, 'big.log'), MEGABYTES);
    writeFileSync(path.join(filesDir, '.bench-ready'), '');
    const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm()));
    await probe.join();
    // The first join starts the workspace, which commits its files (the 200 MB log too) in the background: wait.
    if (!(await initialCommitDone(filesDir))) console.log('The workspace made no initial commit: timings may overlap its start-up work');

    // Throughput: Bullpen terminal vs bare pty, the same command; a warm-up round first (page cache, code paths).
    const marker = 'BENCH-DONE-42';
    const command = `cat big.log; echo ${marker.slice(0, 6)}''${marker.slice(6)}`;
    const rounds: Array<{ bare: Run; bull: Run }> = [];
    for (let round = 0; round <= RUNS; round++) {
      const bare = await barePty(command, filesDir, marker);
      const bull = await bullpenTerminal(server, probe, command, marker);
      if (round > 0) rounds.push({ bare, bull });
    }
    const ratios = rounds.map((r) => r.bare.ms / r.bull.ms);
    const mid = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)];
    const median = rounds[ratios.indexOf(mid)];
    console.log(`terminal output: cat of a ${MEGABYTES} MB file typed into a login bash, until the marker after it arrives (${RUNS} runs after a warm-up; the median run)`);
    // CPU beside the time: on a shared machine the time depends on what else runs, the CPU a side spends much less.
    printTable(
      ['path', 'time', 'MB/s', 'characters', 'reader CPU (cat and bash not counted)'],
      [
        ['bare pty (node-pty in this process)', `${median.bare.ms.toFixed(0)} ms`, (MEGABYTES / (median.bare.ms / 1000)).toFixed(1), String(median.bare.bytes), `${median.bare.cpuMs.toFixed(0)} ms`],
        [
          'Bullpen terminal → websocket client',
          `${median.bull.ms.toFixed(0)} ms`,
          (MEGABYTES / (median.bull.ms / 1000)).toFixed(1),
          String(median.bull.bytes),
          `${median.bull.cpuMs.toFixed(0)} ms (server ${(median.bull.serverCpuMs ?? 0).toFixed(0)} ms + client)`,
        ],
      ],
    );
    console.log(`throughput ratio (bare time / Bullpen time): ${formatRatio(mid)} (runs: ${ratios.map(formatRatio).join(', ')}; target ≥ 0.50x)`);

    // Start-up: shell/create → first shell/out byte, vs a bare pty's first byte.
    const bullStarts: number[] = [];
    const bareStarts: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      bareStarts.push(await barePtyFirstByte(filesDir));
      const started = performance.now();
      let shellId = '';
      const first = new Promise<number>((resolve) => {
        const off = probe.on('shell/out', (p, at) => {
          if (shellId && p.shellId !== shellId) return;
          off();
          resolve(at - started);
        });
      });
      const created = await probe.request<{ shellId: string; buffer: string[] }>('shell/create', { type: 'TERMINAL', size: SIZE });
      shellId = created.value.shellId;
      // A prompt that came with the answer (in its scroll-back) counts as arriving with the answer.
      const ms = created.value.buffer.join('').length > 0 ? created.ms : await first;
      bullStarts.push(ms);
      await probe.request('shell/terminate', { shellId });
    }
    const b = summarize(bullStarts);
    const p = summarize(bareStarts);
    console.log(`\nterminal start: shell/create → first output byte (the prompt), ${STARTS} runs`);
    printTable(
      ['path', 'p50', 'p99'],
      [
        ['bare pty: spawn → first byte', `${p.p50.toFixed(1)} ms`, `${p.p99.toFixed(1)} ms`],
        ['Bullpen: shell/create → first shell/out', `${b.p50.toFixed(1)} ms`, `${b.p99.toFixed(1)} ms`],
      ],
    );
    console.log(`start ratio (bare p50 / Bullpen p50): ${formatRatio(p.p50 / b.p50)}`);
    await probe.close();
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}


