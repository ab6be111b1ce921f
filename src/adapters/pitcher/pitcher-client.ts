import { Emitter, Event } from '../../base/event';
import { Disposable, toDisposable } from '../../base/lifecycle';
import { Result, err, ok } from '../../base/result';
import {
  ConnectionStatus,
  JoinInfo,
  PermissionsUpdate,
  ResyncRequest,
  WorkspaceConnectionPort,
  WorkspaceHostAddress,
} from '../../application/ports/workspace-connection.port';
import { PortError } from '../../application/ports/port-error';
import {
  ConnectionEffect,
  ConnectionError,
  ConnectionEvent,
  ConnectionMachine,
  FOCUS_PING_TIMEOUT_MS,
  NORMAL_CLOSURE,
  initialConnectionMachine,
  sendDecision,
  transition,
} from '../../domain/connection';
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
  MAX_FRAME_BYTES,
  PitcherErrorCode,
  classify,
  decodeMessage,
  encodeMessage,
  frameTooLargeMessage,
} from '../../protocol';
import { FocusSource, alwaysFocused } from './focus-source';
import { pitcherSocketUrl } from './early-socket';
import { KeepAlive } from './keep-alive';
import { PendingRequest, PendingRequests } from './pending-requests';
import { OPEN, PitcherSocket, PitcherSocketFactory } from './pitcher-socket';

/**
 * Requests that wait for the next join when made while disconnected ("queued for reconnect", spec 002 §4): those
 * that read, or whose effect is the same whenever they arrive. Everything else fails at once with 'Not able to send
 * message in state X': an edit, a save or terminal input made while disconnected must not be replayed blindly.
 */
export const QUEUED_FOR_RECONNECT: ReadonlySet<RequestMethod> = new Set<RequestMethod>(['client/list', 'fs/read', 'file/open', 'file/close', 'shell/list', 'shell/open', 'shell/close', 'port/list']);

/** The keep-alive constants live in the domain (spec 001 §9, spec 002 §9); re-exported for the transport's users. */
export { PING_INTERVAL_MS, PONG_TIMEOUT_MS } from '../../domain/connection';

/** The close reason given to the old socket of a seamless instance switch. */
export const INSTANCE_CHANGE_REASON = 'Instance change';

/**
 * The pitcher websocket client: msgpack frames, request ids counting from 0 (never reset),
 * client/join first on every (re)connection, requests queued until joined, 90 s time-outs,
 * notifications dispatched to typed listeners. Its connection state is the domain's connection machine
 * (src/domain/connection): this class feeds it the socket's and the window's events and carries out its effects.
 */
export class PitcherClient implements WorkspaceConnectionPort, Disposable {
  private socket: PitcherSocket | undefined;
  private host: WorkspaceHostAddress | undefined;
  private renew: (() => Promise<WorkspaceHostAddress>) | undefined;
  private attemptsStarted = 0;
  private readonly requests = new PendingRequests();
  private readonly listeners = new Map<string, Set<(params: unknown) => void>>();
  /** The notification subscriptions still held, ended when the client is disposed. */
  private readonly subscriptions = new Set<Disposable>();
  /** The current socket completed its join. */
  private joined = false;
  private reconnectToken: string | undefined;
  private readonly keepAlive = new KeepAlive(
    () => this.socket,
    () => this.joined,
  );
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  private focusSubscription: Disposable | undefined;
  private machine: ConnectionMachine;
  /** Resync requests of the join being handled: fired after onDidJoin. */
  private heldResyncs: ResyncRequest[] | undefined;
  private switchWaiter: { resolve: () => void; reject: (error: PortError) => void } | undefined;
  private readonly statusEmitter = new Emitter<ConnectionStatus>();
  private readonly joinEmitter = new Emitter<JoinInfo>();
  private readonly resyncEmitter = new Emitter<ResyncRequest>();
  private readonly permissionsEmitter = new Emitter<PermissionsUpdate>();
  joinResult: ClientJoinResult | undefined;

  readonly onDidChangeStatus: Event<ConnectionStatus> = this.statusEmitter.event;
  readonly onDidJoin: Event<JoinInfo> = this.joinEmitter.event;
  readonly onDidRequestResync: Event<ResyncRequest> = this.resyncEmitter.event;
  readonly onDidChangePermissions: Event<PermissionsUpdate> = this.permissionsEmitter.event;

  constructor(
    private readonly socketFactory: PitcherSocketFactory,
    private readonly appId = 'bullpen',
    private readonly focus: FocusSource = alwaysFocused,
  ) {
    this.machine = initialConnectionMachine(focus.hasFocus());
    this.onNotification('system/hibernate', () => this.dispatch({ type: 'hibernate' }));
    this.onNotification('client/permissions', (p) => this.permissionsEmitter.fire({ isProtected: p.isProtected, permissions: { ...p.permissions } }));
  }

  get status(): ConnectionStatus {
    return this.machine.state;
  }

  get serverVersion(): string | undefined {
    return this.joinResult?.version;
  }

