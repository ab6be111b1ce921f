/**
 * Edit propagation latency with the real client, beside the stock y-websocket server (bench/support/yjs-peer.ts),
 * at 10, 20, 50 and 100 clients (issue "Collaboration you can trust"). No assertion on timing.
 *
 * Ours: the real server (startServer in a child process: bench/support/bullpen-server.ts) and N real editor clients
 * (PitcherClient + PitcherFileTree + FileTreeStore + PitcherDocuments + EditorStore → DocumentSession, over `ws`:
 * bench/support/real-client.ts), each with README.md of the default sandbox open. Every client types through
 * `DocumentSession.applyLocal`, so what goes on the wire is exactly what the browser sends: operations with their seq,
 * and acknowledgements debounced to one per ACK_DEBOUNCE_MS and piggy-backed on the client's own operations.
 * Theirs: y-websocket clients (WebsocketProvider + Y.Doc) on the stock @y/websocket-server, starting from the same
 * README text.
 *
 * Two acknowledgement modes for ours (BENCH_PROP_MODES, default "batched,acks"): `batched` is the browser client above;
 * `acks` ("ack per revision") is the published pitcher-client's traffic, a client written from the published protocol
 * (bench/support/pitcher-ack-client.ts: ClientSync over a bare socket, no seq) that sends a `file/documentAck` for
 * every revision it learns of, after its own operation's answer and after every notification. Same workload, same
 * layout; y-websocket runs once per size and is compared with both.
 *
 * Workload, the same on both sides (bench/support/latency-clients.ts): every client has its own timer (period
 * `tick`, started at a stagger of i·tick/N) and types one character at a random position of the shared text on each
 * tick. The OT client keeps one operation in flight, so a client whose previous operation is unconfirmed skips that
 * tick (counted). Yjs never skips. Both print the send rate they achieved.
 *
 * Latency: from the sender's local edit (just before applyLocal / Y.Text.insert) to a receiver having applied it:
 * DocumentSession.onDidApplyRemote for ours (so an operation that has to wait for the revision before it counts when
 * it is applied), the Y.Text observer for theirs. Ours identifies a measured insert by its character (each types a
 * different CJK character, one UTF-16 unit like y-websocket's 'x'; the warm-up types 'x'), theirs by the Yjs item id.
 * p50/p99 are over every (measured insert, observed receiver) pair.
 *
 * Client-process layout, the same on both sides. If all N clients shared one process, each operation's N−1 receivers
 * would apply it one after the other in one event loop, so the last receiver's latency would include the others'
 * work. At 100 clients that serial queue, not the server, decides the figure, even when the process is mostly idle,
 * and it favours whichever client is cheaper per received operation. Real receivers apply in parallel, on their own
 * machines. So only the *observed* clients, min(N, BENCH_PROP_OBSERVED = 10), run in this process and are timed as
 * receivers. The other N−10 clients run in BENCH_PROP_PASSIVE_PROCESSES (default 1) child processes, where they type
 * and apply everything like the observed ones (same server load, same fan-out, same acknowledgements) but their
 * receipts are not timed. Inserts typed by passive clients are timed too: every process stamps with
 * performance.timeOrigin + performance.now(), and the residual offset of each child is estimated by IPC ping-pong and
 * printed.
 *
 * Offered load: the tick is N·(N−1)/D seconds (at least 7 ms), i.e. the clients together receive D operations per
 * second (BENCH_PROP_DELIVERIES_PER_S, default 5,000) at every N. The send rate therefore falls from ~560 ops/s at 10
 * clients to ~50 ops/s at 100, and no client process saturates on a 2-core machine. The y-websocket clients are the
 * first to saturate: every Yjs transaction computes the document's state vector (one entry per client that ever
 * edited), and y-websocket's update listener encodes each received update again, so a receiving client's cost grows
 * with N. Each client process's event-loop utilisation (ELU) over the measured phase is printed, with a note above
 * 50%: then part of that side's latency is its clients queueing, not its server.
 *
 * Server CPU per operation: process.cpuUsage() of the server child, divided by the measured operations, and the part
 * of it spent in the kernel (system time: mostly the socket writes and reads). The window runs from the start of the
 * measured phase until every client has every operation; for ours it also covers ACK_DEBOUNCE_MS more (batched) or
 * 50 ms (per revision), for the last acknowledgements. The machine's other load moves it by ±20% from run to run:
 * BENCH_PROP_REPEAT=k runs every size k times (the sides interleaved) and prints the run of median CPU with the range.
 * Also printed: the time from sending an operation to its answer (p99, ours), operations refused by the server (must
 * be 0), whether every client's text equals the server's, and the acknowledgement frames our clients sent per
 * operation in the measured phase.
 *
 * Heavy load (BENCH_PROP_LOAD_MODES, default "acks"; "none" skips it): BENCH_PROP_LOAD_CLIENTS (200) clients are each
 * offered a character every 1/BENCH_PROP_LOAD_OPS_PER_S (5/s) for BENCH_PROP_LOAD_SECONDS (10 s); a tick whose
 * client still waits for its previous answer is lost, so "delivered" is typed / offered. Printed: the answer time
 * p50/p99 (send → the server's answer), propagation p50/p99, the server's CPU per operation, its share of one core
 * and its event loop's utilisation, and the clients' ELU (the passive clients of a 2-core machine saturate first:
 * every client applies every other client's operations). Meanwhile BENCH_PROP_LOAD_JOINS (3) new clients, the
 * browser's stack in this process, join one after the other (spread over the load) and are timed from asking for the
 * pitcher URL until the file is open. The load's clients run in BENCH_PROP_LOAD_PROCESSES (2) child processes and
 * BENCH_PROP_LOAD_OBSERVED (2) in this one.
 *
 * Sizes (env): BENCH_PROP_CLIENTS (default "10,20,50,100"), BENCH_PROP_DELIVERIES_PER_S (5000), BENCH_PROP_TICK_MS
 * (a fixed tick for every N instead), BENCH_PROP_SECONDS (the measured phase, default 15 s of offered load: long enough for p99 over ~75,000 receipts at 10 clients),
 * BENCH_PROP_WARMUP_SECONDS (1), BENCH_PROP_MAX_OPS (measured operations per run at most, 9000), BENCH_PROP_OBSERVED
 * (10), BENCH_PROP_PASSIVE_PROCESSES (1), BENCH_PROP_REPEAT (1), BENCH_PROP_FILE (README.md: a top-level file of the
 * test template, which the benchmark servers start from). BENCH_PROP_CLIENTS=none runs only the heavy load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACK_DEBOUNCE_MS } from '../src/application/editor/document-session';
import { BullpenServerChild, pitcherSocketUrl, startVm } from './support/bullpen-server';
import { LatencyPlan, LatencyResult, MARKERS, SystemName, measureLatency } from './support/latency-clients';
import { PitcherProbe } from './support/pitcher-probe';
import { BullpenSpec, RealClient } from './support/real-client';
import { Summary, envList, envNumber, sleep, summarize } from './support/stats';
import { printTable } from './support/table';
import { startYjsServer } from './support/yjs-peer';
import { TEST_TEMPLATE_DIR } from '../test/support/test-template';

const CLIENT_COUNTS = envList('BENCH_PROP_CLIENTS', [10, 20, 50, 100]);
const DELIVERIES_PER_S = envNumber('BENCH_PROP_DELIVERIES_PER_S', 5_000);
const FIXED_TICK_MS = envNumber('BENCH_PROP_TICK_MS', 0);
const MEASURED_SECONDS = envNumber('BENCH_PROP_SECONDS', 15);
const WARMUP_SECONDS = envNumber('BENCH_PROP_WARMUP_SECONDS', 1);
const MAX_OPS = envNumber('BENCH_PROP_MAX_OPS', 9000);
const OBSERVED = Math.max(2, Math.round(envNumber('BENCH_PROP_OBSERVED', 10)));
const PASSIVE_PROCESSES = Math.max(1, Math.round(envNumber('BENCH_PROP_PASSIVE_PROCESSES', 1)));
const REPEAT = Math.max(1, Math.round(envNumber('BENCH_PROP_REPEAT', 1)));
const LOAD_CLIENTS = Math.round(envNumber('BENCH_PROP_LOAD_CLIENTS', 200));
const LOAD_OPS_PER_CLIENT_S = envNumber('BENCH_PROP_LOAD_OPS_PER_S', 5);
const LOAD_SECONDS = envNumber('BENCH_PROP_LOAD_SECONDS', 10);
const LOAD_JOINS = Math.round(envNumber('BENCH_PROP_LOAD_JOINS', 3));
const LOAD_OBSERVED = Math.max(2, Math.round(envNumber('BENCH_PROP_LOAD_OBSERVED', 2)));
const LOAD_PROCESSES = Math.max(1, Math.round(envNumber('BENCH_PROP_LOAD_PROCESSES', 2)));
const ELU_NOTE = 0.5;
const MIN_TICK_MS = 7;
const SEED = 42;
/** The shared file: a top-level file of the default sandbox, its text taken from the test template. */
const FILE = process.env.BENCH_PROP_FILE || 'README.md';

