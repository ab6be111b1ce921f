/**
 * The real Bullpen server (src/server/bullpen-server.ts `startServer`) in a child process (this file forked with
 * BULLPEN_BENCH_SERVER=1), so the benchmark's clients do not share its event loop and its CPU time can be measured
 * alone. The parent talks to it over IPC: 'mark' starts a CPU (process.cpuUsage) and event-loop-utilisation window,
 * 'report' returns what was used since, 'stop' closes it.
 *
 * Clients get their pitcher URL and token the way the editor does, from `POST /api/v1/vm/<id>/start`, and connect to
 * `${pitcher_url}/?token=…`: whatever path or token lifetime the server hands out keeps working.
 *
 * The default sandbox starts from the tests' template (test/support/test-template.ts): no setup and no task runs.
 *
 * For investigations: BENCH_SERVER_PROF=<dir> writes a V8 CPU profile of the server child there, and
 * BENCH_SERVER_FLAGS passes more Node flags to it (e.g. "--max-semi-space-size=64"); BENCH_SERVER_STDOUT=1 shows its
 * standard output (e.g. with "--trace-gc").
 */
import { ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { TEST_TEMPLATE_DIR } from '../../test/support/test-template';
import { stopChild } from './child-process';

const ROLE_ENV = 'BULLPEN_BENCH_SERVER';

type Request = 'mark' | 'report' | 'report-after-gc' | 'stop';
type Reply =
  | { kind: 'ready'; url: string; sandboxId: string; startMs: number }
  | { kind: 'marked' }
  | { kind: 'report'; cpuMs: number; userMs: number; systemMs: number; eventLoopUtilization: number; rssBytes: number; heapUsedBytes: number };

export interface CpuReport {
  /** User + system CPU time of the server process since 'mark'. */
  cpuMs: number;
  userMs: number;
  systemMs: number;
  /** The server's event-loop utilisation since 'mark', 0..1. */
  eventLoopUtilization: number;
  /** The server's memory now. */
  rssBytes: number;
  heapUsedBytes: number;
}

async function serverMain(): Promise<void> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { startServer } = require('../../src/server/bullpen-server') as typeof import('../../src/server/bullpen-server');
  const { readConfig } = require('../../src/server/config') as typeof import('../../src/server/config');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const started = performance.now();
  const server = await startServer(
    readConfig({ BULLPEN_TEMPLATE: TEST_TEMPLATE_DIR, ...JSON.parse(process.env.BULLPEN_BENCH_CONFIG_ENV ?? '{}'), PORT: '0', HOST: '127.0.0.1', BULLPEN_DATA: process.env.BULLPEN_BENCH_DATA! } as NodeJS.ProcessEnv),
  );
  const send = (reply: Reply) => process.send!(reply);
  const url = new URL(server.url);
  url.hostname = '127.0.0.1';
  send({ kind: 'ready', url: url.origin, sandboxId: server.defaultSandboxId, startMs: performance.now() - started });
  let cpuMark = process.cpuUsage();
  let loopMark = performance.eventLoopUtilization();
  process.on('message', (request: Request) => {
    if (request === 'mark') {
      cpuMark = process.cpuUsage();
      loopMark = performance.eventLoopUtilization();
      send({ kind: 'marked' });
    } else if (request === 'report' || request === 'report-after-gc') {
      if (request === 'report-after-gc') (globalThis as { gc?: () => void }).gc?.();
      const cpu = process.cpuUsage(cpuMark);
      const loop = performance.eventLoopUtilization(loopMark);
      const memory = process.memoryUsage();
      send({
        kind: 'report',
        cpuMs: (cpu.user + cpu.system) / 1000,
        userMs: cpu.user / 1000,
        systemMs: cpu.system / 1000,
        eventLoopUtilization: loop.utilization,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
      });
    } else {
      void server.close().finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    }
  });
  process.on('disconnect', () => process.exit(0));
}

