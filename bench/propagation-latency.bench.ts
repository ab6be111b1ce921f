/**
 * Edit propagation latency through the real server: 10 websocket clients edit README.md with single-character inserts
 * (ot.js client rule, one outstanding operation each) and we time, per operation, the sender's send to every other
 * client's receipt of the matching file/documentOperation notification. Target: p99 < 5 ms on loopback.
 * Floor: the same figures for a raw `ws` server that rebroadcasts each binary frame to the other clients.
 *
 * Both servers run in a child process (this file forked with BENCH_ROLE set), so the clients' CPU is not counted in
 * the server's event loop. Operations are matched by server revision: the ack tells the sender which revision its
 * operation became, and every notification carries that revision.
 */
import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { unwrap } from '../src/base/result';
import { ClientSync } from '../src/domain/ot/client-sync';
import { TextOperation } from '../src/domain/ot/text-operation';
import { classify, decodeMessage, encodeMessage } from '../src/protocol';
import { createPrng as createRandom } from './support/prng';
import { printTable } from './support/table';

const CLIENTS = 10;
const WARMUP_OPS = 300;
const MEASURED_OPS = 2000;
/** Each client tries to type every TICK_MS (skipping a tick while its previous operation is unconfirmed). */
const TICK_MS = 7;
const TARGET_P99_MS = 5;
const ROLE = process.env.BENCH_ROLE;

// ---------------------------------------------------------------- child process: the servers under test

async function childMain(): Promise<void> {
  if (ROLE === 'bullpen') {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { startServer } = require('../src/server/bullpen-server') as typeof import('../src/server/bullpen-server');
    const { readConfig } = require('../src/server/config') as typeof import('../src/server/config');
    /* eslint-enable @typescript-eslint/no-require-imports */
    const dataDir = process.env.BENCH_DATA!;
    const server = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', BULLPEN_DATA: dataDir } as NodeJS.ProcessEnv));
    process.send!({ url: server.url.replace('localhost', '127.0.0.1'), sandboxId: server.defaultSandboxId });
    process.on('message', () => {
      void server.close().finally(() => process.exit(0));
      setTimeout(() => process.exit(0), 3000).unref();
    });
  } else {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    wss.on('connection', (socket) => {
      socket.on('message', (data, isBinary) => {
        for (const other of wss.clients) if (other !== socket && other.readyState === WebSocket.OPEN) other.send(data, { binary: isBinary });
      });
    });
    await new Promise<void>((resolve) => wss.on('listening', () => resolve()));
    const address = wss.address();
    process.send!({ url: `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    process.on('message', () => wss.close(() => process.exit(0)));
  }
}

interface Child {
  process: ChildProcess;
  info: { url: string; sandboxId?: string };
  stop(): Promise<void>;
}

function startChild(role: 'bullpen' | 'raw', env: Record<string, string> = {}): Promise<Child> {
  const child = fork(__filename, [], {
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, ...env, BENCH_ROLE: role },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${role} server exited early with code ${code}`)));
    child.once('message', (info) => {
      child.removeAllListeners('exit');
      resolve({
        process: child,
        info: info as Child['info'],
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.send('stop');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
  });
}

// ---------------------------------------------------------------- measurement helpers

interface Figures {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
  return { count: sorted.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: sorted[sorted.length - 1] };
}

const openSocket = (url: string): Promise<WebSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.binaryType = 'nodebuffer';
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });

const closeSocket = (socket: WebSocket): Promise<void> =>
  new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
    setTimeout(() => {
      socket.terminate();
      resolve();
    }, 1000).unref();
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- Bullpen

