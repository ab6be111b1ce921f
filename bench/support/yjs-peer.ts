/**
 * Peer for the propagation-latency benchmark: the stock y-websocket server (@y/websocket-server 0.1.1, the same
 * `setupWSConnection` and `ws` module its `y-websocket-server` binary uses, no persistence) under the same workload as
 * ours: N clients each type single characters at seeded-random positions of one shared text, and we time every
 * (insert, receiving client) pair.
 *
 * The server runs in a child process (this file forked with YJS_PEER_ROLE=server) so the clients' CPU is not counted in
 * its event loop; it reports its port over IPC and, on request, the CPU time it used during the measured phase.
 * The clients run in this process: one `WebsocketProvider` (y-websocket, BroadcastChannel disabled, `ws` as WebSocket)
 * and one Y.Doc per client, all on one room, editing the Y.Text 'readme'.
 *
 * Matching: a single-character insert creates exactly one Yjs item, whose id is (sender's clientID, sender's clock
 * before the insert). The sender records its send time under that id just before `insert` (which encodes the update
 * and calls `ws.send` synchronously). Every client observes its Y.Text; for a remote transaction, the ids it integrated
 * are exactly the clocks between `transaction.beforeState` and `transaction.afterState` of each client, and each of
 * them with a recorded send time yields one latency sample: arrival time of the frame being handled (stamped by the
 * client's WebSocket before y-websocket decodes it) − send time. Items that arrive before one they depend on wait in
 * Yjs's pending queue and count with the frame that lets them integrate, i.e. when the reader could see them.
 */
import { ChildProcess, fork } from 'node:child_process';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { createPrng } from './prng';

export interface PeerRunOptions {
  clients: number;
  /** Inserts typed (and not recorded) before the measured phase. */
  warmupOps: number;
  measuredOps: number;
  /** Typing period: see `schedule`. */
  tickMs: number;
  seed: number;
  /**
   * 'per-client' (default, as propagation-latency.bench.ts): every client has its own `setInterval(tickMs)`, started
   * at a stagger of i·tickMs/N, so the offered load is N/tickMs inserts per second.
   * 'round-robin': one `setInterval(tickMs)`; each tick the next client in turn types, so the load is 1/tickMs.
   */
  schedule?: 'per-client' | 'round-robin';
  /** Text the first client types in one insert before the warm-up; every client has it before typing starts. */
  initialText?: string;
  /**
   * Keep y-websocket's presence (awareness) traffic. By default every client clears its local awareness state before
   * the warm-up, so only document updates flow: otherwise each client re-broadcasts its (empty) presence every 15 s
   * and the server fans each of those out to all N clients, which pollutes latency and CPU per insert at large N.
   */
  keepAwareness?: boolean;
}

export interface PeerRunResult {
  /** One per (measured operation, receiving client) pair. */
  latenciesMs: number[];
  /** Server (child process) user + system CPU from 'mark' to 'report', divided by the measured operations. */
  serverCpuMsPerOp: number;
  /** Every client's text is the same at the end. */
  converged: boolean;
  finalLength: number;
  /** Measured operations sent. */
  opsSent: number;
  /** opsSent × (clients − 1) − latenciesMs.length: receipts that never came (0 when all is well). */
  missingReceipts: number;
  /**
   * Event-loop utilization of this (client) process over the measured phase, 0..1. All N clients share one event loop,
   * so near 1 the latencies measure the clients queueing behind each other rather than the server.
   */
  clientEventLoopUtilization: number;
  /** Time from the first to the last measured send: (opsSent − 1) / sendPhaseMs is the send rate actually achieved. */
  sendPhaseMs: number;
}

const ROLE_ENV = 'YJS_PEER_ROLE';
const ROOM = 'readme';
const CONVERGENCE_TIMEOUT_MS = 60_000;

// ---------------------------------------------------------------- child process: the stock y-websocket server

type ServerRequest = 'mark' | 'report' | 'stop';
type ServerReply = { kind: 'port'; port: number } | { kind: 'marked' } | { kind: 'cpu'; userMs: number; systemMs: number };

interface WebSocketServerLike {
  handleUpgrade(request: http.IncomingMessage, socket: unknown, head: Buffer, done: (ws: unknown) => void): void;
  emit(event: 'connection', ws: unknown, request: http.IncomingMessage): boolean;
  on(event: 'connection', listener: (ws: unknown, request: http.IncomingMessage) => void): void;
  close(): void;
}

