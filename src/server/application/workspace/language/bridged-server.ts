import { match } from 'ts-pattern';
import { err } from '../../../../base/result';
import { LspError, LspErrorCode } from '../../../../domain/language/lsp-methods';
import { DocumentAction, SharedDocuments } from '../../../../domain/language/shared-documents';
import { UriMapping } from '../../../../domain/language/uri-mapping';
import { PitcherErrorCode, pitcherError } from '../../../../protocol';
import { LanguageServerLaunch } from '../../ports/language-servers.port';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { parseDidChange, parseDidClose, parseDidOpen, uriOf } from './document-params';
import { FailureReasons, LanguageErrors } from './language.errors';
import { LanguageLimits, LanguageTiming } from './language-timing';
import { LspConnection, LspId, LspOutcome } from './lsp-connection';
import { initializeParams } from './lsp-initialize';
import { ServerRequestBroker } from './server-request-broker';
import { routeServerRequest } from './server-requests';

interface Ready {
  kind: 'ready';
  connection: LspConnection;
  initializeResult: unknown;
}
/** Work waiting for the server to finish its handshake. */
interface Waiter {
  run(ready: Ready): void;
  fail(reason: string): void;
}
type ServerState = { kind: 'stopped' } | { kind: 'starting'; connection: LspConnection; waiters: Waiter[] } | Ready;

/** A client's request on its way through the server (by the server-side id). */
interface ClientRequest {
  clientId: string;
  clientLspId: LspId | undefined;
  connection: LspConnection;
}

export interface BridgedServerDeps {
  serverId: string;
  /** The language named in notifications that concern no open document (before any client named one). */
  defaultLanguageId: string;
  launch: LanguageServerLaunch;
  ctx: WorkspaceContext;
  uris: UriMapping;
  timing: LanguageTiming;
  limits: LanguageLimits;
  /** Ids of server requests sent to clients: unique in the workspace, across servers and restarts. */
  nextServerRequestId(): number;
}

/**
 * One language server process of a workspace, shared by all its clients. Started on demand; the bridge does the
 * initialize/initialized handshake once and answers each client's initialize with the cached result. Client
 * requests get the server's ids (and back); document notifications go through SharedDocuments; server
 * notifications reach every client, server requests one. Idle for IDLE_STOP_MS, it is shut down; after a crash it
 * is started again on the next request, with the open documents opened again.
 */
export class BridgedServer {
  private state: ServerState = { kind: 'stopped' };
  private readonly documents = new SharedDocuments();
  private readonly clientRequests = new Map<number, ClientRequest>();
  private readonly serverRequests: ServerRequestBroker;
  /** Connections being shut down, with their kill timers. */
  private readonly stopping = new Map<LspConnection, ReturnType<typeof setTimeout> | undefined>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private lastClientId: string | undefined;
  private lastLanguageId: string | undefined;
  private disposed = false;

  constructor(private readonly deps: BridgedServerDeps) {
    this.serverRequests = new ServerRequestBroker({
      serverId: deps.serverId,
      ctx: deps.ctx,
      uris: deps.uris,
      requestTimeoutMs: deps.timing.requestTimeoutMs,
      maxWaiting: deps.limits.maxServerRequests,
      nextId: deps.nextServerRequestId,
      onSettled: () => this.checkIdle(),
    });
  }

  get isRunning(): boolean {
    return this.state.kind !== 'stopped';
  }

