/**
 * The client side of the propagation-latency benchmark, the same for every system compared: N clients of one system
 * type one character at a random position of one shared text, each on its own timer, and we time every (measured
 * insert, observed receiver) pair from the sender's local edit to the receiver having applied it.
 *
 * Process layout. Clients that run in one process apply the same operation one after the other, so with all N in one
 * process the k-th receiver's latency includes the k−1 receivers applied before it: at 100 clients that serial
 * queue, not the server, dominates (the receivers of a real deployment apply in parallel on their own machines).
 * So the receivers that are timed, the *observed* clients (indices 0..K−1, K = min(N, BENCH_PROP_OBSERVED, default
 * 10)), run in this process, and the other N−K clients run in `passiveProcesses` child processes (this file forked):
 * they type and apply everything like the observed ones (so the server's load and fan-out are the same), but their
 * receipts are not timed. The queue in front of a timed receiver is then at most K−1 receivers at every N.
 *
 * Clocks. Every process stamps with performance.timeOrigin + performance.now(); a child's offset from this process
 * is estimated at start by IPC ping-pong (the reply's stamp against the midpoint of the fastest round trip) and its
 * send times are corrected by it, so inserts typed by passive clients are timed at the observed receivers too.
 *
 * Workload: every client types `quota` characters, one per tick of its own setInterval(tickMs) started at a stagger
 * of i·tickMs/N (i = the client's index over all processes); a client that may not type yet (an OT client with an
 * operation unconfirmed) skips that tick, and the skip is counted.
 */