/** A running server child. */
export class BullpenServerChild {
  private readonly waiting: Array<(reply: Reply) => void> = [];

  private constructor(
    private readonly child: ChildProcess,
    /** http://127.0.0.1:<port> */
    readonly url: string,
    readonly sandboxId: string,
    /** startServer() time inside the child (the default sandbox is created on the first start of a data dir). */
    readonly startMs: number,
  ) {
    child.on('message', (reply: Reply) => this.waiting.shift()?.(reply));
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /**
   * Starts the server on `dataDir` (created with the default sandbox if empty). `configEnv`: more of the server's
   * environment settings (BULLPEN_SANDBOX, BULLPEN_SEARCH_ENGINE, …); by default none, whatever the bench's own environment.
   */
  static start(dataDir: string, configEnv: Record<string, string> = {}): Promise<BullpenServerChild> {
    const child = fork(__filename, [], {
      execArgv: ['--expose-gc', ...(process.env.BENCH_SERVER_FLAGS ? process.env.BENCH_SERVER_FLAGS.split(' ') : []), ...(process.env.BENCH_SERVER_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_SERVER_PROF] : []), '-r', 'ts-node/register/transpile-only'],
      env: { ...process.env, [ROLE_ENV]: '1', BULLPEN_BENCH_DATA: dataDir, BULLPEN_BENCH_CONFIG_ENV: JSON.stringify(configEnv) },
      stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`Bullpen server exited early with code ${code}`)));
      child.once('message', (reply: Reply) => {
        child.removeAllListeners('exit');
        child.removeAllListeners('error');
        if (reply.kind !== 'ready') return reject(new Error(`unexpected first message ${JSON.stringify(reply)}`));
        resolve(new BullpenServerChild(child, reply.url, reply.sandboxId, reply.startMs));
      });
    });
  }

  /** Starts a CPU / event-loop window. */
  async mark(): Promise<void> {
    await this.request('mark');
  }

  /** CPU and event-loop utilisation since the last mark (or since start); memory after a full GC if `gc`. */
  async report(options: { gc?: boolean } = {}): Promise<CpuReport> {
    const reply = await this.request(options.gc ? 'report-after-gc' : 'report');
    if (reply.kind !== 'report') throw new Error(`unexpected reply ${JSON.stringify(reply)}`);
    const { cpuMs, userMs, systemMs, eventLoopUtilization, rssBytes, heapUsedBytes } = reply;
    return { cpuMs, userMs, systemMs, eventLoopUtilization, rssBytes, heapUsedBytes };
  }

  /** `POST /api/v1/vm/<id>/start`, as the editor does: the pitcher URL and a fresh token for one connection. */
  startVm(sandboxId = this.sandboxId): Promise<{ pitcherUrl: string; pitcherToken: string }> {
    return startVm(this.url, sandboxId);
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }

  private request(request: Request): Promise<Reply> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.send(request);
    });
  }
}

/** `POST <url>/api/v1/vm/<id>/start`, as the editor does: the pitcher URL and a fresh token for one connection. */
export async function startVm(url: string, sandboxId: string): Promise<{ pitcherUrl: string; pitcherToken: string }> {
  const response = await fetch(`${url}/api/v1/vm/${encodeURIComponent(sandboxId)}/start`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`POST /api/v1/vm/${sandboxId}/start: HTTP ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { pitcher_url: string; pitcher_token: string } };
  return { pitcherUrl: data.pitcher_url, pitcherToken: data.pitcher_token };
}

/** The URL a pitcher client connects to, as PitcherClient builds it. */
export const pitcherSocketUrl = (vm: { pitcherUrl: string; pitcherToken: string }): string =>
  `${vm.pitcherUrl}/?token=${encodeURIComponent(vm.pitcherToken)}`;

if (process.env[ROLE_ENV] === '1') {
  serverMain().catch((error) => {
    console.error('[bench server]', error);
    process.exit(1);
  });
}