async function serverMain(): Promise<void> {
  // Resolve `ws` and the utils the way @y/websocket-server's own bin/server.js does (it bundles ws 6 as an optional
  // dependency; Node finds ours if that one is absent). Its `utils` also load y-leveldb (and leveldown's prebuilt
  // binary), but persistence stays off without YPERSISTENCE.
  const serverRequire = createRequire(require.resolve('@y/websocket-server/package.json'));
  const { Server } = serverRequire('ws') as { Server: new (options: { noServer: true }) => WebSocketServerLike };
  const { setupWSConnection } = serverRequire('@y/websocket-server/utils') as {
    setupWSConnection: (conn: unknown, request: http.IncomingMessage) => void;
  };

  const wss = new Server({ noServer: true });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('okay');
  });
  wss.on('connection', setupWSConnection);
  server.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const send = (reply: ServerReply) => process.send!(reply);
  send({ kind: 'port', port: typeof address === 'object' && address ? address.port : 0 });

  let mark: NodeJS.CpuUsage | undefined;
  process.on('message', (request: ServerRequest) => {
    if (request === 'mark') {
      mark = process.cpuUsage();
      send({ kind: 'marked' });
    } else if (request === 'report') {
      const used = process.cpuUsage(mark);
      send({ kind: 'cpu', userMs: used.user / 1000, systemMs: used.system / 1000 });
    } else {
      wss.close();
      server.close(() => process.exit(0));
      server.closeAllConnections();
      setTimeout(() => process.exit(0), 2000).unref();
    }
  });
  process.on('disconnect', () => process.exit(0));
}

class ServerChild {
  private readonly waiting: Array<(reply: ServerReply) => void> = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.on('message', (reply: ServerReply) => this.waiting.shift()?.(reply));
  }

  static start(): Promise<ServerChild> {
    const child = fork(__filename, [], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      env: { ...process.env, [ROLE_ENV]: 'server' },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`y-websocket server exited early with code ${code}`)));
      child.once('message', (reply: ServerReply) => {
        child.removeAllListeners('exit');
        child.removeAllListeners('error');
        if (reply.kind !== 'port') return reject(new Error(`unexpected first message ${JSON.stringify(reply)}`));
        resolve(new ServerChild(child, reply.port));
      });
    });
  }

  request(request: 'mark' | 'report'): Promise<ServerReply> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.child.send(request);
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null || this.child.signalCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.send('stop');
      setTimeout(() => this.child.kill('SIGKILL'), 5000).unref();
    });
  }
}

// ---------------------------------------------------------------- clients

/**
 * The provider's WebSocket: `ws` without permessage-deflate (as our benchmark's clients; the stock server does not
 * enable it either) that stamps each incoming frame before the provider's own `onmessage` runs, so a receipt is timed
 * at frame arrival, before Yjs decodes and integrates it (as our benchmark times it before decoding).
 */
class StampedWebSocket extends WebSocket {
  lastMessageAt = 0;

  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { perMessageDeflate: false });
    this.on('message', () => {
      this.lastMessageAt = performance.now();
    });
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(5);
  }
  return true;
}

interface PeerClient {
  doc: Y.Doc;
  text: Y.Text;
  provider: WebsocketProvider;
}

function sameText(clients: PeerClient[]): boolean {
  const length = clients[0].text.length;
  if (clients.some((c) => c.text.length !== length)) return false;
  const first = clients[0].text.toString();
  return clients.every((c) => c.text.toString() === first);
}

