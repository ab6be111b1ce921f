/**
 * The real editor client without a browser: PitcherClient + PitcherFileTree + FileTreeStore + PitcherDocuments +
 * EditorStore (→ DocumentSession), wired like the browser container and test/unit/application/support/
 * simulated-clients.ts, over a real `ws` WebSocket. On join it does what WorkbenchStore does (load the tree, then
 * open the file), so operations, debounced acknowledgements and seqs are exactly what the browser sends.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { EditorStore } from '../../src/application/editor/editor.store';
import { AccessStore } from '../../src/application/workspace/access.store';
import { DocumentSession } from '../../src/application/editor/document-session';
import { FileTreeStore } from '../../src/application/files/file-tree.store';
import { PortError } from '../../src/application/ports/port-error';
import { PitcherClient } from '../../src/adapters/pitcher/pitcher-client';
import { PitcherDocuments } from '../../src/adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../../src/adapters/pitcher/pitcher-file-tree.adapter';
import { PitcherSocket } from '../../src/adapters/pitcher/pitcher-socket';
import { TextOperation } from '../../src/domain/ot/text-operation';
import { startVm } from './bullpen-server';
import type { ClientSystem, Counters, TypingClient } from './latency-clients';

type Listener = (event?: any) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * PitcherSocket over a `ws` WebSocket (binary frames as ArrayBuffer, like the browser's). The URL comes from the
 * client's (async) URL provider, as reconnecting-websocket takes it. It does not reconnect: a benchmark counts a lost
 * connection as a failure instead.
 */
export class NodePitcherSocket implements PitcherSocket {
  private socket: WebSocket | undefined;
  private readonly listeners: Array<[string, Listener]> = [];
  private type: 'arraybuffer' | 'nodebuffer' = 'arraybuffer';
  /** Times the socket closed without being asked to. */
  unexpectedCloses = 0;
  private closing = false;

  constructor(url: () => Promise<string> | string) {
    void Promise.resolve(url()).then((resolved) => {
      if (this.closing) return;
      const socket = new WebSocket(resolved, { perMessageDeflate: false });
      socket.binaryType = this.type;
      socket.on('close', () => {
        if (!this.closing) this.unexpectedCloses++;
      });
      socket.on('error', () => undefined); // reported through 'close'
      for (const [type, listener] of this.listeners) socket.addEventListener(type as 'message', listener);
      this.socket = socket;
    });
  }

  get binaryType(): string {
    return this.type;
  }

  set binaryType(value: string) {
    this.type = value as 'arraybuffer';
    if (this.socket) this.socket.binaryType = this.type;
  }

  get readyState(): number {
    return this.socket?.readyState ?? WebSocket.CONNECTING;
  }

  send(data: Uint8Array | string): void {
    this.socket?.send(data);
  }

  close(code?: number, reason?: string): void {
    this.closing = true;
    this.socket?.close(code, reason);
  }

  reconnect(): void {
    this.unexpectedCloses++;
    this.close(4000, 'benchmark does not reconnect');
  }

  addEventListener(type: string, listener: Listener): void {
    this.listeners.push([type, listener]);
    this.socket?.addEventListener(type as 'message', listener);
  }

  /** Resolves once closed (or after 1 s). */
  closed(): Promise<void> {
    const socket = this.socket;
    return new Promise((resolve) => {
      if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 1000).unref();
    });
  }
}

/** PitcherDocuments that counts what the session sends and what the server refuses. */
export class CountingDocuments extends PitcherDocuments {
  operationsSent = 0;
  acksSent = 0;
  rejectedOperations = 0;
  failedOperations = 0;
  /** Set before a measured edit: its operation's send → answer time goes into roundTripsMs. */
  timeNextOperation = false;
  readonly roundTripsMs: number[] = [];

  override async sendOperation(fileId: string, revision: number, operation: TextOperation, seq: number): Promise<{ revision: number }> {
    this.operationsSent++;
    const sentAt = this.timeNextOperation ? performance.now() : undefined;
    this.timeNextOperation = false;
    try {
      const answer = await super.sendOperation(fileId, revision, operation, seq);
      if (sentAt !== undefined) this.roundTripsMs.push(performance.now() - sentAt);
      return answer;
    } catch (error) {
      if (error instanceof PortError && error.kind === 'rejected') this.rejectedOperations++;
      else this.failedOperations++;
      throw error;
    }
  }

  override acknowledge(fileId: string, revision: number): Promise<void> {
    this.acksSent++;
    return super.acknowledge(fileId, revision);
  }
}