  connect(host: WorkspaceHostAddress, renew?: () => Promise<WorkspaceHostAddress>): void {
    this.host = host;
    this.renew = renew;
    this.attemptsStarted = 0;
    this.focusSubscription ??= this.focus.onDidChange((focused) => this.dispatch({ type: 'focus-changed', focused }));
    this.dispatch({ type: 'connect' }, true);
    this.openSocket();
    this.keepAlive.start();
  }

  disconnect(): void {
    this.keepAlive.stop();
    this.joined = false;
    this.dispatch({ type: 'disconnect' });
  }

  /** Starts a reconnect now (spec 002 §4); refused with 'Already reconnecting' while (re)connecting. */
  reconnect(): Result<void, ConnectionError> {
    const result = this.dispatch({ type: 'reconnect' });
    return result.ok ? ok(undefined) : result;
  }

  requireInstanceChange(): void {
    this.dispatch({ type: 'instance-change-required' });
  }

  /**
   * Seamless instance switch (spec 002 §4): silence the old connection, resolve the new host, connect, join, then
   * resync in the seamless order. Sends wait meanwhile. Resolves once the new instance joined; rejects with
   * 'You can not change instance when: {state}' unless connected, or with the time-out text when it gives up.
   */
  async changeInstance(resolveHost: () => Promise<WorkspaceHostAddress>): Promise<void> {
    const started = this.dispatch({ type: 'change-instance' });
    if (!started.ok) throw new PortError('disconnected', started.error.message);
    const done = new Promise<void>((resolve, reject) => (this.switchWaiter = { resolve, reject }));
    // Silence the old connection: its frames and its close no longer reach this client.
    const old = this.socket;
    this.socket = undefined;
    this.joined = false;
    old?.close(NORMAL_CLOSURE, INSTANCE_CHANGE_REASON);
    this.requests.failAll(INSTANCE_CHANGE_REASON, false);
    let host: WorkspaceHostAddress;
    try {
      host = await resolveHost();
    } catch (error) {
      // Back to the old instance: its socket retries in the background and rejoins.
      this.switchWaiter = undefined;
      this.openSocket();
      this.dispatch({ type: 'deadline-passed' });
      throw new PortError('disconnected', (error as Error).message);
    }
    this.host = host;
    this.renew = resolveHost;
    this.reconnectToken = undefined;
    this.attemptsStarted = 0;
    this.openSocket();
    return done;
  }

  dispose(): void {
    this.focusSubscription?.dispose();
    this.focusSubscription = undefined;
    this.disconnect();
    this.socket = undefined;
    this.statusEmitter.dispose();
    this.joinEmitter.dispose();
    this.resyncEmitter.dispose();
    this.permissionsEmitter.dispose();
    for (const subscription of [...this.subscriptions]) subscription.dispose();
  }

  /** Sends a request; before the join completes a replay-safe request waits in the queue (flushed after join). */
  request<M extends RequestMethod>(method: M, params: ParamsOf<M>, timeoutMs = PITCHER_REQUEST_TIMEOUT_MS): Promise<ResultOf<M>> {
    const decision = sendDecision(this.machine, { isJoin: method === 'client/join', replaySafe: QUEUED_FOR_RECONNECT.has(method) });
    if (!decision.ok) return Promise.reject(toPortError(decision.error));
    return new Promise<ResultOf<M>>((resolve, reject) => {
      const pending = this.requests.create(method, params, timeoutMs, resolve as (v: unknown) => void, reject);
      if (decision.value === 'send') this.transmit(pending);
      else this.requests.enqueue(pending);
    });
  }