class BenchClient {
  private nextId = 0;
  private readonly waiting = new Map<number, (message: { ok: boolean; value: unknown }) => void>();
  private sync!: ClientSync;
  private text = '';
  private fileId = '';
  private outstandingSentAt = 0;
  /** Called with (revision, sentAt) when this client's operation is acknowledged. */
  onAck: (revision: number, sentAt: number) => void = () => undefined;
  /** Called with (revision, receivedAt) for each foreign operation. */
  onRemote: (revision: number, receivedAt: number) => void = () => undefined;
  errors = 0;

  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.receive(data));
  }

  get synchronized(): boolean {
    return this.sync.state.kind === 'synchronized';
  }

  get content(): string {
    return this.text;
  }

  request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (message) => (message.ok ? resolve(message.value) : reject(new Error(`${method}: ${JSON.stringify(message.value)}`))));
      this.socket.send(encodeMessage({ method, params, id }));
    });
  }

  async setUp(): Promise<void> {
    await this.request('client/join', { clientInfo: { protocolVersion: '0.360.4', appId: 'bench' } });
    const tree = (await this.request('fs/read', {})) as { treeNodes: Array<{ id: string; name: string | null; parentId: string | null }> };
    const readme = tree.treeNodes.find((node) => node.name === 'README.md');
    if (!readme) throw new Error('README.md not found in the default sandbox');
    this.fileId = readme.id;
    const opened = (await this.request('file/open', { id: readme.id })) as { content: string; document: { revision: number } };
    this.text = opened.content;
    this.sync = new ClientSync(opened.document.revision);
  }

  /** Types one character at a random position; returns false when an operation is still unconfirmed. */
  type(random: () => number): boolean {
    if (!this.synchronized) return false;
    const pos = Math.floor(random() * (this.text.length + 1));
    const op = new TextOperation().retain(pos).insert('x').retain(this.text.length - pos);
    this.text = unwrap(op.apply(this.text));
    const effect = this.sync.applyLocal(op);
    if (effect.send) this.sendOperation(effect.send.revision, effect.send.operation);
    return true;
  }

  /**
   * The ack is handled synchronously in the frame handler, not in a promise continuation: `ws` may emit several
   * frames of one TCP chunk in a row, and a notification after our ack must see the acknowledged state.
   */
  private sendOperation(revision: number, operation: TextOperation): void {
    const id = this.nextId++;
    this.waiting.set(id, (message) => {
      if (!message.ok) {
        this.errors++;
        return;
      }
      this.onAck((message.value as { revision: number }).revision, this.outstandingSentAt);
      const effect = this.sync.serverAck();
      if (effect.send) this.sendOperation(effect.send.revision, effect.send.operation);
    });
    this.outstandingSentAt = performance.now();
    this.socket.send(encodeMessage({ method: 'file/documentOperation', params: { id: this.fileId, operation: operation.toJSON(), revision }, id }));
  }

  private receive(data: Buffer): void {
    const receivedAt = performance.now();
    const decoded = decodeMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!decoded.ok) return;
    const message = classify(decoded.value);
    if (message.kind === 'notification') {
      if (message.message.method !== 'file/documentOperation') return;
      const params = message.message.params as { id: string; operation: unknown; revision: number };
      if (params.id !== this.fileId) return;
      this.onRemote(params.revision, receivedAt);
      const transformed = this.sync.applyServer(unwrap(TextOperation.fromJSON(params.operation)));
      if (!transformed.ok || this.sync.revision !== params.revision) {
        this.errors++;
        return;
      }
      this.text = unwrap(transformed.value.apply(this.text));
    } else if (message.kind === 'resolved' || message.kind === 'rejected') {
      const id = message.message.id;
      const done = id === null ? undefined : this.waiting.get(id);
      if (!done || id === null) return;
      this.waiting.delete(id);
      done(message.kind === 'resolved' ? { ok: true, value: message.message.result } : { ok: false, value: message.message.error });
    }
  }
}

