/**
 * Terminals (issue "Workspace service"), against the real server in a child process (bench/support/bullpen-server.ts)
 * and a bare pitcher connection (bench/support/pitcher-probe.ts):
 * - output throughput: `cat` of a BENCH_TERMINAL_MB (200) MB text file in a real terminal (shell/create + shell/in),
 *   timed from the shell/in send until the marker echoed after it arrives in shell/out at the client, against the
 *   same `cat` through a bare pty in this process (node-pty, read until the same marker). Ratio = bare time /
 *   Bullpen time (throughput relative to a bare pty; target ≥ 0.5x).
 * - start-up: time from the shell/create send to the first shell/out byte (the prompt), against a bare pty's first
 *   byte of the same login bash. Medians over BENCH_TERMINAL_STARTS (10) runs.
 * No assertion on timing.
 */
import { mkdtempSync, rmSync, writeFileSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import * as pty from 'node-pty';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { PitcherProbe } from './support/pitcher-probe';
import { envNumber, summarize } from './support/stats';
import { formatRatio, printTable } from './support/table';

const MEGABYTES = Math.round(envNumber('BENCH_TERMINAL_MB', 200));
const STARTS = Math.max(1, Math.round(envNumber('BENCH_TERMINAL_STARTS', 10)));
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

/** A bare pty running `command` in bash; resolves with the time until `marker` was read and the bytes read. */
function barePty(command: string, cwd: string, marker: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    // The shell stays a moment after the marker: node-pty can lose a process's last output when it exits at once.
    const child = pty.spawn('bash', ['-c', `${command}; sleep 10`], { cols: SIZE.cols, rows: SIZE.rows, cwd, env: { ...process.env, TERM: 'xterm-256color' } as Record<string, string> });
    let bytes = 0;
    let tail = '';
    child.onData((data) => {
      bytes += data.length;
      tail = (tail + data).slice(-200);
      if (tail.includes(marker)) {
        const ms = performance.now() - started;
        child.kill();
        resolve({ ms, bytes });
      }
    });
  });
}

/** A bare login bash's first byte, with an empty home like a new workspace's (no user profile to read). */
function barePtyFirstByte(cwd: string): Promise<number> {
  const home = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-home-'));
  return new Promise((resolve) => {
    const started = performance.now();
    const child = pty.spawn('bash', ['-l'], { cols: SIZE.cols, rows: SIZE.rows, cwd, env: { ...process.env, HOME: home, TERM: 'xterm-256color' } as Record<string, string> });
    const sub = child.onData(() => {
      sub.dispose();
      resolve(performance.now() - started);
      child.kill();
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

    // Throughput: Bullpen terminal vs bare pty, the same command, each twice (the first warms the page cache).
    const marker = 'BENCH-DONE-42';
    const command = `cat big.log; echo ${marker.slice(0, 6)}''${marker.slice(6)}`;
    const bullpenRuns: Array<{ ms: number; bytes: number }> = [];
    const bareRuns: Array<{ ms: number; bytes: number }> = [];
    for (let round = 0; round < 2; round++) {
      bareRuns.push(await barePty(command, filesDir, marker));
      const shell = await probe.request<{ shellId: string }>('shell/create', { type: 'TERMINAL', size: SIZE });
      const shellId = shell.value.shellId;
      const measured = await new Promise<{ ms: number; bytes: number }>((resolve) => {
        let bytes = 0;
        let tail = '';
        let started = 0;
        const off = probe.on('shell/out', (p, at) => {
          if (p.shellId !== shellId || started === 0) return;
          bytes += p.out.length;
          tail = (tail + p.out).slice(-200);
          if (tail.includes(marker)) {
            off();
            resolve({ ms: at - started, bytes });
          }
        });
        // Let the prompt arrive first, then type the command.
        setTimeout(() => {
          started = performance.now();
          void probe.request('shell/in', { shellId, input: `${command}\r` });
        }, 500);
      });
      bullpenRuns.push(measured);
      await probe.request('shell/terminate', { shellId });
    }
    const bull = bullpenRuns[1];
    const bare = bareRuns[1];
    console.log(`terminal output: cat of a ${MEGABYTES} MB file, until the marker after it arrives (second of two runs)`);
    printTable(
      ['path', 'time', 'MB/s', 'characters'],
      [
        ['bare pty (node-pty in this process)', `${bare.ms.toFixed(0)} ms`, (MEGABYTES / (bare.ms / 1000)).toFixed(1), String(bare.bytes)],
        ['Bullpen terminal → websocket client', `${bull.ms.toFixed(0)} ms`, (MEGABYTES / (bull.ms / 1000)).toFixed(1), String(bull.bytes)],
      ],
    );
    console.log(`throughput ratio (bare time / Bullpen time): ${formatRatio(bare.ms / bull.ms)} (target ≥ 0.50x)`);

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


