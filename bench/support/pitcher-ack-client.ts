/**
 * An editor client with the published pitcher-client's acknowledgement traffic, for the propagation benchmark's
 * "ack per revision" mode: written from the published protocol (../shared/docs/protocol.md §4.2), not from Bullpen's
 * browser client, which debounces and piggy-backs its acknowledgements (ADR 0006).
 *
 * What goes on the wire is what pitcher-client sends: `client/join`, `fs/read`, `file/open`, then at most one
 * `file/documentOperation {id, operation, revision}` in flight (no `seq`: the published client has none), and a
 * `file/documentAck {id, revision}` for every revision it learns of — after the response to its own operation
 * (revision + 1) and after every `file/documentOperation` notification it applies. The acknowledgements' answers
 * are read and dropped. The OT state is the domain's `ClientSync` (the ot.js client), the text a plain string.
 *
 * Like the browser client in the benchmark, a client whose operation is unconfirmed does not type (the tick is
 * skipped and counted), so both modes offer the same load. `roundTrips()` gives, for the operations typed in a
 * measuring phase, the time from sending the operation to its answer (the server's acknowledgement).
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { ClientSync } from '../../src/domain/ot/client-sync';
import { TextOperation } from '../../src/domain/ot/text-operation';
import { PROTOCOL_VERSION, classify, decodeMessage, encodeMessage } from '../../src/protocol';
import { pitcherSocketUrl, startVm } from './bullpen-server';
import type { ClientSystem, Counters, TypingClient } from './latency-clients';
import type { BullpenSpec } from './real-client';

const clock = () => performance.timeOrigin + performance.now();

interface Answer {
  ok: boolean;
  value: unknown;
}

export class PitcherAckClient {
  private nextId = 0;
  private readonly waiting = new Map<number, (answer: Answer) => void>();
  private sync = new ClientSync(0);
  private content = '';
  private fileId = '';
  /** Ids of the documentOperation requests in flight (their answers move the OT state). */
  private readonly operationIds = new Set<number>();
  /** Send time of the operation in flight when it was typed in a measuring phase. */
  private timedSendAt: number | undefined;
  readonly roundTripsMs: number[] = [];
  acksSent = 0;
  rejected = 0;
  errors = 0;
  private closing = false;

  private constructor(
    private readonly socket: WebSocket,
    private readonly onApplied: ((key: string, at: number) => void) | undefined,
  ) {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) this.receive(data);
    });
    socket.on('close', () => {
      if (!this.closing) this.errors++;
    });
    socket.on('error', () => undefined); // reported through 'close'
  }

  /** Connects, joins, reads the tree and opens `spec.path`, as pitcher-client's editor does. */
  static async open(spec: BullpenSpec, onApplied?: (key: string, at: number) => void): Promise<PitcherAckClient> {
    const url = pitcherSocketUrl(await startVm(spec.url, spec.sandboxId));
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const client = new PitcherAckClient(socket, onApplied);
    await client.request('client/join', { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: 'bullpen-bench-acks' }, asyncProgress: false });
    const tree = (await client.request('fs/read', null)) as { treeNodes: Array<{ id: string; name: string | null; parentId: string | null }> };
    const node = tree.treeNodes.find((n) => n.name === spec.path && n.parentId === '0');
    if (!node) throw new Error(`${spec.path} not found in the workspace`);
    const opened = (await client.request('file/open', { id: node.id })) as { content: string; document: { revision: number } };
    client.fileId = node.id;
    client.content = opened.content;
    client.sync = new ClientSync(opened.document.revision);
    return client;
  }

  get text(): string {
    return this.content;
  }

  get synchronized(): boolean {
    return this.sync.state.kind === 'synchronized';
  }

  /** Applies a local edit and sends it (or buffers it behind the one in flight, as ot.js does). */
  applyLocal(op: TextOperation, timed: boolean): void {
    const applied = op.apply(this.content);
    if (!applied.ok) throw new Error(applied.error.message);
    this.content = applied.value;
    const effect = this.sync.applyLocal(op);
    if (effect.send) this.sendOperation(effect.send.revision, effect.send.operation, timed);
  }

  close(): Promise<void> {
    this.closing = true;
    const socket = this.socket;
    return new Promise((resolve) => {
      if (socket.readyState === WebSocket.CLOSED) return resolve();
      socket.once('close', () => resolve());
      socket.close();
      setTimeout(() => {
        socket.terminate();
        resolve();
      }, 1000).unref();
    });
  }

  private sendOperation(revision: number, operation: TextOperation, timed: boolean): void {
    const id = this.nextId++;
    this.operationIds.add(id);
    this.timedSendAt = timed ? clock() : undefined;
    this.socket.send(encodeMessage({ method: 'file/documentOperation', params: { id: this.fileId, operation: operation.toJSON(), revision }, id }));
  }

  private acknowledge(): void {
    this.acksSent++;
    this.socket.send(encodeMessage({ method: 'file/documentAck', params: { id: this.fileId, revision: this.sync.revision }, id: this.nextId++ }));
  }

  private request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (answer) => (answer.ok ? resolve(answer.value) : reject(new Error(`${method}: ${JSON.stringify(answer.value)}`))));
      this.socket.send(encodeMessage({ method, params, id } as never));
    });
  }

  private receive(data: Buffer): void {
    const decoded = decodeMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!decoded.ok) return void this.errors++;
    const message = classify(decoded.value);
    if (message.kind === 'notification') {
      if (message.message.method === 'file/documentOperation') this.remote(message.message.params as { id: string; operation: unknown });
      return;
    }
    if (message.kind !== 'resolved' && message.kind !== 'rejected') return;
    const id = message.message.id;
    if (id === null) return;
    if (this.operationIds.delete(id)) return this.answered(message.kind === 'resolved');
    const waiter = this.waiting.get(id);
    if (waiter) {
      this.waiting.delete(id);
      waiter({ ok: message.kind === 'resolved', value: message.kind === 'resolved' ? message.message.result : message.message.error });
    }
    // Otherwise the answer to an acknowledgement: nothing to do.
  }

  private answered(ok: boolean): void {
    if (!ok) {
      // The benchmark's operations are never refused; one that is counts as a failure (no resync here).
      this.rejected++;
      return;
    }
    if (this.timedSendAt !== undefined) this.roundTripsMs.push(clock() - this.timedSendAt);
    this.timedSendAt = undefined;
    const effect = this.sync.serverAck();
    this.acknowledge();
    if (effect.send) this.sendOperation(effect.send.revision, effect.send.operation, false);
  }

  private remote(params: { id: string; operation: unknown }): void {
    if (params.id !== this.fileId) return;
    const parsed = TextOperation.fromJSON(params.operation);
    if (!parsed.ok) return void this.errors++;
    const transformed = this.sync.applyServer(parsed.value);
    if (!transformed.ok) return void this.errors++;
    const applied = transformed.value.apply(this.content);
    if (!applied.ok) return void this.errors++;
    this.content = applied.value;
    if (this.onApplied) {
      const at = clock();
      for (const component of transformed.value.ops) {
        if (!TextOperation.isInsert(component)) continue;
        for (let k = 0; k < component.length; k++) {
          const code = component.charCodeAt(k);
          if (code !== 0x78 /* x */) this.onApplied(String(code), at);
        }
      }
    }
    this.acknowledge();
  }
}

/** The propagation benchmark's "ack per revision" system: PitcherAckClient typing like the browser clients do. */
export const pitcherAckTypingSystem: ClientSystem<BullpenSpec> = {
  async connect(spec, _index, onApplied): Promise<TypingClient> {
    const client = await PitcherAckClient.open(spec, onApplied);
    return {
      get canType() {
        return client.synchronized;
      },
      get idle() {
        return client.synchronized;
      },
      get length() {
        return client.text.length;
      },
      type(random, marker) {
        const length = client.text.length;
        const position = Math.floor(random() * (length + 1));
        const char = marker === undefined ? 'x' : String.fromCharCode(marker);
        client.applyLocal(new TextOperation().retain(position).insert(char).retain(length - position), marker !== undefined);
        return marker === undefined ? undefined : String(marker);
      },
      insertInitial(text) {
        client.applyLocal(new TextOperation().insert(text).retain(client.text.length), false);
      },
      text: () => client.text,
      counters: (): Counters => ({ rejected: client.rejected, acks: client.acksSent, errors: client.errors }),
      roundTrips: () => client.roundTripsMs,
      close: () => client.close(),
    };
  },
};