  /** An LSP request of a client: the server's result, or its error as the protocol error. */
  request(session: ClientSession, languageId: string, method: string, params: unknown, clientLspId: LspId | undefined): Promise<HandlerResult<unknown>> {
    this.touch(session, languageId);
    if (method === 'shutdown') return Promise.resolve(done(null)); // the server is shared: the bridge decides when it stops
    const waiting = this.state.kind === 'starting' ? this.state.waiters.length : 0;
    if (this.clientRequests.size + waiting >= this.deps.limits.maxRequestsInFlight) {
      return Promise.resolve(this.failure(FailureReasons.tooManyInFlight));
    }
    this.clearIdleTimer();
    return new Promise((resolve) => {
      this.whenReady({
        run: (ready) => {
          if (method === 'initialize') {
            resolve(done(this.deps.uris.toClient(ready.initializeResult)));
            this.checkIdle();
            return;
          }
          const { id, outcome } = ready.connection.request(method, this.deps.uris.toServer(params));
          this.clientRequests.set(id, { clientId: session.clientId, clientLspId, connection: ready.connection });
          void outcome.then((o) => {
            this.clientRequests.delete(id);
            resolve(this.answer(o));
            this.checkIdle();
          });
        },
        fail: (reason) => resolve(this.failure(reason)),
      });
    });
  }

  /** An LSP notification of a client: bookkeeping, then forwarded (or swallowed); answered at once. */
  notify(session: ClientSession, languageId: string, method: string, params: unknown): HandlerResult<null> {
    this.touch(session, languageId);
    return match(method)
      .with('initialized', 'exit', () => done(null)) // the bridge did the handshake; the server is shared
      .with('$/cancelRequest', () => {
        this.cancel(session.clientId, (params as { id?: LspId } | null)?.id);
        return done(null);
      })
      .with('textDocument/didOpen', () => {
        const opened = parseDidOpen(params);
        if (!opened.ok) return fail(PitcherErrorCode.INVALID_PARAMS, LanguageErrors.invalidParams(method, opened.error));
        this.apply(this.documents.open(session.clientId, opened.value));
        if (this.state.kind === 'stopped') this.whenReady({ run: () => this.checkIdle(), fail: () => undefined });
        return done(null);
      })
      .with('textDocument/didChange', () => {
        const changed = parseDidChange(params);
        if (!changed.ok) return fail(PitcherErrorCode.INVALID_PARAMS, LanguageErrors.invalidParams(method, changed.error));
        this.apply(this.documents.change(session.clientId, changed.value.uri, changed.value.version, changed.value.contentChanges));
        return done(null);
      })
      .with('textDocument/didClose', () => {
        const closed = parseDidClose(params);
        if (!closed.ok) return fail(PitcherErrorCode.INVALID_PARAMS, LanguageErrors.invalidParams(method, closed.error));
        this.apply(this.documents.close(session.clientId, closed.value));
        return done(null);
      })
      .with('textDocument/didSave', () => {
        const uri = uriOf(params);
        if (uri !== undefined && this.documents.isOpenBy(session.clientId, uri)) this.forward(method, params);
        return done(null);
      })
      .otherwise(() => {
        this.forward(method, params);
        return done(null);
      });
  }

  /** A client's answer to a request this server made. */
  serverResponse(session: ClientSession, id: number, answer: { result?: unknown; error?: LspError }): HandlerResult<null> {
    return this.serverRequests.answer(session, id, answer);
  }

  /** A client left: its documents are closed, its requests cancelled, requests asked of it answered for it. */
  clientLeft(clientId: string): void {
    this.apply(this.documents.closeAll(clientId));
    for (const [id, request] of this.clientRequests) if (request.clientId === clientId) request.connection.cancel(id);
    this.serverRequests.clientLeft(clientId);
    if (this.lastClientId === clientId) this.lastClientId = undefined;
    this.checkIdle();
  }

  dispose(): void {
    this.disposed = true;
    this.clearIdleTimer();
    this.serverRequests.dispose();
    const state = this.state;
    this.state = { kind: 'stopped' };
    if (state.kind === 'starting') for (const waiter of state.waiters) waiter.fail(FailureReasons.stopped);
    if (state.kind !== 'stopped') {
      state.connection.notify('exit');
      state.connection.end();
      state.connection.kill('SIGTERM');
    }
    for (const [connection, timer] of this.stopping) {
      clearTimeout(timer);
      connection.kill('SIGKILL');
    }
    this.stopping.clear();
  }

  private touch(session: ClientSession, languageId: string): void {
    this.lastClientId = session.clientId;
    this.lastLanguageId = languageId;
  }

