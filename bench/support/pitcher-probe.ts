/**
 * A bare pitcher connection for measuring the server: one `ws` socket, msgpack frames from src/protocol, requests
 * timed from the send to the arrival of their response frame (before decoding), notifications stamped on arrival.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { NotificationMethod, PROTOCOL_VERSION, PitcherNotifications, classify, decodeMessage, encodeMessage } from '../../src/protocol';

export interface TimedResult<T> {
  value: T;
  /** Send → arrival of the response frame. */
  ms: number;
  /** Size of the response frame. */
  bytes: number;
}

type Waiter = (message: { ok: boolean; value: unknown; at: number; bytes: number }) => void;

export class PitcherProbe {
  private nextId = 0;
  private readonly waiting = new Map<number, Waiter>();
  private readonly listeners = new Map<string, Set<(params: unknown, at: number) => void>>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      const at = performance.now();
      if (!isBinary) return;
      const decoded = decodeMessage(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (!decoded.ok) return;
      const message = classify(decoded.value);
      if (message.kind === 'notification') {
        for (const listener of this.listeners.get(message.message.method) ?? []) listener(message.message.params, at);
      } else if (message.kind === 'resolved' || message.kind === 'rejected') {
        const id = message.message.id;
        const done = id === null ? undefined : this.waiting.get(id);
        if (!done || id === null) return;
        this.waiting.delete(id);
        done({ ok: message.kind === 'resolved', value: message.kind === 'resolved' ? message.message.result : message.message.error, at, bytes: data.byteLength });
      }
    });
  }

  static connect(url: string): Promise<PitcherProbe> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
      socket.once('open', () => resolve(new PitcherProbe(socket)));
      socket.once('error', reject);
    });
  }

  request<T = unknown>(method: string, params: unknown, timeoutMs = 120_000): Promise<TimedResult<T>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      const sentAt = performance.now();
      this.waiting.set(id, (message) => {
        clearTimeout(timer);
        if (message.ok) resolve({ value: message.value as T, ms: message.at - sentAt, bytes: message.bytes });
        else reject(new Error(`${method}: ${JSON.stringify(message.value)}`));
      });
      this.socket.send(encodeMessage({ method, params, id } as never));
    });
  }

  join(): Promise<TimedResult<{ client: { clientId: string } }>> {
    return this.request('client/join', { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: 'bullpen-bench' }, asyncProgress: false });
  }

  /** Listens to a notification; `at` is the arrival time of its frame (performance.now()). */
  on<M extends NotificationMethod>(method: M, listener: (params: PitcherNotifications[M], at: number) => void): () => void {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    const wrapped = listener as (params: unknown, at: number) => void;
    set.add(wrapped);
    return () => set!.delete(wrapped);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.close();
      setTimeout(() => {
        this.socket.terminate();
        resolve();
      }, 1000).unref();
    });
  }
}