async function measureBullpen(): Promise<{ figures: Figures; errors: number; converged: boolean }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bullpen-bench-'));
  const child = await startChild('bullpen', { BENCH_DATA: dataDir });
  const clients: BenchClient[] = [];
  try {
    const { url, sandboxId } = child.info;
    const clientsSetUp: Array<Promise<void>> = [];
    for (let i = 0; i < CLIENTS; i++) {
      const response = await fetch(`${url}/api/v1/vm/${sandboxId}/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const { data } = (await response.json()) as { data: { pitcher_url: string; pitcher_token: string } };
      const socket = await openSocket(`${data.pitcher_url}/?token=${encodeURIComponent(data.pitcher_token)}`);
      const client = new BenchClient(socket);
      clients.push(client);
      clientsSetUp.push(client.setUp());
    }
    await Promise.all(clientsSetUp);

    const sentAt = new Map<number, number>();
    const receivedAt = new Map<number, number[]>();
    let measuring = false;
    for (const client of clients) {
      client.onAck = (revision, at) => measuring && sentAt.set(revision, at);
      client.onRemote = (revision, at) => {
        if (!measuring) return;
        const list = receivedAt.get(revision);
        if (list) list.push(at);
        else receivedAt.set(revision, [at]);
      };
    }

    const drive = async (total: number) => {
      let typed = 0;
      const random = createRandom(total);
      await new Promise<void>((resolve) => {
        const timers = clients.map((client, i) =>
          setTimeout(() => {
            timers[i] = setInterval(() => {
              if (typed >= total) return;
              if (client.type(random)) typed++;
              if (typed >= total) {
                timers.forEach((t) => clearInterval(t));
                resolve();
              }
            }, TICK_MS);
          }, (i * TICK_MS) / CLIENTS),
        );
      });
      for (let i = 0; i < 500 && clients.some((c) => !c.synchronized); i++) await sleep(10);
      await sleep(50);
    };

    await drive(WARMUP_OPS);
    measuring = true;
    await drive(MEASURED_OPS);
    measuring = false;

    const samples: number[] = [];
    for (const [revision, sent] of sentAt) for (const at of receivedAt.get(revision) ?? []) samples.push(at - sent);
    const expected = sentAt.size * (CLIENTS - 1);
    if (samples.length !== expected) console.warn(`warning: ${samples.length} receipts, expected ${expected}`);
    const converged = clients.every((c) => c.content === clients[0].content);
    return { figures: figures(samples), errors: clients.reduce((n, c) => n + c.errors, 0), converged };
  } finally {
    await Promise.all(clients.map((c) => closeSocket((c as unknown as { socket: WebSocket }).socket)));
    await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- raw ws floor

async function measureRaw(): Promise<Figures> {
  const child = await startChild('raw');
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < CLIENTS; i++) sockets.push(await openSocket(child.info.url));
    const sentAt = new Map<number, number>();
    const samples: number[] = [];
    let measuring = false;
    for (const socket of sockets) {
      socket.on('message', (data: Buffer) => {
        const at = performance.now();
        const decoded = decodeMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        if (!decoded.ok) return;
        const seq = (decoded.value as { params: { revision: number } }).params.revision;
        const sent = sentAt.get(seq);
        if (measuring && sent !== undefined) samples.push(at - sent);
      });
    }
    let seq = 0;
    const drive = async (total: number) => {
      let sent = 0;
      await new Promise<void>((resolve) => {
        const timers = sockets.map((socket, i) =>
          setTimeout(() => {
            timers[i] = setInterval(() => {
              if (sent >= total) return;
              const id = seq++;
              sentAt.set(id, performance.now());
              // A frame of the same shape and size as a Bullpen notification.
              socket.send(encodeMessage({ method: 'file/documentOperation', params: { id: 'readme-file-id', operation: [id % 500, 'x', 600], revision: id } }));
              if (++sent >= total) {
                timers.forEach((t) => clearInterval(t));
                resolve();
              }
            }, TICK_MS);
          }, (i * TICK_MS) / CLIENTS),
        );
      });
      await sleep(100);
    };
    await drive(WARMUP_OPS);
    measuring = true;
    await drive(MEASURED_OPS);
    measuring = false;
    return figures(samples);
  } finally {
    await Promise.all(sockets.map(closeSocket));
    await child.stop();
  }
}

// ---------------------------------------------------------------- entry

const ms = (value: number) => value.toFixed(3);

export async function run(): Promise<void> {
  console.log(
    `${CLIENTS} clients, ${MEASURED_OPS} single-character inserts (+${WARMUP_OPS} warm-up), each client types every ${TICK_MS} ms; servers in a child process`,
  );
  const bullpen = await measureBullpen();
  const raw = await measureRaw();
  const row = (name: string, f: Figures) => [name, String(f.count), ms(f.p50), ms(f.p90), ms(f.p99), ms(f.max)];
  printTable(['server (send → each other client, ms)', 'receipts', 'p50', 'p90', 'p99', 'max'], [row('Bullpen', bullpen.figures), row('raw ws rebroadcast (floor)', raw)]);
  console.log(`documents converged: ${bullpen.converged ? 'yes' : 'NO'}; protocol errors: ${bullpen.errors}`);
  console.log(`Bullpen p99 / raw p99: ${(bullpen.figures.p99 / raw.p99).toFixed(2)}x`);
  const pass = bullpen.figures.p99 < TARGET_P99_MS;
  console.log(`target p99 < ${TARGET_P99_MS} ms on loopback: ${pass ? 'PASS' : 'MISS'} (${ms(bullpen.figures.p99)} ms)`);
}

if (ROLE) {
  childMain().catch((error) => {
    console.error(`[bench child ${ROLE}]`, error);
    process.exit(1);
  });
}