  private whenReady(waiter: Waiter): void {
    if (this.disposed) return waiter.fail(FailureReasons.stopped);
    if (this.state.kind === 'stopped') this.start();
    match(this.state)
      .with({ kind: 'ready' }, (ready) => waiter.run(ready))
      .with({ kind: 'starting' }, (starting) => void starting.waiters.push(waiter))
      .with({ kind: 'stopped' }, () => waiter.fail(FailureReasons.couldNotStart('the process could not be spawned')))
      .exhaustive();
  }

  private start(): void {
    const { ctx, launch, uris, timing, limits } = this.deps;
    let connection: LspConnection;
    try {
      const child = ctx.runtime.spawn(ctx.box, launch.file, launch.args, { cwd: ctx.box.rootDir });
      connection = new LspConnection(
        child,
        {
          onNotification: (method, params) => this.fromServerNotification(connection, method, params),
          onRequest: (id, method, params) => this.fromServerRequest(connection, id, method, params),
          onClose: (reason, stderrTail) => this.closed(connection, reason, stderrTail),
        },
        { maxMessageBytes: limits.maxMessageBytes, requestTimeoutMs: timing.requestTimeoutMs },
      );
    } catch (error) {
      ctx.log(`language server ${this.deps.serverId} could not be spawned: ${(error as Error).message}`);
      return;
    }
    const starting: ServerState = { kind: 'starting', connection, waiters: [] };
    this.state = starting;
    const { outcome } = connection.request('initialize', initializeParams(ctx.box.rootDir, uris.rootUri, launch.initializationOptions), timing.startTimeoutMs);
    void outcome.then((o) => {
      if (this.state !== starting) return; // it closed meanwhile: closed() failed the waiters
      if (o.kind !== 'result') {
        this.state = { kind: 'stopped' };
        connection.kill('SIGKILL');
        const reason = FailureReasons.couldNotStart(o.kind === 'error' ? o.error.message : o.reason);
        ctx.log(`language server ${this.deps.serverId}: ${reason}`);
        for (const waiter of starting.waiters) waiter.fail(reason);
        return;
      }
      connection.notify('initialized', {});
      const ready: Ready = { kind: 'ready', connection, initializeResult: o.result };
      this.state = ready;
      this.apply(this.documents.reopenAll());
      for (const waiter of starting.waiters) waiter.run(ready);
      this.checkIdle();
    });
  }

  private closed(connection: LspConnection, reason: string, stderrTail: string): void {
    const timer = this.stopping.get(connection);
    if (this.stopping.delete(connection)) {
      clearTimeout(timer);
      return;
    }
    const state = this.state;
    if (state.kind === 'stopped' || state.connection !== connection) return;
    this.deps.ctx.log(`language server ${this.deps.serverId} stopped: ${reason}${stderrTail ? `\n${stderrTail.trimEnd()}` : ''}`);
    this.state = { kind: 'stopped' };
    this.clearIdleTimer();
    if (state.kind === 'starting') for (const waiter of state.waiters) waiter.fail(FailureReasons.couldNotStart(reason));
    this.serverRequests.connectionClosed(connection);
  }

  /** Idle: shutdown, exit, and a kill if it is still there after killAfterMs. */
  private stop(): void {
    if (this.state.kind !== 'ready') return;
    const { connection } = this.state;
    this.state = { kind: 'stopped' };
    this.deps.ctx.log(`language server ${this.deps.serverId} stopped: idle`);
    this.stopping.set(connection, undefined);
    const { killAfterMs } = this.deps.timing;
    void connection.request('shutdown', null, killAfterMs).outcome.then(() => {
      connection.notify('exit');
      connection.end();
      if (this.stopping.has(connection)) this.stopping.set(connection, setTimeout(() => connection.kill('SIGKILL'), killAfterMs));
    });
  }

