import { Emitter, Event } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import { ConnectionStatus, JoinInfo, WorkspaceConnectionPort, WorkspaceHostAddress } from '../../application/ports/workspace-connection.port';
import { PortError } from '../../application/ports/port-error';
import {
  ClientJoinResult,
  JOIN_TIMEOUT_MS,
  NotificationMethod,
  PITCHER_REQUEST_TIMEOUT_MS,
  PROTOCOL_VERSION,
  ParamsOf,
  PitcherNotifications,
  RequestMethod,
  ResultOf,
  classify,
  decodeMessage,
  encodeMessage,
  requestTimedOutMessage,
} from '../../protocol';
import { OPEN, PitcherSocket, PitcherSocketFactory } from './pitcher-socket';

interface Pending {
  id: number | undefined;
  method: string;
  params: unknown;
  resolve: (value: unknown) => void;
  reject: (error: PortError) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  sent: boolean;
}

/**
 * Requests that wait for the next join when made while disconnected ("queued for reconnect", spec 002 §4): those
 * that read, or whose effect is the same whenever they arrive. Everything else fails at once with 'Not able to send
 * message in state X': an edit, a save or terminal input made while disconnected must not be replayed blindly.
 */
export const QUEUED_FOR_RECONNECT: ReadonlySet<RequestMethod> = new Set<RequestMethod>(['client/list', 'fs/read', 'file/open', 'file/close', 'shell/list', 'shell/open', 'shell/close', 'port/list']);

/** Ping after this much silence; no frame within PONG_TIMEOUT_MS means the link is dead (spec 001 §9). */
export const PONG_TIMEOUT_MS = 20_000;
export const PING_INTERVAL_MS = PONG_TIMEOUT_MS + 2_000;

/**
 * The pitcher websocket client: msgpack frames, request ids counting from 0 (never reset),
 * client/join first on every (re)connection, requests queued until joined, 90 s time-outs,
 * notifications dispatched to typed listeners.
 */
export class PitcherClient implements WorkspaceConnectionPort, Disposable {
  private socket: PitcherSocket | undefined;
  private host: WorkspaceHostAddress | undefined;
  private renew: (() => Promise<WorkspaceHostAddress>) | undefined;
  private attemptsStarted = 0;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly queue: Pending[] = [];
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();
  private joined = false;
  private hasJoinedBefore = false;
  private reconnectToken: string | undefined;
  private attempt = 0;
  private lastFrameAt = 0;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly statusEmitter = new Emitter<ConnectionStatus>();
  private readonly joinEmitter = new Emitter<JoinInfo>();
  private currentStatus: ConnectionStatus = { kind: 'CONNECTING' };
  joinResult: ClientJoinResult | undefined;

  readonly onDidChangeStatus: Event<ConnectionStatus> = this.statusEmitter.event;
  readonly onDidJoin: Event<JoinInfo> = this.joinEmitter.event;

  constructor(
    private readonly socketFactory: PitcherSocketFactory,
    private readonly appId = 'bullpen',
  ) {}

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  connect(host: WorkspaceHostAddress, renew?: () => Promise<WorkspaceHostAddress>): void {
    this.host = host;
    this.renew = renew;
    this.attemptsStarted = 0;
    this.setStatus({ kind: 'CONNECTING' });
    const socket = this.socketFactory(() => this.nextUrl());
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('open', () => this.opened());
    socket.addEventListener('close', (event) => this.closed(event));
    socket.addEventListener('message', (event) => this.received(event.data));
    this.pingTimer = setInterval(() => this.keepAlive(), PING_INTERVAL_MS);
  }

  disconnect(): void {
    this.stopTimers();
    this.socket?.close(1000, 'Manual disconnect');
    this.socket = undefined;
    this.failInFlight('disconnected', 'Manual disconnect', true);
    this.setStatus({ kind: 'DISCONNECTED', reason: 'Manual disconnect', wasClean: true });
  }

  dispose(): void {
    this.disconnect();
    this.statusEmitter.dispose();
    this.joinEmitter.dispose();
  }

  /** Sends a request; before the join completes a replay-safe request waits in the queue (flushed after join). */
  request<M extends RequestMethod>(method: M, params: ParamsOf<M>, timeoutMs = PITCHER_REQUEST_TIMEOUT_MS): Promise<ResultOf<M>> {
    if (!this.joined && method !== 'client/join' && !QUEUED_FOR_RECONNECT.has(method)) {
      return Promise.reject(new PortError('disconnected', `Not able to send message in state ${this.currentStatus.kind}`));
    }
    return new Promise<ResultOf<M>>((resolve, reject) => {
      const pending: Pending = { id: undefined, method, params, resolve: resolve as (v: unknown) => void, reject, timer: undefined, sent: false };
      pending.timer = setTimeout(() => {
        if (pending.id !== undefined) this.pending.delete(pending.id);
        const queued = this.queue.indexOf(pending);
        if (queued >= 0) this.queue.splice(queued, 1);
        reject(new PortError('timeout', requestTimedOutMessage(method)));
      }, timeoutMs);
      if (this.joined || method === 'client/join') this.transmit(pending);
      else this.queue.push(pending);
    });
  }

  onNotification<M extends NotificationMethod>(method: M, listener: (params: PitcherNotifications[M]) => void): Disposable {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(listener as (params: unknown) => void);
    return { dispose: () => void set!.delete(listener as (params: unknown) => void) };
  }