  onNotification<M extends NotificationMethod>(method: M, listener: (params: PitcherNotifications[M]) => void): Disposable {
    let set = this.listeners.get(method);
    if (!set) this.listeners.set(method, (set = new Set()));
    set.add(listener as (params: unknown) => void);
    const subscription = toDisposable(() => {
      set!.delete(listener as (params: unknown) => void);
      this.subscriptions.delete(subscription);
    });
    this.subscriptions.add(subscription);
    return subscription;
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
        if (id === null) return;
        if (message.kind === 'resolved') this.requests.settle(id, { ok: true, value: message.message.result });
        else {
          const { code, message: text, data } = message.message.error;
          this.requests.settle(id, { ok: false, error: new PortError('rejected', text, code, false, data) });
        }
        return;
      }
      default:
        return;
    }
  }

  // ---- the machine

  private dispatch(event: ConnectionEvent, forceStatus = false): Result<void, ConnectionError> {
    const result = transition(this.machine, event);
    if (!result.ok) return err(result.error);
    const before = this.machine;
    this.machine = result.value.machine;
    if (forceStatus || before.state !== this.machine.state) this.statusEmitter.fire(this.machine.state);
    for (const effect of result.value.effects) this.run(effect);
    if (before.instance.kind === 'SWITCHING' && this.machine.instance.kind !== 'SWITCHING') this.settleSwitch();
    return ok(undefined);
  }

  private run(effect: ConnectionEffect): void {
    switch (effect.kind) {
      case 'reconnect-now':
        this.socket?.reconnect();
        return;
      case 'stop-transport':
        this.socket?.close(effect.code, effect.reason);
        return;
      case 'arm-deadline':
        clearTimeout(this.deadlineTimer);
        this.deadlineTimer = setTimeout(() => this.dispatch({ type: 'deadline-passed' }), effect.policy.maxMs);
        return;
      case 'clear-deadline':
        clearTimeout(this.deadlineTimer);
        this.deadlineTimer = undefined;
        return;
      case 'flush-queue':
        for (const pending of this.requests.takeQueued()) this.transmit(pending);
        return;
      case 'fail-queue':
        this.requests.failAll(effect.reason, true);
        return;
      case 'resync': {
        const request = { cause: effect.cause, families: effect.families };
        if (this.heldResyncs) this.heldResyncs.push(request);
        else this.resyncEmitter.fire(request);
        return;
      }
      case 'focus-ping':
        this.keepAlive.ping(FOCUS_PING_TIMEOUT_MS);
        return;
      case 'open-new-instance':
        return; // changeInstance() resolves the host and opens the new socket
    }
  }

  private settleSwitch(): void {
    const waiter = this.switchWaiter;
    this.switchWaiter = undefined;
    if (!waiter) return;
    const state = this.machine.state;
    if (state.kind === 'CONNECTED') waiter.resolve();
    else waiter.reject(new PortError('disconnected', state.kind === 'DISCONNECTED' ? state.reason : `Not able to send message in state ${state.kind}`));
  }

  // ---- the socket

  /** Opens a socket to the current host; events of any earlier socket are ignored from now on. */
  private openSocket(): void {
    const socket = this.socketFactory(() => this.nextUrl());
    this.socket = socket;
    socket.binaryType = 'arraybuffer';
    const live = () => this.socket === socket;
    socket.addEventListener('open', () => live() && void this.opened(socket));
    socket.addEventListener('close', (event) => live() && this.closed(event));
    socket.addEventListener('message', (event) => live() && this.received(event.data));
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
    const base = pitcherSocketUrl(this.host.pitcherUrl, this.host.pitcherToken);
    return this.reconnectToken ? `${base}&reconnectToken=${encodeURIComponent(this.reconnectToken)}` : base;
  }

  private async opened(socket: PitcherSocket): Promise<void> {
    this.keepAlive.opened();
    this.joined = false;
    try {
      const result = await this.request(
        'client/join',
        { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: this.appId }, asyncProgress: false, subscriptions: undefined },
        JOIN_TIMEOUT_MS,
      );
      if (this.socket !== socket) return;
      this.joinResult = result;
      this.reconnectToken = result.reconnectToken;
      this.joined = true;
      const isReconnect = this.machine.hasJoined;
      this.heldResyncs = [];
      this.dispatch({ type: 'joined', gitStatusPermitted: result.permissions.git?.status === true });
      const resyncs = this.heldResyncs;
      this.heldResyncs = undefined;
      const c = result.client;
      this.joinEmitter.fire({
        self: { clientId: c.clientId, username: c.username, name: c.name, color: c.color },
        permissions: { ...result.permissions },
        capabilities: { ...result.capabilities },
        isProtected: result.isProtected === true,
        isReconnect,
      });
      for (const request of resyncs) this.resyncEmitter.fire(request);
    } catch (error) {
      // A refused or timed-out join drops this connection; its close counts as a failed attempt. A join lost with
      // its socket needs nothing more: the close already did that.
      if (this.socket === socket && error instanceof PortError && error.kind !== 'disconnected') socket.reconnect(4000, error.message);
    }
  }

  private closed(event: { code: number; reason: string; wasClean: boolean }): void {
    this.joined = false;
    const reason = event.reason || 'Connection closed';
    this.requests.failAll(reason, false);
    this.keepAlive.clearPong();
    this.dispatch({ type: 'closed', reason, wasClean: event.wasClean, code: event.code });
  }

  private received(data: unknown): void {
    this.keepAlive.heard();
    if (typeof data === 'string') return;
    const frame = data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array);
    this.handleFrame(frame);
  }

  /** Ids are taken when a frame goes on the wire, so they increase in wire order (join first). */
  private transmit(pending: PendingRequest): void {
    if (!this.socket || this.socket.readyState !== OPEN) {
      if (pending.method === 'client/join') return;
      if (QUEUED_FOR_RECONNECT.has(pending.method as RequestMethod)) this.requests.enqueue(pending);
      else this.requests.fail(pending, new PortError('disconnected', `Not able to send message in state ${this.machine.state.kind}`));
      return;
    }
    const id = this.requests.sent(pending);
    const frame = encodeMessage({ method: pending.method, params: pending.params, id });
    // The server closes the connection at a frame over the limit (before holding it): such a request fails here.
    if (frame.byteLength > MAX_FRAME_BYTES) {
      this.requests.settle(id, { ok: false, error: new PortError('rejected', frameTooLargeMessage(frame.byteLength), PitcherErrorCode.MESSAGE_TOO_LARGE, true) });
      return;
    }
    this.socket.send(frame);
  }
}

const toPortError = (error: ConnectionError): PortError =>
  new PortError(error.kind === 'instance-change-required' ? 'instance-change-required' : 'disconnected', error.message);