  private checkIdle(): void {
    const idle = this.state.kind === 'ready' && this.documents.size === 0 && this.clientRequests.size === 0 && this.serverRequests.size === 0;
    if (!idle) return this.clearIdleTimer();
    this.idleTimer ??= setTimeout(() => {
      this.idleTimer = undefined;
      this.stop();
    }, this.deps.timing.idleStopMs);
  }

  private clearIdleTimer(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }

  /** Document notifications reach a running server; a starting one gets every open document when it is ready. */
  private apply(actions: readonly DocumentAction[]): void {
    if (this.state.kind === 'ready') {
      const { connection } = this.state;
      const { toServerUri } = this.deps.uris;
      for (const action of actions) {
        match(action)
          .with({ kind: 'open' }, ({ document }) => connection.notify('textDocument/didOpen', { textDocument: { ...document, uri: toServerUri(document.uri) } }))
          .with({ kind: 'change' }, ({ uri, version, contentChanges }) =>
            connection.notify('textDocument/didChange', { textDocument: { uri: toServerUri(uri), version }, contentChanges }),
          )
          .with({ kind: 'close' }, ({ uri }) => connection.notify('textDocument/didClose', { textDocument: { uri: toServerUri(uri) } }))
          .exhaustive();
      }
    }
    this.checkIdle();
  }

  /** Other notifications reach a running or starting server; a stopped one does not need them. */
  private forward(method: string, params: unknown): void {
    if (this.state.kind === 'stopped') return;
    const mapped = this.deps.uris.toServer(params);
    this.whenReady({ run: (ready) => ready.connection.notify(method, mapped), fail: () => undefined });
  }

  private cancel(clientId: string, clientLspId: LspId | undefined): void {
    if (clientLspId === undefined) return;
    for (const [id, request] of this.clientRequests) {
      if (request.clientId === clientId && request.clientLspId === clientLspId) request.connection.cancel(id);
    }
  }

  private fromServerNotification(connection: LspConnection, method: string, params: unknown): void {
    if (this.state.kind === 'stopped' || this.state.connection !== connection) return;
    const mapped = this.deps.uris.toClient(params);
    this.deps.ctx.broadcast('language/lspNotification', { languageId: this.languageIdFor(mapped), serverId: this.deps.serverId, message: { method, params: mapped } });
  }

  private fromServerRequest(connection: LspConnection, id: LspId, method: string, params: unknown): void {
    if (this.state.kind === 'stopped' || this.state.connection !== connection) return;
    const route = routeServerRequest(method, params, this.deps.uris.rootUri);
    match(route)
      .with({ kind: 'answer' }, ({ result }) => connection.respond(id, { result }))
      .with({ kind: 'broadcast' }, () => {
        connection.respond(id, { result: null });
        this.fromServerNotification(connection, method, params);
      })
      .with({ kind: 'ask-client' }, ({ needsWrite }) => {
        const languageId = this.languageIdFor(this.deps.uris.toClient(params));
        this.serverRequests.ask(connection, id, method, params, { needsWrite, preferredClientId: this.lastClientId, languageId });
        this.checkIdle();
      })
      .exhaustive();
  }

  private languageIdFor(params: unknown): string {
    const uri = uriOf(params);
    return (uri !== undefined ? this.documents.languageIdOf(uri) : undefined) ?? this.lastLanguageId ?? this.deps.defaultLanguageId;
  }

  private answer(outcome: LspOutcome): HandlerResult<unknown> {
    return match(outcome)
      .with({ kind: 'result' }, ({ result }) => done(this.deps.uris.toClient(result)))
      .with({ kind: 'error' }, ({ error }) =>
        err(pitcherError(error.code as PitcherErrorCode, error.message, error.data === undefined ? undefined : this.deps.uris.toClient(error.data))),
      )
      .with({ kind: 'failed' }, ({ reason }) => this.failure(reason))
      .exhaustive();
  }

  /** The bridge could not get an answer: an LSP RequestFailed error with the spec's text. */
  private failure(reason: string): HandlerResult<never> {
    return err(pitcherError(LspErrorCode.RequestFailed as number as PitcherErrorCode, LanguageErrors.failedToSend(reason)));
  }
}