export async function runYjsLatency(options: PeerRunOptions): Promise<PeerRunResult> {
  const { clients: count, warmupOps, measuredOps, tickMs, seed } = options;
  const schedule = options.schedule ?? 'per-client';
  if (count < 2) throw new Error('runYjsLatency needs at least 2 clients');

  // Every provider adds a process 'exit' listener (removed on destroy): lift the default limit of 10 meanwhile.
  const maxListeners = process.getMaxListeners();
  process.setMaxListeners(Math.max(maxListeners, count + 10));

  const server = await ServerChild.start();
  const clients: PeerClient[] = [];
  try {
    const url = `ws://127.0.0.1:${server.port}`;
    for (let i = 0; i < count; i++) {
      const doc = new Y.Doc();
      const text = doc.getText('readme');
      const provider = new WebsocketProvider(url, ROOM, doc, {
        disableBc: true,
        WebSocketPolyfill: StampedWebSocket as unknown as typeof globalThis.WebSocket,
      });
      clients.push({ doc, text, provider });
    }
    if (!(await waitFor(() => clients.every((c) => c.provider.synced), 30_000))) throw new Error('providers did not sync within 30 s');
    if (!options.keepAwareness) for (const client of clients) client.provider.awareness.setLocalState(null);

    if (options.initialText) {
      clients[0].text.insert(0, options.initialText);
      const length = clients[0].text.length;
      if (!(await waitFor(() => clients.every((c) => c.text.length === length), 30_000))) throw new Error('initial text did not reach every client');
    }

    // sentAt.get(clientID)[clock] = performance.now() just before that client's measured insert with that clock.
    const sentAt = new Map<number, number[]>();
    const latenciesMs: number[] = [];
    let measuring = false;
    for (const client of clients) sentAt.set(client.doc.clientID, []);
    for (const client of clients) {
      const ownId = client.doc.clientID;
      client.text.observe((event) => {
        const transaction = event.transaction;
        if (transaction.local) return;
        // Remote transactions run inside the provider's onmessage for the frame that carried them.
        const receivedAt = (client.provider.ws as unknown as StampedWebSocket | null)?.lastMessageAt || performance.now();
        transaction.afterState.forEach((after, clientId) => {
          if (clientId === ownId) return;
          const sent = sentAt.get(clientId);
          if (!sent) return;
          for (let clock = transaction.beforeState.get(clientId) ?? 0; clock < after; clock++) {
            const at = sent[clock];
            if (at !== undefined) latenciesMs.push(receivedAt - at);
          }
        });
      });
    }

    let opsSent = 0;
    let firstSendAt = 0;
    let lastSendAt = 0;
    const typeOnce = (client: PeerClient, random: () => number): void => {
      const position = Math.floor(random() * (client.text.length + 1));
      const clock = Y.getState(client.doc.store, client.doc.clientID);
      if (measuring) {
        lastSendAt = performance.now();
        if (opsSent++ === 0) firstSendAt = lastSendAt;
        sentAt.get(client.doc.clientID)![clock] = lastSendAt;
      }
      client.text.insert(position, 'x');
    };

    const drive = async (total: number, random: () => number): Promise<void> => {
      if (total <= 0) return;
      let typed = 0;
      await new Promise<void>((resolve) => {
        const timers: NodeJS.Timeout[] = [];
        const stop = () => {
          timers.forEach((t) => clearInterval(t));
          resolve();
        };
        if (schedule === 'round-robin') {
          let next = 0;
          timers.push(
            setInterval(() => {
              typeOnce(clients[next], random);
              next = (next + 1) % count;
              if (++typed >= total) stop();
            }, tickMs),
          );
        } else {
          clients.forEach((client, i) => {
            timers[i] = setTimeout(
              () => {
                timers[i] = setInterval(() => {
                  if (typed >= total) return;
                  typeOnce(client, random);
                  if (++typed >= total) stop();
                }, tickMs);
              },
              (i * tickMs) / count,
            );
          });
        }
      });
    };

    await drive(warmupOps, createPrng(seed ^ 0x5eed));
    if (!(await waitFor(() => sameText(clients), CONVERGENCE_TIMEOUT_MS))) throw new Error('clients did not converge after the warm-up');

    await server.request('mark');
    const loopMark = performance.eventLoopUtilization();
    measuring = true;
    await drive(measuredOps, createPrng(seed));
    measuring = false;
    const converged = await waitFor(() => sameText(clients), CONVERGENCE_TIMEOUT_MS);
    const loop = performance.eventLoopUtilization(loopMark);
    const cpu = await server.request('report');
    const cpuMs = cpu.kind === 'cpu' ? cpu.userMs + cpu.systemMs : NaN;

    return {
      latenciesMs,
      serverCpuMsPerOp: cpuMs / Math.max(1, opsSent),
      converged,
      finalLength: clients[0].text.length,
      opsSent,
      missingReceipts: opsSent * (count - 1) - latenciesMs.length,
      clientEventLoopUtilization: loop.utilization,
      sendPhaseMs: lastSendAt - firstSendAt,
    };
  } finally {
    for (const client of clients) {
      client.provider.destroy();
      // Also destroys the provider's Awareness, whose check interval would otherwise keep this process alive.
      client.doc.destroy();
    }
    await server.stop();
    process.setMaxListeners(maxListeners);
  }
}

if (process.env[ROLE_ENV] === 'server') {
  serverMain().catch((error) => {
    console.error('[yjs-peer server]', error);
    process.exit(1);
  });
}