import { ChildProcess, fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { murmurHash } from '../../src/domain/hash/murmur';
import { createPrng } from './prng';

// ---------------------------------------------------------------- what a system provides

export interface TypingClient {
  /** False while the client must not type (an OT client with an operation unconfirmed). */
  readonly canType: boolean;
  /** Nothing of this client's is unconfirmed. */
  readonly idle: boolean;
  readonly length: number;
  /**
   * Types one character at a random position. `marker`, when given, is a character code unique to this insert that
   * the system may type to identify it. Returns the key under which receivers report this insert (undefined when
   * receivers cannot tell it apart, e.g. a warm-up 'x').
   */
  type(random: () => number, marker: number | undefined): string | undefined;
  /** Types `text` at the start in one operation (initial content). */
  insertInitial(text: string): void;
  text(): string;
  counters(): Counters;
  /** Send → answer of each operation typed in a measuring phase, ms (clients whose server answers operations). */
  roundTrips?(): number[];
  close(): Promise<void>;
}

export interface Counters {
  /** Operations the server refused or that failed (must be 0). */
  rejected: number;
  /** Acknowledgement frames sent (OT clients). */
  acks: number;
  /** Errors the client reported, connections lost. */
  errors: number;
}

export interface ClientSystem<Spec> {
  /**
   * Connects client `index` to the server described by `spec`; resolves once it can type. `onApplied`, for observed
   * clients, is called with each remote insert's key when the client has applied it.
   */
  connect(spec: Spec, index: number, onApplied: ((key: string, at: number) => void) | undefined): Promise<TypingClient>;
}

/** Systems a child process can host, by name (required lazily: each pulls in its client stack). */
function systemByName(name: SystemName): ClientSystem<unknown> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  if (name === 'bullpen') return (require('./real-client') as typeof import('./real-client')).bullpenTypingSystem as ClientSystem<unknown>;
  if (name === 'bullpen-acks') return (require('./pitcher-ack-client') as typeof import('./pitcher-ack-client')).pitcherAckTypingSystem as ClientSystem<unknown>;
  return (require('./yjs-peer') as typeof import('./yjs-peer')).yjsTypingSystem as ClientSystem<unknown>;
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** `bullpen`: the browser's client (batched acknowledgements); `bullpen-acks`: one acknowledgement per revision. */
export type SystemName = 'bullpen' | 'bullpen-acks' | 'yjs';

// ---------------------------------------------------------------- one process's clients

/** Absolute time in ms with sub-µs resolution, comparable across processes up to the estimated offset. */
export const clock = (): number => performance.timeOrigin + performance.now();

/** Distinct one-unit characters for measured inserts: CJK Unified Ideographs, then Hangul syllables. */
export const MARKERS: readonly number[] = (() => {
  const out: number[] = [];
  for (let c = 0x4e00; c <= 0x9fff; c++) out.push(c);
  for (let c = 0xac00; c <= 0xd7a3; c++) out.push(c);
  return out;
})();

export interface Phase {
  /**
   * Characters each client types: total split evenly over all N clients (the first ones type one more). With
   * `fixedTicks`, ticks instead: a skipped tick counts too, so the phase lasts total/N ticks whatever is skipped.
   */
  total: number;
  fixedTicks?: boolean;
  clients: number;
  tickMs: number;
  seed: number;
  measuring: boolean;
}

interface Driven {
  /** [key, send time] of every keyed insert typed in a measuring phase. */
  sent: Array<[string, number]>;
  skipped: number;
}

interface HostStatus {
  minLength: number;
  maxLength: number;
  idle: boolean;
}

interface HostReport {
  elu: number;
  counters: Counters;
  /** Every client's round trips (TypingClient.roundTrips). */
  roundTripsMs: number[];
  /** murmur of each client's text. */
  hashes: string[];
}

class ClientHost {
  readonly clients: TypingClient[] = [];
  private eluMark = performance.eventLoopUtilization();

  constructor(
    private readonly system: ClientSystem<unknown>,
    private readonly spec: unknown,
    readonly from: number,
    readonly to: number,
    private readonly onApplied: ((key: string, at: number) => void) | undefined,
  ) {}

  async connect(): Promise<void> {
    const BATCH = 10;
    for (let i = this.from; i < this.to; i += BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(BATCH, this.to - i) }, (_, j) => this.system.connect(this.spec, i + j, this.onApplied)),
      );
      this.clients.push(...batch);
    }
  }

  drive(phase: Phase): Promise<Driven> {
    if (phase.measuring) this.eluMark = performance.eventLoopUtilization();
    const sent: Array<[string, number]> = [];
    let skipped = 0;
    const base = Math.floor(phase.total / phase.clients);
    const extra = phase.total % phase.clients;
    return new Promise((resolve) => {
      let running = 0;
      const finished = () => {
        if (--running === 0) resolve({ sent, skipped });
      };
      this.clients.forEach((client, k) => {
        const index = this.from + k;
        const quota = base + (index < extra ? 1 : 0);
        if (quota === 0) return;
        running++;
        const random = createPrng(phase.seed * 1_000_003 + index);
        let typed = 0;
        let ticks = 0;
        let interval: NodeJS.Timeout | undefined;
        setTimeout(
          () => {
            interval = setInterval(() => {
              if (!client.canType) {
                if (phase.measuring) skipped++;
                if (phase.fixedTicks && ++ticks >= quota) {
                  clearInterval(interval);
                  finished();
                }
                return;
              }
              const marker = phase.measuring ? MARKERS[(typed * phase.clients + index) % MARKERS.length] : undefined;
              const at = clock();
              const key = client.type(random, marker);
              if (phase.measuring && key !== undefined) sent.push([key, at]);
              ticks++;
              if (++typed >= quota || (phase.fixedTicks && ticks >= quota)) {
                clearInterval(interval);
                finished();
              }
            }, phase.tickMs);
          },
          (index * phase.tickMs) / phase.clients,
        );
      });
      if (running === 0) resolve({ sent, skipped });
    });
  }

  status(): HostStatus {
    let minLength = Infinity;
    let maxLength = -Infinity;
    let idle = true;
    for (const client of this.clients) {
      const length = client.length;
      if (length < minLength) minLength = length;
      if (length > maxLength) maxLength = length;
      if (!client.idle) idle = false;
    }
    return { minLength, maxLength, idle };
  }

  report(): HostReport {
    const counters: Counters = { rejected: 0, acks: 0, errors: 0 };
    for (const client of this.clients) {
      const c = client.counters();
      counters.rejected += c.rejected;
      counters.acks += c.acks;
      counters.errors += c.errors;
    }
    const roundTripsMs = this.clients.flatMap((c) => c.roundTrips?.() ?? []);
    return { elu: performance.eventLoopUtilization(this.eluMark).utilization, counters, roundTripsMs, hashes: this.clients.map((c) => murmurHash(c.text())) };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close()));
  }
}

// ---------------------------------------------------------------- child process hosting passive clients

const ROLE_ENV = 'BULLPEN_BENCH_CLIENT_HOST';