/** How our clients acknowledge: the browser's (debounced, piggy-backed) or pitcher-client's (every revision). */
type AckMode = 'batched' | 'per-revision';
const ACK_MODES: Record<string, AckMode> = { batched: 'batched', acks: 'per-revision', 'per-revision': 'per-revision' };
const MODE_NAMES: Record<AckMode, string> = { batched: 'Bullpen, browser acks', 'per-revision': 'Bullpen, ack per revision' };
const SYSTEMS: Record<AckMode, SystemName> = { batched: 'bullpen', 'per-revision': 'bullpen-acks' };

function envModes(name: string, fallback: AckMode[]): AckMode[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (raw.trim() === 'none') return [];
  return raw.split(',').map((part) => {
    const mode = ACK_MODES[part.trim()];
    if (!mode) throw new Error(`${name}: unknown mode ${JSON.stringify(part)} (batched, acks or none)`);
    return mode;
  });
}

const MODES = envModes('BENCH_PROP_MODES', ['batched', 'per-revision']);
const LOAD_MODES = envModes('BENCH_PROP_LOAD_MODES', ['per-revision']);

type Plan = Omit<LatencyPlan, 'system' | 'initialText' | 'quietMs'>;

function planFor(clients: number): Plan {
  const tickMs = FIXED_TICK_MS > 0 ? FIXED_TICK_MS : Math.max(MIN_TICK_MS, Math.round(((clients * (clients - 1)) / DELIVERIES_PER_S) * 1000));
  const opsPerS = (clients * 1000) / tickMs;
  const measuredOps = Math.max(clients, Math.min(MAX_OPS, MARKERS.length - clients, Math.round(opsPerS * MEASURED_SECONDS)));
  const warmupOps = Math.max(clients, Math.round(opsPerS * WARMUP_SECONDS));
  return { clients, observed: OBSERVED, passiveProcesses: PASSIVE_PROCESSES, tickMs, warmupOps, measuredOps, seed: SEED };
}

