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
 * Server CPU per operation: process.cpuUsage() of the server child, divided by the measured operations. The window
 * runs from the start of the measured phase until every client has every operation; for ours it also covers
 * ACK_DEBOUNCE_MS more, for the last acknowledgements. Also printed: operations refused by the server (must be 0),
 * whether every client's text equals the server's, and the acknowledgement frames our clients sent per operation.
 *
 * Sizes (env): BENCH_PROP_CLIENTS (default "10,20,50,100"), BENCH_PROP_DELIVERIES_PER_S (5000), BENCH_PROP_TICK_MS
 * (a fixed tick for every N instead), BENCH_PROP_SECONDS (the measured phase, default 15 s of offered load: long enough for p99 over ~75,000 receipts at 10 clients),
 * BENCH_PROP_WARMUP_SECONDS (1), BENCH_PROP_MAX_OPS (measured operations per run at most, 9000), BENCH_PROP_OBSERVED
 * (10), BENCH_PROP_PASSIVE_PROCESSES (1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ACK_DEBOUNCE_MS } from '../src/application/editor/document-session';
import { BullpenServerChild, pitcherSocketUrl } from './support/bullpen-server';
import { LatencyPlan, LatencyResult, MARKERS, measureLatency } from './support/latency-clients';
import { PitcherProbe } from './support/pitcher-probe';
import { BullpenSpec } from './support/real-client';
import { Summary, envList, envNumber, summarize } from './support/stats';
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
const ELU_NOTE = 0.5;
const MIN_TICK_MS = 7;
const SEED = 42;
const FILE = 'README.md';

type Plan = Omit<LatencyPlan, 'system' | 'initialText' | 'quietMs'>;