  /** Decodes one incoming frame; public so contract tests can replay recorded frames. */
  handleFrame(frame: Uint8Array): void {
    const decoded = decodeMessage(frame);
    if (!decoded.ok) return;
    const message = classify(decoded.value);
    switch (message.kind) {
      case 'notification':
        for (const listener of [...(this.listeners.get(message.message.method) ?? [])]) listener(message.message.params);
        return;
      case 'resolved':
      case 'rejected': {
        const id = message.message.id;
        const pending = id === null ? undefined : this.pending.get(id);
        if (!pending || id === null) return;
        this.pending.delete(id);
        clearTimeout(pending.timer);
        if (message.kind === 'resolved') pending.resolve(message.message.result);
        else pending.reject(new PortError('rejected', message.message.error.message, message.message.error.code));
        return;
      }
      default:
        return;
    }
  }

  /**
   * The URL of the next connection attempt. The first uses the host given to connect(); every later one first mints a
   * new host (pitcher tokens are short-lived). If that fails the last host is tried: the server refuses an expired
   * token, the socket closes and the next attempt tries again. Never rejects (reconnecting-websocket stops for good
   * on a rejected URL).
   */
  private async nextUrl(): Promise<string> {
    const renew = this.attemptsStarted++ > 0 ? this.renew : undefined;
    if (renew) {
      try {
        this.host = await renew();
      } catch {
        /* keep the last host */
      }
    }
    return this.currentUrl();
  }

  /** `<pitcherUrl>/?token=…` plus the reconnect token from the last join, if any (protocol.md §1.1). */
  private currentUrl(): string {
    if (!this.host) throw new Error('No workspace host');
    const base = `${this.host.pitcherUrl}/?token=${encodeURIComponent(this.host.pitcherToken)}`;
    return this.reconnectToken ? `${base}&reconnectToken=${encodeURIComponent(this.reconnectToken)}` : base;
  }

  private async opened(): Promise<void> {
    this.lastFrameAt = Date.now();
    const isReconnect = this.hasJoinedBefore;
    try {
      const result = await this.request(
        'client/join',
        { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: this.appId }, asyncProgress: false, subscriptions: undefined },
        JOIN_TIMEOUT_MS,
      );
      this.joinResult = result;
      this.reconnectToken = result.reconnectToken;
      this.joined = true;
      this.hasJoinedBefore = true;
      this.attempt = 0;
      this.setStatus({ kind: 'CONNECTED' });
      this.flushQueue();
      const c = result.client;
      this.joinEmitter.fire({
        self: { clientId: c.clientId, username: c.username, name: c.name, color: c.color },
        canEdit: result.permissions.file?.documentOperation === true,
        canCreateShells: result.permissions.shell?.create === true,
        isReconnect,
      });
    } catch (error) {
      this.setStatus({ kind: 'DISCONNECTED', reason: (error as Error).message, wasClean: false });
      this.socket?.reconnect(4000, 'join failed');
    }
  }

  private closed(event: { code: number; reason: string; wasClean: boolean }): void {
    this.joined = false;
    this.failInFlight('disconnected', event.reason || 'Connection closed', false);
    if (!this.socket) return;
    this.attempt += 1;
    this.setStatus({ kind: 'RECONNECTING', attempt: this.attempt });
  }

  private received(data: unknown): void {
    this.lastFrameAt = Date.now();
    if (this.pongTimer) {
      clearTimeout(this.pongTimer);
      this.pongTimer = undefined;
    }
    if (typeof data === 'string') return;
    const frame = data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array);
    this.handleFrame(frame);
  }

  /** Ids are taken when a frame goes on the wire, so they increase in wire order (join first). */
  private transmit(pending: Pending): void {
    if (!this.socket || this.socket.readyState !== OPEN) {
      if (pending.method === 'client/join') return;
      if (QUEUED_FOR_RECONNECT.has(pending.method as RequestMethod)) {
        this.queue.push(pending);
      } else {
        clearTimeout(pending.timer);
        pending.reject(new PortError('disconnected', `Not able to send message in state ${this.currentStatus.kind}`));
      }
      return;
    }
    const id = this.nextId++;
    pending.id = id;
    pending.sent = true;
    this.pending.set(id, pending);
    this.socket.send(encodeMessage({ method: pending.method, params: pending.params, id }));
  }

  private flushQueue(): void {
    for (const pending of this.queue.splice(0)) this.transmit(pending);
  }

  /** Requests already on the wire cannot be answered after the socket closed: fail them now. */
  private failInFlight(kind: 'disconnected', message: string, includeQueued: boolean): void {
    const failed = [...this.pending.values(), ...(includeQueued ? this.queue.splice(0) : [])];
    this.pending.clear();
    for (const pending of failed) {
      clearTimeout(pending.timer);
      pending.reject(new PortError(kind, `Could not complete ${pending.method}: ${message}`));
    }
  }

  private keepAlive(): void {
    if (!this.socket || this.socket.readyState !== OPEN || this.pongTimer) return;
    if (Date.now() - this.lastFrameAt < PING_INTERVAL_MS) return;
    this.socket.send('');
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      this.socket?.reconnect(4000, 'Pong response not detected');
    }, PONG_TIMEOUT_MS);
  }

  private stopTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.pingTimer = this.pongTimer = undefined;
  }

  private setStatus(status: ConnectionStatus): void {
    this.currentStatus = status;
    this.statusEmitter.fire(status);
  }
}