export class RealClient {
  readonly pitcher: PitcherClient;
  readonly files: FileTreeStore;
  readonly documents: CountingDocuments;
  readonly editor: EditorStore;
  readonly errors: string[] = [];
  private socket: NodePitcherSocket | undefined;
  private fileId: string | undefined;

  constructor(readonly name: string) {
    this.pitcher = new PitcherClient((url) => (this.socket = new NodePitcherSocket(url)), 'bullpen-bench');
    this.files = new FileTreeStore(new PitcherFileTree(this.pitcher));
    this.documents = new CountingDocuments(this.pitcher);
    this.editor = new EditorStore(this.documents, this.files, (message) => this.errors.push(message), new AccessStore(this.pitcher));
  }

  get session(): DocumentSession | undefined {
    return this.fileId === undefined ? undefined : this.editor.session(this.fileId);
  }

  get unexpectedCloses(): number {
    return this.socket?.unexpectedCloses ?? 0;
  }

  /**
   * Connects, joins, loads the tree and opens `path`, as WorkbenchStore does on the first join. `step`, when given,
   * is told when the client has joined and when it has the tree.
   */
  open(vm: { pitcherUrl: string; pitcherToken: string }, path: string, step?: (name: 'joined' | 'tree') => void): Promise<DocumentSession> {
    return new Promise((resolve, reject) => {
      const joined = this.pitcher.onDidJoin((join) => {
        joined.dispose();
        status.dispose();
        step?.('joined');
        this.editor.setSelf(join.self.clientId);
        void (async () => {
          await this.files.load();
          step?.('tree');
          const node = this.files.fileAt(path);
          if (!node) throw new Error(`${path} not found in the workspace`);
          this.fileId = node.id;
          await this.editor.open(node.id);
          const session = this.session;
          if (!session) throw new Error(`could not open ${path}: ${this.errors.join('; ')}`);
          return session;
        })().then(resolve, reject);
      });
      const status = this.pitcher.onDidChangeStatus((s) => {
        if (s.kind === 'DISCONNECTED') {
          status.dispose();
          reject(new Error(`${this.name}: ${s.reason}`));
        }
      });
      this.pitcher.connect(vm);
    });
  }

  async close(): Promise<void> {
    const socket = this.socket;
    this.pitcher.dispose();
    await socket?.closed();
  }
}

/** Where the propagation benchmark's Bullpen clients connect, and the file they edit. */
export interface BullpenSpec {
  /** http://127.0.0.1:<port> */
  url: string;
  sandboxId: string;
  path: string;
}

/**
 * Bullpen for the propagation benchmark (bench/support/latency-clients.ts): each client is a RealClient with `path`
 * open, typing through DocumentSession.applyLocal. A measured insert types its marker character, which identifies it
 * at the receivers: DocumentSession.onDidApplyRemote reports each marker in the operations it applies.
 */
export const bullpenTypingSystem: ClientSystem<BullpenSpec> = {
  async connect(spec, index, onApplied): Promise<TypingClient> {
    const client = new RealClient(`client-${index}`);
    const session = await client.open(await startVm(spec.url, spec.sandboxId), spec.path);
    if (onApplied) {
      session.onDidApplyRemote((op) => {
        const at = performance.timeOrigin + performance.now();
        for (const component of op.ops) {
          if (!TextOperation.isInsert(component)) continue;
          for (let k = 0; k < component.length; k++) {
            const code = component.charCodeAt(k);
            if (code !== 0x78 /* x */) onApplied(String(code), at);
          }
        }
      });
    }
    return {
      get canType() {
        return session.isSynchronized;
      },
      get idle() {
        return session.isSynchronized;
      },
      get length() {
        return session.length;
      },
      type(random, marker) {
        const length = session.length;
        const position = Math.floor(random() * (length + 1));
        const char = marker === undefined ? 'x' : String.fromCharCode(marker);
        // The session is synchronized (canType), so the edit's operation is sent at once.
        client.documents.timeNextOperation = marker !== undefined;
        session.applyLocal(new TextOperation().retain(position).insert(char).retain(length - position));
        return marker === undefined ? undefined : String(marker);
      },
      insertInitial(text) {
        session.applyLocal(new TextOperation().insert(text).retain(session.length));
      },
      text: () => session.content,
      roundTrips: () => client.documents.roundTripsMs,
      counters(): Counters {
        const d = client.documents;
        return { rejected: d.rejectedOperations + d.failedOperations, acks: d.acksSent, errors: client.errors.length + client.unexpectedCloses };
      },
      close: () => client.close(),
    };
  },
};
