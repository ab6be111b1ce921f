/**
 * Smoke run of the y-websocket peer (bench/support/yjs-peer.ts): the stock y-websocket server in a child process and
 * N y-websocket clients typing single characters; prints send → each-other-client latency and server CPU per insert.
 * YJS_PEER_CLIENTS (default 10), YJS_PEER_OPS (default 300), YJS_PEER_WARMUP (default 300), YJS_PEER_TICK_MS (default 7) and
 * YJS_PEER_SCHEDULE (per-client | round-robin) override the defaults.
 */
import { performance } from 'node:perf_hooks';
import { runYjsLatency } from './support/yjs-peer';
import { printTable } from './support/table';

const CLIENTS = Number(process.env.YJS_PEER_CLIENTS ?? 10);
const MEASURED_OPS = Number(process.env.YJS_PEER_OPS ?? 300);
const WARMUP_OPS = Number(process.env.YJS_PEER_WARMUP ?? 300);
const TICK_MS = Number(process.env.YJS_PEER_TICK_MS ?? 7);
const SCHEDULE = process.env.YJS_PEER_SCHEDULE === 'round-robin' ? 'round-robin' : 'per-client';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export async function run(): Promise<void> {
  console.log(`${CLIENTS} y-websocket clients, ${MEASURED_OPS} single-character inserts (+${WARMUP_OPS} warm-up), ${SCHEDULE} typing every ${TICK_MS} ms`);
  const started = performance.now();
  const result = await runYjsLatency({
    clients: CLIENTS,
    warmupOps: WARMUP_OPS,
    measuredOps: MEASURED_OPS,
    tickMs: TICK_MS,
    seed: 42,
    schedule: SCHEDULE,
  });
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const ms = (value: number) => value.toFixed(3);
  printTable(
    ['y-websocket (send → each other client, ms)', 'receipts', 'p50', 'p90', 'p99', 'max', 'server CPU ms/op'],
    [
      [
        `stock server, ${CLIENTS} clients`,
        String(sorted.length),
        ms(quantile(sorted, 0.5)),
        ms(quantile(sorted, 0.9)),
        ms(quantile(sorted, 0.99)),
        ms(sorted[sorted.length - 1]),
        ms(result.serverCpuMsPerOp),
      ],
    ],
  );
  console.log(
    `ops sent ${result.opsSent}, missing receipts ${result.missingReceipts}, converged ${result.converged ? 'yes' : 'NO'}, final length ${result.finalLength}, ` +
      `achieved ${Math.round((result.opsSent - 1) / (result.sendPhaseMs / 1000))} ops/s, client event-loop utilization ${(result.clientEventLoopUtilization * 100).toFixed(0)}%, run ${seconds.toFixed(1)} s`,
  );
  if (!result.converged || result.missingReceipts !== 0) throw new Error('y-websocket peer run incomplete');
}