/** The text y-websocket starts from: the README our server's default sandbox has (whatever the template says). */
function initialText(): string {
  // The bench's servers start from the test template (bench/support/bullpen-server.ts), so y-websocket does too.
  try {
    return readFileSync(path.join(TEST_TEMPLATE_DIR, FILE), 'utf8');
  } catch {
    throw new Error(`the test template has no top-level ${FILE}: name one in BENCH_PROP_FILE`);
  }
}

/** The server's text of FILE, read by a fresh connection. */
async function serverText(server: BullpenServerChild): Promise<string> {
  const probe = await PitcherProbe.connect(pitcherSocketUrl(await server.startVm()));
  try {
    await probe.join();
    const tree = await probe.request<{ treeNodes: Array<{ id: string; name: string | null; parentId: string | null }> }>('fs/read', null);
    const node = tree.value.treeNodes.find((n) => n.name === FILE && n.parentId === '0');
    if (!node) throw new Error(`${FILE} not found`);
    const opened = await probe.request<{ content: string }>('file/open', { id: node.id });
    return opened.value.content;
  } finally {
    await probe.close();
  }
}

async function withBullpen<T>(run: (server: BullpenServerChild) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-'));
  const server = await BullpenServerChild.start(dataDir);
  try {
    return await run(server);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function runOurs(plan: Plan, mode: AckMode, extra: Partial<LatencyPlan> = {}): Promise<LatencyResult> {
  return withBullpen((server) => {
    const spec: BullpenSpec = { url: server.url, sandboxId: server.sandboxId, path: FILE };
    return measureLatency(
      { spec, mark: () => server.mark(), cpu: () => server.report(), text: () => serverText(server) },
      // The last debounced acknowledgements are part of the work measured.
      { ...plan, ...extra, system: SYSTEMS[mode], quietMs: mode === 'batched' ? ACK_DEBOUNCE_MS + 50 : 50 },
    );
  });
}

async function runTheirs(plan: Plan): Promise<LatencyResult> {
  const server = await startYjsServer();
  try {
    return await measureLatency(server, { ...plan, system: 'yjs', quietMs: 0, initialText: initialText() });
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- a client joining during a heavy load

interface JoinTiming {
  /** From asking for the pitcher URL until the client has the file open, and the steps on the way. */
  totalMs: number;
  vmMs: number;
  joinedMs: number;
  treeMs: number;
}

/** Opens FILE with the browser's client stack (RealClient) and closes it again; the time each step took. */
async function timeJoin(spec: BullpenSpec, name: string): Promise<JoinTiming> {
  const started = performance.now();
  const steps: Record<string, number> = {};
  const client = new RealClient(name);
  try {
    const vm = await startVm(spec.url, spec.sandboxId);
    const vmMs = performance.now() - started;
    await client.open(vm, spec.path, (step) => (steps[step] = performance.now() - started));
    return { totalMs: performance.now() - started, vmMs, joinedMs: steps.joined ?? NaN, treeMs: steps.tree ?? NaN };
  } finally {
    await client.close();
  }
}

/** LOAD_JOINS joins, spread evenly over the measured phase, one after the other. */
function joinsDuringLoad(spec: BullpenSpec): () => Promise<JoinTiming[]> {
  return async () => {
    const timings: JoinTiming[] = [];
    const start = performance.now();
    for (let k = 0; k < LOAD_JOINS; k++) {
      const at = ((k + 1) * LOAD_SECONDS * 1000) / (LOAD_JOINS + 1);
      await sleep(Math.max(0, at - (performance.now() - start)));
      timings.push(await timeJoin(spec, `joiner-${k}`));
    }
    return timings;
  };
}

interface LoadResult {
  mode: AckMode;
  result: LatencyResult;
  serverCpuMs: number;
  joins: JoinTiming[] | Error;
}

async function runLoad(mode: AckMode): Promise<LoadResult> {
  const tickMs = 1000 / LOAD_OPS_PER_CLIENT_S;
  const ticksPerClient = Math.max(1, Math.round(LOAD_SECONDS * LOAD_OPS_PER_CLIENT_S));
  const plan: Plan = {
    clients: LOAD_CLIENTS,
    observed: LOAD_OBSERVED,
    passiveProcesses: LOAD_PROCESSES,
    tickMs,
    warmupOps: LOAD_CLIENTS,
    measuredOps: Math.min(ticksPerClient * LOAD_CLIENTS, Math.floor(MARKERS.length / LOAD_CLIENTS) * LOAD_CLIENTS),
    seed: SEED,
  };
  return withBullpen(async (server) => {
    const spec: BullpenSpec = { url: server.url, sandboxId: server.sandboxId, path: FILE };
    const result = await measureLatency(
      { spec, mark: () => server.mark(), cpu: () => server.report(), text: () => serverText(server) },
      { ...plan, system: SYSTEMS[mode], quietMs: mode === 'batched' ? ACK_DEBOUNCE_MS + 50 : 50, fixedTicks: true, duringMeasured: joinsDuringLoad(spec) },
    );
    return { mode, result, serverCpuMs: result.serverCpuMsPerOp * Math.max(1, result.opsSent), joins: result.during as JoinTiming[] | Error };
  });
}

// ---------------------------------------------------------------- entry

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const ms0 = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '-');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : '-');
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;
const µs = (msPerOp: number) => (msPerOp * 1000).toFixed(0);

type Side = AckMode | 'theirs';
const sideName = (side: Side) => (side === 'theirs' ? 'y-websocket' : MODE_NAMES[side]);

async function runSizes(problems: string[], notes: string[]): Promise<void> {
  const plans = CLIENT_COUNTS.map(planFor);
  console.log(
    `Each client types one character per tick at a random position of ${FILE}; tick = N·(N−1)/${DELIVERIES_PER_S} s (min ${MIN_TICK_MS} ms)` +
      `${FIXED_TICK_MS > 0 ? `, overridden: ${FIXED_TICK_MS} ms` : ''}. Servers in child processes; ${OBSERVED} observed clients in this process, ` +
      `the others in ${PASSIVE_PROCESSES} child process(es).`,
  );
  console.log(
    "Latency: sender's local edit → an observed client has applied it (ours: the client's applied remote operation; y-websocket: Y.Text observer), " +
      'over every (measured insert, observed receiver) pair. Bullpen runs once per acknowledgement mode: the browser client (debounced, ' +
      'piggy-backed acknowledgements) and a client sending file/documentAck for every revision, as pitcher-client does.',
  );
  const rows: string[][] = [];
  const summary: string[][] = [];
  let maxOffset = 0;
  for (const [index, plan] of plans.entries()) {
    // Rotate which system goes first, so drift (other load, CPU frequency) does not favour one.
    const sides: Side[] = [...MODES, 'theirs'];
    const order = sides.map((_, k) => sides[(k + index) % sides.length]);
    const runs = new Map<Side, LatencyResult[]>(sides.map((side) => [side, []]));
    for (let round = 0; round < REPEAT; round++) {
      for (const side of order) {
        const started = performance.now();
        runs.get(side)!.push(side === 'theirs' ? await runTheirs(plan) : await runOurs(plan, side));
        console.log(`  ${plan.clients} clients, ${sideName(side)}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    // With repeats, each side's row is its run of median server CPU per operation; the range is printed beside it.
    const median = (side: Side): LatencyResult => {
      const sorted = [...runs.get(side)!].sort((a, b) => a.serverCpuMsPerOp - b.serverCpuMsPerOp);
      return sorted[Math.floor((sorted.length - 1) / 2)];
    };
    const range = (side: Side): string => {
      const cpu = runs.get(side)!.map((r) => r.serverCpuMsPerOp);
      return cpu.length > 1 ? `${µs(Math.min(...cpu))}–${µs(Math.max(...cpu))}` : '-';
    };
    const theirs = median('theirs');
    const theirFigures = summarize(theirs.latenciesMs);
    for (const side of sides) {
      const r = median(side);
      const f = summarize(r.latenciesMs);
      const isOurs = side !== 'theirs';
      const answers = summarize(r.roundTripsMs);
      rows.push([
        String(plan.clients),
        sideName(side),
        String(plan.tickMs),
        String(r.opsSent),
        r.achievedOpsPerS.toFixed(0),
        isOurs ? String(r.skippedTicks) : '-',
        String(f.count),
        ms(f.p50),
        ms(f.p99),
        ms(f.max),
        isOurs ? ms(answers.p99) : '-',
        µs(r.serverCpuMsPerOp),
        range(side),
        pct(r.serverSystemShare),
        [r.observedElu, ...r.passiveElu].map(pct).join(' / '),
        isOurs ? (r.counters.acks / Math.max(1, r.opsSent)).toFixed(2) : '-',
        isOurs ? String(r.counters.rejected) : 'n/a',
        r.converged ? (r.missingReceipts === 0 ? 'yes' : `yes, ${r.missingReceipts} receipts missing`) : 'NO',
      ]);
      if (isOurs) {
        summary.push([
          String(plan.clients),
          MODE_NAMES[side],
          µs(r.serverCpuMsPerOp),
          µs(theirs.serverCpuMsPerOp),
          ratio(r.serverCpuMsPerOp, theirs.serverCpuMsPerOp),
          ratio(f.p50, theirFigures.p50),
          ratio(f.p99, theirFigures.p99),
          ratio(r.achievedOpsPerS, theirs.achievedOpsPerS),
        ]);
      }
      for (const run of runs.get(side)!) {
        maxOffset = Math.max(maxOffset, run.maxClockOffsetMs);
        const busiest = Math.max(run.observedElu, ...run.passiveElu);
        if (busiest > ELU_NOTE) notes.push(`${plan.clients} clients: a ${sideName(side)} client process was ${pct(busiest)} busy; part of its latency is client-side queueing`);
        if (run.counters.rejected) problems.push(`${plan.clients} clients: ${run.counters.rejected} ${sideName(side)} operation(s) rejected`);
        if (run.counters.errors > 0) problems.push(`${plan.clients} clients: ${run.counters.errors} ${sideName(side)} client error(s) or lost connection(s)`);
        if (!run.converged || run.missingReceipts !== 0) problems.push(`${plan.clients} clients: ${sideName(side)} clients did not all converge to the server's text`);
      }
    }
  }
  printTable(
    ['clients', 'server', 'tick ms', 'ops', 'ops/s', 'skipped', 'receipts', 'p50 ms', 'p99 ms', 'max ms', 'op→answer p99 ms', 'server CPU µs/op', `range (${REPEAT} runs)`, 'of it system', 'client ELU (observed / passive)', 'acks/op', 'rejected', 'converged'],
    rows,
    2,
  );
  console.log();
  printTable(['clients', 'Bullpen', 'server CPU µs/op', 'y-websocket µs/op', 'CPU ours/theirs', 'p50 ours/theirs', 'p99 ours/theirs', 'ops/s ours/theirs'], summary);
  console.log(`clock offset between client processes, largest estimate: ${(maxOffset * 1000).toFixed(0)} µs`);
}

async function runLoads(problems: string[], notes: string[]): Promise<void> {
  if (LOAD_MODES.length === 0 || LOAD_CLIENTS < 2) return;
  console.log();
  console.log(
    `Heavy load: ${LOAD_CLIENTS} clients each offered a character every ${(1000 / LOAD_OPS_PER_CLIENT_S).toFixed(0)} ms (${LOAD_OPS_PER_CLIENT_S}/s) ` +
      `for ${LOAD_SECONDS} s; a tick whose client still waits for its previous operation's answer is lost. Meanwhile ${LOAD_JOINS} new client(s) ` +
      `(the browser's client stack, in this process) join one after the other and open ${FILE}: the time from asking for the pitcher URL until ` +
      `the file is open (and when it had the pitcher URL, had joined, had read the tree). Clients in ${LOAD_PROCESSES} child process(es) and ${LOAD_OBSERVED} in this one.`,
  );
  const rows: string[][] = [];
  for (const mode of LOAD_MODES) {
    const started = performance.now();
    const { result: r, serverCpuMs, joins } = await runLoad(mode);
    console.log(`  ${LOAD_CLIENTS} clients under load, ${MODE_NAMES[mode]}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const answers = summarize(r.roundTripsMs);
    const latency = summarize(r.latenciesMs);
    const windowMs = r.measuredMs + (mode === 'batched' ? ACK_DEBOUNCE_MS + 50 : 50);
    const joinText =
      joins instanceof Error ? `failed: ${joins.message}` : joins.map((j) => `${ms0(j.totalMs)} (${ms0(j.vmMs)} / ${ms0(j.joinedMs)} / ${ms0(j.treeMs)})`).join(', ');
    rows.push([
      MODE_NAMES[mode],
      String(LOAD_CLIENTS),
      String(LOAD_CLIENTS * LOAD_OPS_PER_CLIENT_S),
      String(r.offeredTicks),
      String(r.opsSent),
      pct(r.opsSent / Math.max(1, r.offeredTicks)),
      ms(answers.p50),
      ms(answers.p99),
      ms(latency.p50),
      ms(latency.p99),
      µs(r.serverCpuMsPerOp),
      pct(r.serverSystemShare),
      pct(serverCpuMs / windowMs),
      pct(r.serverElu),
      [r.observedElu, ...r.passiveElu].map(pct).join(' / '),
      joinText,
      r.converged ? 'yes' : 'NO',
    ]);
    if (joins instanceof Error) problems.push(`load, ${MODE_NAMES[mode]}: a joining client failed: ${joins.message}`);
    if (r.counters.errors > 0) problems.push(`load, ${MODE_NAMES[mode]}: ${r.counters.errors} client error(s) or lost connection(s)`);
    if (r.counters.rejected > 0) problems.push(`load, ${MODE_NAMES[mode]}: ${r.counters.rejected} operation(s) rejected`);
    if (!r.converged) problems.push(`load, ${MODE_NAMES[mode]}: clients did not all converge to the server's text`);
    const busiest = Math.max(...r.passiveElu);
    if (busiest > ELU_NOTE) notes.push(`load, ${MODE_NAMES[mode]}: a client process was ${pct(busiest)} busy; lost ticks are partly the clients' own queueing`);
  }
  printTable(
    ['Bullpen', 'clients', 'offered ops/s', 'offered', 'typed', 'delivered', 'op→answer p50 ms', 'op→answer p99 ms', 'propagation p50 ms', 'p99 ms', 'server CPU µs/op', 'of it system', 'server CPU (of one core)', 'server loop busy', 'client ELU (observed / passive)', 'join → file open ms (pitcher URL / joined / tree read)', 'converged'],
    rows,
    1,
  );
}

export async function run(): Promise<void> {
  const problems: string[] = [];
  const notes: string[] = [];
  if (CLIENT_COUNTS.length > 0) await runSizes(problems, notes);
  await runLoads(problems, notes);
  for (const note of notes) console.log(`note: ${note}`);
  for (const problem of problems) console.log(`PROBLEM: ${problem}`);
}