function planFor(clients: number): Plan {
  const tickMs = FIXED_TICK_MS > 0 ? FIXED_TICK_MS : Math.max(MIN_TICK_MS, Math.round(((clients * (clients - 1)) / DELIVERIES_PER_S) * 1000));
  const opsPerS = (clients * 1000) / tickMs;
  const measuredOps = Math.max(clients, Math.min(MAX_OPS, MARKERS.length - clients, Math.round(opsPerS * MEASURED_SECONDS)));
  const warmupOps = Math.max(clients, Math.round(opsPerS * WARMUP_SECONDS));
  return { clients, observed: OBSERVED, passiveProcesses: PASSIVE_PROCESSES, tickMs, warmupOps, measuredOps, seed: SEED };
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

async function runOurs(plan: Plan): Promise<LatencyResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-'));
  const server = await BullpenServerChild.start(dataDir);
  try {
    const spec: BullpenSpec = { url: server.url, sandboxId: server.sandboxId, path: FILE };
    return await measureLatency(
      { spec, mark: () => server.mark(), cpuMs: async () => (await server.report()).cpuMs, text: () => serverText(server) },
      // The last debounced acknowledgements are part of the work measured.
      { ...plan, system: 'bullpen', quietMs: ACK_DEBOUNCE_MS + 50 },
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runTheirs(plan: Plan): Promise<LatencyResult> {
  const server = await startYjsServer();
  try {
    return await measureLatency(server, { ...plan, system: 'yjs', quietMs: 0, initialText: readFileSync(path.join(TEST_TEMPLATE_DIR, FILE), 'utf8') });
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- entry

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : '-');
const pct = (value: number) => `${(value * 100).toFixed(0)}%`;

export async function run(): Promise<void> {
  const plans = CLIENT_COUNTS.map(planFor);
  console.log(
    `Each client types one character per tick at a random position of ${FILE}; tick = N·(N−1)/${DELIVERIES_PER_S} s (min ${MIN_TICK_MS} ms)` +
      `${FIXED_TICK_MS > 0 ? `, overridden: ${FIXED_TICK_MS} ms` : ''}. Servers in child processes; ${OBSERVED} observed clients in this process, ` +
      `the others in ${PASSIVE_PROCESSES} child process(es).`,
  );
  console.log(
    "Latency: sender's local edit → an observed client has applied it (ours: DocumentSession.onDidApplyRemote; y-websocket: Y.Text observer), " +
      'over every (measured insert, observed receiver) pair.',
  );
  const rows: string[][] = [];
  const summary: string[][] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  let maxOffset = 0;
  for (const [index, plan] of plans.entries()) {
    // Alternate which system goes first, so drift (other load, CPU frequency) does not favour one.
    const order: Array<'ours' | 'theirs'> = index % 2 === 0 ? ['ours', 'theirs'] : ['theirs', 'ours'];
    const results: Partial<Record<'ours' | 'theirs', LatencyResult>> = {};
    for (const side of order) {
      const started = performance.now();
      results[side] = side === 'ours' ? await runOurs(plan) : await runTheirs(plan);
      console.log(`  ${plan.clients} clients, ${side === 'ours' ? 'Bullpen' : 'y-websocket'}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const ours = results.ours!;
    const theirs = results.theirs!;
    const figures = { ours: summarize(ours.latenciesMs), theirs: summarize(theirs.latenciesMs) };
    const row = (name: string, r: LatencyResult, f: Summary, isOurs: boolean) => [
      String(plan.clients),
      name,
      String(plan.tickMs),
      String(r.opsSent),
      r.achievedOpsPerS.toFixed(0),
      isOurs ? String(r.skippedTicks) : '-',
      String(f.count),
      ms(f.p50),
      ms(f.p99),
      ms(f.max),
      (r.serverCpuMsPerOp * 1000).toFixed(0),
      [r.observedElu, ...r.passiveElu].map(pct).join(' / '),
      isOurs ? (r.counters.acks / Math.max(1, r.opsSent)).toFixed(2) : '-',
      isOurs ? String(r.counters.rejected) : 'n/a',
      r.converged ? (r.missingReceipts === 0 ? 'yes' : `yes, ${r.missingReceipts} receipts missing`) : 'NO',
    ];
    rows.push(row('Bullpen', ours, figures.ours, true), row('y-websocket', theirs, figures.theirs, false));
    summary.push([
      String(plan.clients),
      ratio(figures.ours.p50, figures.theirs.p50),
      ratio(figures.ours.p99, figures.theirs.p99),
      ratio(ours.serverCpuMsPerOp, theirs.serverCpuMsPerOp),
      ratio(ours.achievedOpsPerS, theirs.achievedOpsPerS),
    ]);
    maxOffset = Math.max(maxOffset, ours.maxClockOffsetMs, theirs.maxClockOffsetMs);
    for (const [name, r] of [['Bullpen', ours], ['y-websocket', theirs]] as const) {
      const busiest = Math.max(r.observedElu, ...r.passiveElu);
      if (busiest > ELU_NOTE) notes.push(`${plan.clients} clients: a ${name} client process was ${pct(busiest)} busy; part of its latency is client-side queueing`);
      if (r.counters.errors > 0) problems.push(`${plan.clients} clients: ${r.counters.errors} ${name} client error(s) or lost connection(s)`);
      if (!r.converged || r.missingReceipts !== 0) problems.push(`${plan.clients} clients: ${name} clients did not all converge to the server's text`);
    }
    if (ours.counters.rejected) problems.push(`${plan.clients} clients: ${ours.counters.rejected} Bullpen operation(s) rejected`);
  }
  printTable(
    ['clients', 'server', 'tick ms', 'ops', 'ops/s', 'skipped', 'receipts', 'p50 ms', 'p99 ms', 'max ms', 'server CPU µs/op', 'client ELU (observed / passive)', 'acks/op', 'rejected', 'converged'],
    rows,
    2,
  );
  console.log();
  printTable(['clients', 'p50 ours/theirs', 'p99 ours/theirs', 'server CPU ours/theirs', 'ops/s ours/theirs'], summary);
  console.log(`clock offset between client processes, largest estimate: ${(maxOffset * 1000).toFixed(0)} µs`);
  for (const note of notes) console.log(`note: ${note}`);
  for (const problem of problems) console.log(`PROBLEM: ${problem}`);
}
