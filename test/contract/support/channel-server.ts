import { decode } from '@msgpack/msgpack';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { encodeMessage } from '../../../src/protocol';
import { WebSocketChannel, WebSocketChannelOptions } from '../../../src/server/adapters/websocket/websocket-channel';

/** One accepted server-side socket and its channel. */
export interface Accepted {
  ws: WebSocket;
  channel: WebSocketChannel;
  closed: Promise<void>;
}

export interface ChannelServer {
  url: string;
  accepted: Accepted[];
  close(): Promise<void>;
}

/**
 * A websocket server that wraps every socket into a WebSocketChannel the way the pitcher endpoint's accept() does:
 * binary frames go to `onFrame`, text frames are answered with an empty text frame (protocol.md §1.5).
 */
export async function startChannelServer(
  options: Partial<WebSocketChannelOptions>,
  onAccept: (accepted: Accepted) => ((frame: Uint8Array) => void) | void = () => undefined,
  onClose: (accepted: Accepted) => void = () => undefined,
): Promise<ChannelServer> {
  const accepted: Accepted[] = [];
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  const http = createServer();
  http.on('upgrade', (request, socket, head) => {
    wss.handleUpgrade(request, socket, head, (ws) => {
      const channel = new WebSocketChannel(ws, socket, options);
      const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
      const entry = { ws, channel, closed };
      accepted.push(entry);
      const onFrame = onAccept(entry);
      ws.on('message', (data: Buffer, isBinary) => {
        if (!isBinary) ws.send('');
        else onFrame?.(new Uint8Array(data));
      });
      ws.on('close', () => onClose(entry));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/`,
    accepted,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Waits until the condition holds (polling), failing with the message after the timeout. */
export async function until(condition: () => boolean, message: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A pitcher client that keeps no history: listeners see every decoded message. */
export class LightClient {
  private nextId = 0;
  private readonly listeners = new Set<(message: any) => void>();
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return;
      let message: unknown;
      try {
        message = decode(data);
      } catch {
        return; // not a protocol message (the buffering tests send filler frames)
      }
      for (const listener of [...this.listeners]) listener(message);
    });
    ws.on('close', () => (this.closed = true));
  }

  static connect(url: string, options: WebSocket.ClientOptions = {}): Promise<LightClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, ...options });
      ws.once('open', () => resolve(new LightClient(ws)));
      ws.once('error', reject);
    });
  }

  listen(listener: (message: any) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves with the first message matching the predicate. */
  next(predicate: (message: any) => boolean, timeoutMs = 60_000): Promise<any> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error('timed out waiting for a message'));
      }, timeoutMs);
      const stop = this.listen((message) => {
        if (!predicate(message)) return;
        clearTimeout(timer);
        stop();
        resolve(message);
      });
    });
  }

  async ask(method: string, params: unknown): Promise<any> {
    const id = this.nextId++;
    const answer = this.next((m) => m.id === id && 'status' in m);
    this.ws.send(encodeMessage({ method, params, id }), { binary: true });
    return answer;
  }

  /** Stops reading from the socket: the server's writes pile up (first in the kernel, then in the server). */
  stall(): void {
    (this.ws as unknown as { _socket: { pause(): void } })._socket.pause();
  }

  unstall(): void {
    (this.ws as unknown as { _socket: { resume(): void } })._socket.resume();
  }

  close(): void {
    this.ws.terminate();
  }
}
