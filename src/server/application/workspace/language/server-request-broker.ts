import { LspError } from '../../../../domain/language/lsp-methods';
import { UriMapping } from '../../../../domain/language/uri-mapping';
import { PitcherErrorCode } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { FailureReasons, LanguageErrors } from './language.errors';
import { LspConnection, LspId } from './lsp-connection';
import { unansweredServerRequest } from './server-requests';

/** A server's request waiting for the client it was sent to. */
interface Waiting {
  clientId: string;
  serverRequestId: LspId;
  method: string;
  connection: LspConnection;
  timer: ReturnType<typeof setTimeout>;
}

export interface ServerRequestBrokerDeps {
  serverId: string;
  ctx: WorkspaceContext;
  uris: UriMapping;
  requestTimeoutMs: number;
  maxWaiting: number;
  /** Unique in the workspace, across servers and restarts. */
  nextId(): number;
  /** A request was settled (the server may have become idle). */
  onSettled(): void;
}

/**
 * The requests a language server makes that a client must answer (workspace/applyEdit, window/showDocument, …):
 * each goes to one client under a bridge id as language/lspServerRequest, and its language/lspServerResponse goes
 * back to the server under the server's id. When nobody can answer, the bridge answers for the client.
 */
export class ServerRequestBroker {
  private readonly waiting = new Map<number, Waiting>();

  constructor(private readonly deps: ServerRequestBrokerDeps) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Sends the request to the preferred client if it may answer, else another; edits only to writers. */
  ask(connection: LspConnection, serverRequestId: LspId, method: string, params: unknown, options: { needsWrite: boolean; preferredClientId?: string; languageId: string }): void {
    const session = this.pickClient(options.needsWrite, options.preferredClientId);
    if (!session || this.waiting.size >= this.deps.maxWaiting) {
      const reason = session ? 'Too many requests are waiting for a client' : 'No connected client can answer';
      return connection.respond(serverRequestId, unansweredServerRequest(method, reason));
    }
    const id = this.deps.nextId();
    const timer = setTimeout(() => this.settle(id, unansweredServerRequest(method, 'The client did not answer in time')), this.deps.requestTimeoutMs);
    this.waiting.set(id, { clientId: session.clientId, serverRequestId, method, connection, timer });
    session.notify('language/lspServerRequest', {
      languageId: options.languageId,
      serverId: this.deps.serverId,
      message: { id, method, params: this.deps.uris.toClient(params) },
    });
  }

  /** A client's language/lspServerResponse. */
  answer(session: ClientSession, id: number, answer: { result?: unknown; error?: LspError }): HandlerResult<null> {
    const waiting = this.waiting.get(id);
    if (!waiting) return fail(PitcherErrorCode.INVALID_ID, LanguageErrors.noPendingServerRequest(id));
    if (waiting.clientId !== session.clientId) return fail(PitcherErrorCode.NO_ACCESS, LanguageErrors.askedAnotherClient(id));
    this.settle(id, answer.error ? { error: answer.error } : { result: this.deps.uris.toServer(answer.result ?? null) });
    return done(null);
  }

  /** The client left: the bridge answers what it was asked. */
  clientLeft(clientId: string): void {
    for (const [id, waiting] of this.waiting) {
      if (waiting.clientId === clientId) this.settle(id, unansweredServerRequest(waiting.method, FailureReasons.clientLeft));
    }
  }

  /** The server process is gone: nobody is waiting for these answers any more. */
  connectionClosed(connection: LspConnection): void {
    for (const [id, waiting] of this.waiting) {
      if (waiting.connection !== connection) continue;
      clearTimeout(waiting.timer);
      this.waiting.delete(id);
    }
  }

  dispose(): void {
    for (const waiting of this.waiting.values()) clearTimeout(waiting.timer);
    this.waiting.clear();
  }

  private pickClient(needsWrite: boolean, preferredClientId: string | undefined): ClientSession | undefined {
    const candidates = [...this.deps.ctx.sessions()].filter(
      (s) => s.active && s.permissions.language?.lspRead === true && (!needsWrite || s.permissions.language?.lspWrite === true),
    );
    return candidates.find((s) => s.clientId === preferredClientId) ?? candidates[0];
  }

  private settle(id: number, answer: { result: unknown } | { error: LspError }): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    if (!waiting.connection.isClosed) waiting.connection.respond(waiting.serverRequestId, answer);
    this.deps.onSettled();
  }
}
