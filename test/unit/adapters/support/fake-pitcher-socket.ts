import { OPEN, PitcherSocket } from '../../../../src/adapters/pitcher/pitcher-socket';
import { ResponseStatus, decodeMessage, encodeMessage } from '../../../../src/protocol';

const CLOSED = 3;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (event?: any) => void;

/** A reconnecting socket under the test's control: one object across reconnections, like reconnecting-websocket. */
export class FakePitcherSocket implements PitcherSocket {
  binaryType = 'blob';
  readyState = 0;
  readonly urls: Array<Promise<string>> = [];
  readonly frames: Array<{ method: string; params: unknown; id: number }> = [];
  readonly pings: number[] = [];
  readonly reconnects: Array<[number | undefined, string | undefined]> = [];
  closedWith: [number | undefined, string | undefined] | undefined;
  private readonly listeners: Record<string, Listener[]> = { open: [], close: [], message: [] };

  constructor(private readonly url: () => Promise<string>) {}

  send(data: Uint8Array | string): void {
    if (typeof data === 'string') {
      this.pings.push(this.frames.length);
      return;
    }
    const decoded = decodeMessage(data);
    if (!decoded.ok) throw new Error('client sent an undecodable frame');
    this.frames.push(decoded.value as { method: string; params: unknown; id: number });
  }
  close(code?: number, reason?: string): void {
    this.closedWith = [code, reason];
    this.readyState = CLOSED;
  }
  reconnect(code?: number, reason?: string): void {
    this.reconnects.push([code, reason]);
  }
  addEventListener(type: 'open' | 'close' | 'message', listener: Listener): void {
    this.listeners[type].push(listener);
  }

  open(): void {
    this.urls.push(this.url());
    this.readyState = OPEN;
    for (const l of this.listeners.open) l();
  }
  drop(reason = 'network', code = 1006): void {
    this.readyState = CLOSED;
    for (const l of this.listeners.close) l({ code, reason, wasClean: false });
  }
  receive(message: Parameters<typeof encodeMessage>[0]): void {
    const bytes = encodeMessage(message);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    for (const l of this.listeners.message) l({ data: buffer });
  }
  pong(): void {
    for (const l of this.listeners.message) l({ data: '' });
  }
  respond(id: number, method: string, result: unknown): void {
    this.receive({ id, method, status: ResponseStatus.RESOLVED, result });
  }
  reject(id: number, method: string, code: number, message: string, data?: unknown): void {
    this.receive({ id, method, status: ResponseStatus.REJECTED, error: data === undefined ? { code, message } : { code, message, data } });
  }
  lastFrame(method: string) {
    return [...this.frames].reverse().find((f) => f.method === method)!;
  }
}

export const joinResult = (reconnectToken: string, options: { clientId?: string; git?: boolean; version?: string } = {}) => ({
  client: { clientId: options.clientId ?? 'c1', username: 'guest', name: 'Guest', avatarUrl: null, color: '#fff', appId: 'bullpen' },
  workspacePath: '/project',
  version: options.version ?? '0.360.4',
  protocolVersion: '0.360.4',
  latestPitcherVersion: '0.360.4',
  capabilities: { shell: { io: true } },
  permissions: { file: { documentOperation: true }, fs: {}, shell: { create: true }, client: {}, git: { status: options.git ?? true }, language: {} },
  isProtected: false,
  reconnectToken,
});

export const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
