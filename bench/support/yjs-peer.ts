/**
 * Peer for the propagation-latency benchmark: the stock y-websocket server (@y/websocket-server 0.1.1, the same
 * `setupWSConnection` and `ws` module its `y-websocket-server` binary uses, no persistence) and y-websocket clients,
 * under the same workload and client layout as ours (bench/support/latency-clients.ts): N clients type single
 * characters at seeded-random positions of one shared text, and we time every (insert, observed receiver) pair.
 *
 * The server runs in a child process (this file forked with YJS_PEER_ROLE=server) so the clients' CPU is not counted in
 * its event loop; it reports its port over IPC and, on request, the CPU time it used since 'mark' and its copy of the
 * room's text (convergence is checked against it). Each client is one `WebsocketProvider` (y-websocket,
 * BroadcastChannel disabled, `ws` without permessage-deflate as WebSocket) and one Y.Doc, all on one room, editing the
 * Y.Text 'readme'. By default every client clears its local awareness state once synced, so only document updates
 * flow: otherwise each client re-broadcasts its (empty) presence every 15 s and the server fans each of those out to
 * all N clients, which pollutes latency and CPU per insert at large N.
 *
 * Matching: a single-character insert creates exactly one Yjs item, whose id is (sender's clientID, sender's clock
 * before the insert): that is the insert's key. The sender records its send time just before `insert` (which encodes
 * the update and calls `ws.send` synchronously). Every observed client observes its Y.Text; for a remote
 * transaction, the ids it integrated are exactly the clocks between `transaction.beforeState` and
 * `transaction.afterState` of each client, and each is reported as applied at the time of the observer call, i.e.
 * after decoding and integrating, where an editor binding would update its view (as ours is timed at
 * DocumentSession.onDidApplyRemote). Items that arrive before one they depend on wait in Yjs's pending queue and count
 * when they integrate, i.e. when the reader could see them. Yjs never refuses an edit and never has one unconfirmed,
 * so its clients never skip a tick.
 *
 * For investigations: BENCH_YJS_PROF=<dir> writes a V8 CPU profile of the server child there.
 */
import { ChildProcess, fork } from 'node:child_process';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import type { ClientSystem, LatencyServer, TypingClient } from './latency-clients';
import { stopChild } from './child-process';

const ROLE_ENV = 'YJS_PEER_ROLE';
const ROOM = 'readme';

// ---------------------------------------------------------------- child process: the stock y-websocket server

type ServerRequest = 'mark' | 'report' | 'stop';
type ServerReply = { kind: 'port'; port: number } | { kind: 'marked' } | { kind: 'cpu'; userMs: number; systemMs: number; text: string | null };

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
  const { setupWSConnection, docs } = serverRequire('@y/websocket-server/utils') as {
    setupWSConnection: (conn: unknown, request: http.IncomingMessage) => void;
    docs: Map<string, { getText(name: string): { toString(): string } }>;
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
      send({ kind: 'cpu', userMs: used.user / 1000, systemMs: used.system / 1000, text: docs.get(ROOM)?.getText(ROOM).toString() ?? null });
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
      execArgv: [...(process.env.BENCH_YJS_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_YJS_PROF}`] : []), '-r', 'ts-node/register/transpile-only'],
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
    return stopChild(this.child);
  }
}

// ---------------------------------------------------------------- clients

export interface YjsSpec {
  /** ws://127.0.0.1:<port> */
  url: string;
  room: string;
  keepAwareness?: boolean;
}

/** The provider's WebSocket: `ws` without permessage-deflate (as our clients; the stock server does not enable it either). */
class PlainWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { perMessageDeflate: false });
  }
}

function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const check = () => {
      if (condition()) return resolve();
      if (Date.now() > deadline) return reject(new Error(`not within ${timeoutMs} ms`));
      setTimeout(check, 5);
    };
    check();
  });
}

export const yjsTypingSystem: ClientSystem<YjsSpec> = {
  async connect(spec, _index, onApplied): Promise<TypingClient> {
    // Every provider adds a process 'exit' listener (removed on destroy).
    process.setMaxListeners(Math.max(process.getMaxListeners(), 200));
    const doc = new Y.Doc();
    const text = doc.getText(ROOM);
    const provider = new WebsocketProvider(spec.url, spec.room, doc, {
      disableBc: true,
      WebSocketPolyfill: PlainWebSocket as unknown as typeof globalThis.WebSocket,
    });
    await waitUntil(() => provider.synced, 30_000).catch(() => {
      throw new Error('y-websocket provider did not sync within 30 s');
    });
    if (!spec.keepAwareness) provider.awareness.setLocalState(null);
    const ownId = doc.clientID;
    if (onApplied) {
      text.observe((event) => {
        const transaction = event.transaction;
        if (transaction.local) return;
        const at = performance.timeOrigin + performance.now();
        transaction.afterState.forEach((after, clientId) => {
          if (clientId === ownId) return;
          for (let clock = transaction.beforeState.get(clientId) ?? 0; clock < after; clock++) onApplied(`${clientId}:${clock}`, at);
        });
      });
    }
    return {
      canType: true,
      idle: true,
      get length() {
        return text.length;
      },
      type(random) {
        const position = Math.floor(random() * (text.length + 1));
        const key = `${ownId}:${Y.getState(doc.store, ownId)}`;
        text.insert(position, 'x');
        return key;
      },
      insertInitial(initial) {
        text.insert(0, initial);
      },
      text: () => text.toString(),
      counters: () => ({ rejected: 0, acks: 0, errors: provider.wsconnected ? 0 : 1 }),
      close: async () => {
        provider.destroy();
        // Also destroys the provider's Awareness, whose check interval would otherwise keep the process alive.
        doc.destroy();
      },
    };
  },
};

/** The stock y-websocket server in a child process, as the propagation benchmark's server. */
export async function startYjsServer(): Promise<LatencyServer<YjsSpec> & { stop(): Promise<void> }> {
  const server = await ServerChild.start();
  let text: string | null = null;
  return {
    spec: { url: `ws://127.0.0.1:${server.port}`, room: ROOM },
    mark: async () => {
      await server.request('mark');
    },
    cpu: async () => {
      const reply = await server.request('report');
      if (reply.kind !== 'cpu') throw new Error('unexpected reply from the y-websocket server');
      text = reply.text;
      return { userMs: reply.userMs, systemMs: reply.systemMs };
    },
    text: async () => {
      if (text === null) {
        const reply = await server.request('report');
        text = reply.kind === 'cpu' ? reply.text : null;
      }
      return text ?? '';
    },
    stop: () => server.stop(),
  };
}

if (process.env[ROLE_ENV] === 'server') {
  serverMain().catch((error) => {
    console.error('[yjs-peer server]', error);
    process.exit(1);
  });
}