type HostRequest =
  | { kind: 'init'; system: SystemName; spec: unknown; from: number; to: number }
  | { kind: 'ping' }
  | { kind: 'drive'; phase: Phase }
  | { kind: 'status' }
  | { kind: 'report' }
  | { kind: 'stop' };

type HostReply =
  | { kind: 'ready' }
  | { kind: 'pong'; at: number }
  | ({ kind: 'driven' } & Driven)
  | ({ kind: 'status' } & HostStatus)
  | ({ kind: 'report' } & HostReport)
  | { kind: 'error'; message: string };

async function hostMain(): Promise<void> {
  let host: ClientHost | undefined;
  const send = (reply: HostReply) => process.send!(reply);
  // Requests are answered in order.
  let queue = Promise.resolve();
  process.on('message', (request: HostRequest) => {
    queue = queue.then(async (): Promise<void> => {
      try {
        switch (request.kind) {
          case 'init': {
            const system = systemByName(request.system);
            host = new ClientHost(system, request.spec, request.from, request.to, undefined);
            await host.connect();
            return void send({ kind: 'ready' });
          }
          case 'ping':
            return void send({ kind: 'pong', at: clock() });
          case 'drive':
            return void send({ kind: 'driven', ...(await host!.drive(request.phase)) });
          case 'status':
            return void send({ kind: 'status', ...host!.status() });
          case 'report':
            return void send({ kind: 'report', ...host!.report() });
          case 'stop':
            await host?.close();
            process.exit(0);
        }
      } catch (error) {
        send({ kind: 'error', message: (error as Error).stack ?? String(error) });
      }
    });
  });
  process.on('disconnect', () => process.exit(0));
}

class RemoteHost {
  private readonly waiting: Array<{ resolve: (reply: HostReply) => void; reject: (error: Error) => void }> = [];
  /** This child's clock minus ours. */
  offset = 0;

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (reply: HostReply) => {
      const next = this.waiting.shift();
      if (!next) return;
      if (reply.kind === 'error') next.reject(new Error(`client host: ${reply.message}`));
      else next.resolve(reply);
    });
    child.on('exit', (code) => {
      for (const w of this.waiting.splice(0)) w.reject(new Error(`client host exited with code ${code}`));
    });
  }

  static start(): RemoteHost {
    const child = fork(__filename, [], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      env: { ...process.env, [ROLE_ENV]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new RemoteHost(child);
  }

  request<K extends HostReply['kind']>(request: HostRequest): Promise<Extract<HostReply, { kind: K }>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve: resolve as (reply: HostReply) => void, reject });
      this.child.send(request);
    });
  }

  /** Estimates the clock offset from the fastest of `rounds` ping-pongs. */
  async syncClock(rounds = 30): Promise<void> {
    let best = Infinity;
    for (let i = 0; i < rounds; i++) {
      const sentAt = clock();
      const pong = await this.request<'pong'>({ kind: 'ping' });
      const receivedAt = clock();
      if (receivedAt - sentAt < best) {
        best = receivedAt - sentAt;
        this.offset = pong.at - (sentAt + receivedAt) / 2;
      }
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.send({ kind: 'stop' });
      setTimeout(() => this.child.kill('SIGKILL'), 5000).unref();
    });
  }
}

// ---------------------------------------------------------------- one measured run

export interface LatencyServer<Spec> {
  readonly spec: Spec;
  /** Starts the server's CPU window. */
  mark(): Promise<void>;
  /** Server CPU since mark, in ms. */
  cpu(): Promise<{ userMs: number; systemMs: number; eventLoopUtilization?: number }>;
  /** The server's copy of the shared text. */
  text(): Promise<string>;
}

export interface LatencyPlan {
  system: SystemName;
  clients: number;
  /** Clients timed as receivers (in this process). */
  observed: number;
  /** Child processes for the other clients. */
  passiveProcesses: number;
  tickMs: number;
  warmupOps: number;
  measuredOps: number;
  seed: number;
  /** Text the first client types before the warm-up (Yjs: the same README the Bullpen document starts with). */
  initialText?: string;
  /** Waited after the measured phase settled, before the server's CPU is read (OT: the last debounced acks). */
  quietMs: number;
  /**
   * Every client gets `tickMs`·measuredOps/clients of time and types on every tick it can; a skipped tick is lost
   * (the offered load is fixed, what is typed is measured). Without it every client types its share of measuredOps.
   */
  fixedTicks?: boolean;
  /** Started with the measured phase (e.g. a client joining during the load); its result comes back in `during`. */
  duringMeasured?: () => Promise<unknown>;
}

export interface LatencyResult {
  /** One per (measured insert, observed receiver other than its sender). */
  latenciesMs: number[];
  missingReceipts: number;
  opsSent: number;
  achievedOpsPerS: number;
  skippedTicks: number;
  serverCpuMsPerOp: number;
  /** The part of the server's CPU time spent in the kernel (system time), 0..1. */
  serverSystemShare: number;
  /** The server's event-loop utilisation over the same window, 0..1, when it reports it. */
  serverElu: number;
  /** Event-loop utilisation of this process (observed clients) and of each passive process, measured phase. */
  observedElu: number;
  passiveElu: number[];
  counters: Counters;
  /** Every client's text equals the server's. */
  converged: boolean;
  /** Largest clock offset estimated for a child process (should be ~0: every process stamps with the same clock). */
  maxClockOffsetMs: number;
  /** Send → answer of the measured operations (OT clients), ms. */
  roundTripsMs: number[];
  /** Ticks offered in the measured phase (typed + skipped). */
  offeredTicks: number;
  /** From the start of the measured phase until every client had every operation, ms. */
  measuredMs: number;
  /** What plan.duringMeasured resolved with. */
  during: unknown;
}

const SETTLE_TIMEOUT_MS = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureLatency<Spec>(server: LatencyServer<Spec>, plan: LatencyPlan): Promise<LatencyResult> {
  const observedCount = Math.min(plan.clients, plan.observed);
  const passiveCount = plan.clients - observedCount;
  const processes = passiveCount === 0 ? 0 : Math.min(plan.passiveProcesses, passiveCount);
  const system = systemByName(plan.system);

  let recording = false;
  const receipts: Array<[string, number]> = [];
  const onApplied = (key: string, at: number) => {
    if (recording) receipts.push([key, at]);
  };
  const maxListeners = process.getMaxListeners();
  process.setMaxListeners(Math.max(maxListeners, observedCount + 20));
  const local = new ClientHost(system, server.spec, 0, observedCount, onApplied);
  const remotes: RemoteHost[] = [];
  try {
    const connecting: Array<Promise<unknown>> = [local.connect()];
    for (let p = 0; p < processes; p++) {
      const from = observedCount + Math.floor((p * passiveCount) / processes);
      const to = observedCount + Math.floor(((p + 1) * passiveCount) / processes);
      const remote = RemoteHost.start();
      remotes.push(remote);
      connecting.push(remote.request({ kind: 'init', system: plan.system, spec: server.spec, from, to }).then(() => remote.syncClock()));
    }
    await Promise.all(connecting);

    const statuses = async (): Promise<HostStatus[]> => [local.status(), ...(await Promise.all(remotes.map((r) => r.request<'status'>({ kind: 'status' }))))];
    const settle = async (expectedLength: number | undefined, also: () => boolean = () => true): Promise<boolean> => {
      const deadline = Date.now() + SETTLE_TIMEOUT_MS;
      for (;;) {
        const all = await statuses();
        const min = Math.min(...all.map((s) => s.minLength));
        const max = Math.max(...all.map((s) => s.maxLength));
        if (min === max && (expectedLength === undefined || min === expectedLength) && all.every((s) => s.idle) && also()) return true;
        if (Date.now() > deadline) return false;
        await sleep(10);
      }
    };

    if (plan.initialText) local.clients[0].insertInitial(plan.initialText);
    if (!(await settle(undefined))) throw new Error('clients did not all get the initial text');
    const startLength = local.clients[0].length;

    const drive = async (phase: Phase): Promise<Driven[]> =>
      Promise.all([local.drive(phase), ...remotes.map((r) => r.request<'driven'>({ kind: 'drive', phase }))]);

    const warmup: Phase = { total: plan.warmupOps, clients: plan.clients, tickMs: plan.tickMs, seed: plan.seed ^ 0x5eed, measuring: false };
    await drive(warmup);
    if (!(await settle(startLength + plan.warmupOps))) throw new Error('clients did not settle after the warm-up');
    await sleep(plan.quietMs);

    // Measured phase.
    const measured: Phase = { total: plan.measuredOps, clients: plan.clients, tickMs: plan.tickMs, seed: plan.seed, measuring: true, fixedTicks: plan.fixedTicks };
    const reportAll = async () => [local.report(), ...(await Promise.all(remotes.map((r) => r.request<'report'>({ kind: 'report' }))))];
    const before = sumCounters(await reportAll());
    await server.mark();
    const measureStart = performance.now();
    recording = true;
    // A failure is reported as the result (never an unhandled rejection while the load runs).
    const during = plan.duringMeasured?.().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    const driven = await drive(measured);
    const sentAt = new Map<string, number>();
    let expectedReceipts = 0;
    let firstSend = Infinity;
    let lastSend = -Infinity;
    driven.forEach((d, h) => {
      const offset = h === 0 ? 0 : remotes[h - 1].offset;
      for (const [key, at] of d.sent) {
        const ours = at - offset;
        sentAt.set(key, ours);
        firstSend = Math.min(firstSend, ours);
        lastSend = Math.max(lastSend, ours);
        // The observed clients other than the sender receive it (the sender is observed only in this process).
        expectedReceipts += h === 0 ? observedCount - 1 : observedCount;
      }
    });
    const receiptsIn = () => {
      let n = 0;
      for (const [key] of receipts) if (sentAt.has(key)) n++;
      return n;
    };
    const settled = await settle(startLength + plan.warmupOps + sentAt.size, () => receiptsIn() >= expectedReceipts);
    const measuredMs = performance.now() - measureStart;
    recording = false;
    const reports = await reportAll();
    const duringResult = await during;
    await sleep(plan.quietMs);
    const cpu = await server.cpu();
    const cpuMs = cpu.userMs + cpu.systemMs;
    if (!settled) console.warn(`warning: ${plan.system} clients did not settle within ${SETTLE_TIMEOUT_MS / 1000} s`);

    const latenciesMs: number[] = [];
    for (const [key, at] of receipts) {
      const sent = sentAt.get(key);
      if (sent !== undefined) latenciesMs.push(at - sent);
    }
    const serverText = await server.text();
    const serverHash = murmurHash(serverText);
    const converged = local.clients.every((c) => c.text() === serverText) && reports.every((r) => r.hashes.every((h) => h === serverHash));
    const after = sumCounters(reports);
    // Acknowledgements of the measured phase only; failures of the whole run.
    const counters: Counters = { rejected: after.rejected, acks: after.acks - before.acks, errors: after.errors };
    const opsSent = sentAt.size;
    const skippedTicks = driven.reduce((n, d) => n + d.skipped, 0);
    return {
      latenciesMs,
      missingReceipts: expectedReceipts - latenciesMs.length,
      opsSent,
      achievedOpsPerS: opsSent > 1 ? ((opsSent - 1) * 1000) / (lastSend - firstSend) : NaN,
      skippedTicks,
      serverCpuMsPerOp: cpuMs / Math.max(1, opsSent),
      serverSystemShare: cpuMs > 0 ? cpu.systemMs / cpuMs : NaN,
      serverElu: cpu.eventLoopUtilization ?? NaN,
      observedElu: reports[0].elu,
      passiveElu: reports.slice(1).map((r) => r.elu),
      counters,
      converged,
      maxClockOffsetMs: Math.max(0, ...remotes.map((r) => Math.abs(r.offset))),
      roundTripsMs: reports.flatMap((r) => r.roundTripsMs),
      offeredTicks: opsSent + skippedTicks,
      measuredMs,
      during: duringResult,
    };
  } finally {
    await local.close();
    await Promise.all(remotes.map((r) => r.stop()));
    process.setMaxListeners(maxListeners);
  }
}

function sumCounters(reports: HostReport[]): Counters {
  const counters: Counters = { rejected: 0, acks: 0, errors: 0 };
  for (const r of reports) {
    counters.rejected += r.counters.rejected;
    counters.acks += r.counters.acks;
    counters.errors += r.counters.errors;
  }
  return counters;
}

if (process.env[ROLE_ENV] === '1') {
  hostMain().catch((error) => {
    console.error('[bench client host]', error);
    process.exit(1);
  });
}
