import { assertNever } from '../../../base/assert';
import { Result, ok } from '../../../base/result';
import {
  ClientJoinParams,
  EncodedResult,
  MAX_FRAME_VALUES,
  encodeResolvedWithEncodedResult,
  PitcherError,
  PitcherErrorCode,
  RequestMessage,
  classify,
  decodeMessage,
  encodeMessage,
  isRequestMethod,
  paramsSchemas,
  pitcherError,
  rejected,
  resolved,
  peekRequestHeader,
} from '../../../protocol';
// The hot frame's own reader and writer (ADR 0025), imported from their module as the other hot frames are.
import { documentAckAnswer, readDocumentAck } from '../../../protocol/document-ack-frame';
import { TokenService } from '../ports/token-service.port';
import { ClientChannel, ClientIdentity, ClientSession } from './client-session';
import { HandlerResult } from './handler-result';
import { AccessLevel, isAllowed } from './permissions';
import { PitcherGrant, RECONNECT_TOKEN_PURPOSE, RECONNECT_TOKEN_TTL_SECONDS, ReconnectClaim, resumedIdentity } from './pitcher-grant';
import { joinResult, notJoined, requestHandlers } from './request-handlers';
import { Workspace, clientSubscriptions } from './workspace';

/**
 * Requests whose answer nobody waits for: a client sends an acknowledgement and goes on (pitcher-client sends one per
 * revision). Their answers go out with the next frame to the client (ClientChannel.sendLazily), not in a write of
 * their own; they are encoded by hand (byte-identical to encodeMessage's).
 */
const LAZY_ANSWERS: Partial<Record<string, (id: number, result: unknown) => Uint8Array>> = {
  'file/documentAck': (id, result) => documentAckAnswer(id, (result as { revision: number }).revision),
};

type ConnectionState =
  | { kind: 'awaiting-join' }
  | { kind: 'joining' }
  | { kind: 'joined'; workspace: Workspace; session: ClientSession }
  | { kind: 'closed' };

export interface ConnectionContext {
  grant: PitcherGrant;
  reconnectToken: string | undefined;
  workspace: () => Promise<Workspace>;
  /**
   * What the grant allows now (the lower of the token's level and the current policy's), asked at every join;
   * undefined when it allows nothing any more (the sandbox was deleted).
   */
  currentAccess: () => Promise<AccessLevel | undefined>;
  tokens: TokenService;
  newId: () => string;
  log: (message: string, error?: unknown) => void;
}

/**
 * One client connection, transport-agnostic: frames in, frames out. Every bad input gets an
 * error response; nothing a client sends can throw out of here.
 */
export class PitcherConnection {
  private state: ConnectionState = { kind: 'awaiting-join' };

  constructor(
    private readonly ctx: ConnectionContext,
    private readonly channel: ClientChannel,
  ) {}

  get stateKind(): ConnectionState['kind'] {
    return this.state.kind;
  }

  /** Handles one frame; synchronous handlers answer in the same tick, keeping apply order on the wire. */
  receive(frame: Uint8Array): void | Promise<void> {
    // The most frequent frame (an acknowledgement, in its canonical form) is read without the generic decoder; its
    // params are then valid (readDocumentAck checks what the schema checks). Everything else is decoded below.
    const ack = readDocumentAck(frame);
    if (ack !== undefined) return this.dispatch({ method: 'file/documentAck', params: { id: ack.fileId, revision: ack.revision }, id: ack.id }, true);
    const decoded = decodeMessage(frame, { maxValues: MAX_FRAME_VALUES });
    if (!decoded.ok) {
      const code = decoded.error.kind === 'too-large' ? PitcherErrorCode.MESSAGE_TOO_LARGE : PitcherErrorCode.MALFORMED_MESSAGE;
      // A request whose id can still be read gets its answer (e.g. params with a `__proto__` key, which the decoder
      // refuses, or too many values): its client is not left waiting.
      const header = peekRequestHeader(frame);
      return this.send(rejected(header.id ?? null, header.method ?? null, pitcherError(code, decoded.error.message)));
    }
    const classified = classify(decoded.value);
    if (classified.kind !== 'request') {
      const id = typeof (decoded.value as { id?: unknown })?.id === 'number' ? (decoded.value as { id: number }).id : null;
      const reason = classified.kind === 'unknown' ? classified.reason : `A client may only send requests, not ${classified.kind} messages`;
      return this.send(rejected(id, null, pitcherError(PitcherErrorCode.MALFORMED_MESSAGE, reason)));
    }
    return this.dispatch(classified.message, false);
  }

  /** Handles one request; `valid` when its params are known to match its method's schema. */
  private dispatch(request: RequestMessage, valid: boolean): void | Promise<void> {
    const internal = (error: unknown): HandlerResult<unknown> => {
      this.ctx.log(`request ${request.method} failed`, error);
      return { ok: false, error: pitcherError(PitcherErrorCode.CRITICAL_ERROR, `Internal error while handling ${request.method}`) };
    };
    let answered = false;
    const respond = (result: HandlerResult<unknown>) => {
      if (answered) return; // an async handler answered at its commit point (RequestContext.answer)
      answered = true;
      if (result.ok && result.value instanceof EncodedResult) {
        if (this.state.kind !== 'closed') this.channel.send(encodeResolvedWithEncodedResult(request.id, request.method, result.value));
        return;
      }
      const lazy = result.ok && this.channel.sendLazily ? LAZY_ANSWERS[request.method] : undefined;
      if (lazy !== undefined && result.ok) {
        if (this.state.kind !== 'closed') this.channel.sendLazily!(lazy(request.id, result.value));
        return;
      }
      this.send(result.ok ? resolved(request.id, request.method, result.value) : rejected(request.id, request.method, result.error));
    };
    let outcome: HandlerResult<unknown> | Promise<HandlerResult<unknown>>;
    try {
      outcome = this.handle(request, respond, valid);
    } catch (error) {
      outcome = internal(error);
    }
    if (outcome instanceof Promise) return outcome.catch(internal).then(respond);
    respond(outcome);
  }

  closed(): void {
    const state = this.state;
    this.state = { kind: 'closed' };
    if (state.kind === 'joined') state.workspace.leave(state.session);
  }

  private handle(
    request: RequestMessage,
    answer: (result: HandlerResult<unknown>) => void,
    valid: boolean,
  ): HandlerResult<unknown> | Promise<HandlerResult<unknown>> {
    const { method } = request;
    if (!isRequestMethod(method)) {
      return fail(PitcherErrorCode.FEATURE_UNAVAILABLE, `Method ${method} is not available in this workspace`);
    }
    const validated = (): Result<unknown, string> => (valid ? ok(request.params) : paramsSchemas[method](request.params, 'params'));
    const invalid = (error: string) => fail(PitcherErrorCode.INVALID_PARAMS, `Invalid params for ${method}: ${error}`);
    // A switch rather than ts-pattern's match: this runs for every frame a client sends.
    const state = this.state;
    switch (state.kind) {
      case 'awaiting-join': {
        if (method !== 'client/join') return notJoined(method);
        const params = validated();
        return params.ok ? this.join(params.value as ClientJoinParams, answer) : invalid(params.error);
      }
      case 'joining':
        return fail(PitcherErrorCode.NOT_JOINED, `${method} was sent while client/join is in progress`);
      case 'closed':
        return fail(PitcherErrorCode.CRITICAL_ERROR, 'The connection is closed');
      case 'joined': {
        const { workspace, session } = state;
        if (!session.active) return fail(PitcherErrorCode.CRITICAL_ERROR, 'This connection was replaced by a newer connection of the same client');
        if (method === 'client/join') return fail(PitcherErrorCode.ALREADY_JOINED, ALREADY_JOINED_MESSAGE);
        // Permission first: a client learns nothing about a method it may not use.
        if (!isAllowed(session.permissions, method)) {
          return fail(PitcherErrorCode.NO_ACCESS, `You do not have permission to use ${method}`);
        }
        const params = validated();
        if (!params.ok) return invalid(params.error);
        const handler = requestHandlers[method] as (ctx: unknown, params: unknown) => HandlerResult<unknown> | Promise<HandlerResult<unknown>>;
        return handler({ workspace, session, answer }, params.value);
      }
      default:
        return assertNever(state, 'Unknown connection state');
    }
  }

  /** Joins; the result is answered here, so that what the workspace tells a new client (welcome) comes after it. */
  private async join(params: ClientJoinParams, answer: (result: HandlerResult<unknown>) => void): Promise<HandlerResult<unknown>> {
    this.state = { kind: 'joining' };
    const { grant, tokens } = this.ctx;
    let access: AccessLevel | undefined;
    let workspace: Workspace;
    try {
      access = await this.ctx.currentAccess();
      if (access === undefined) {
        this.state = { kind: 'awaiting-join' };
        return fail(PitcherErrorCode.NO_ACCESS, `Sandbox ${grant.sandboxId} does not exist any more`);
      }
      workspace = await this.ctx.workspace();
    } catch (error) {
      this.state = { kind: 'awaiting-join' };
      this.ctx.log(`workspace ${grant.sandboxId} could not be loaded`, error);
      return fail(PitcherErrorCode.CRITICAL_ERROR, `Workspace ${grant.sandboxId} could not be started`);
    }
    if ((this.state as ConnectionState).kind === 'closed') return fail(PitcherErrorCode.CRITICAL_ERROR, 'The connection is closed');
    const claim = this.ctx.reconnectToken ? tokens.verify<ReconnectClaim>(RECONNECT_TOKEN_PURPOSE, this.ctx.reconnectToken) : undefined;
    const resumed = claim ? resumedIdentity(claim, grant) : undefined;
    const clientId = resumed && claim ? claim.clientId : this.ctx.newId();
    const identity = resumed ?? grant;
    const joinedAs: ClientIdentity = { username: identity.username, name: identity.name, access };
    const session = workspace.join(joinedAs, this.channel, params.clientInfo.appId, clientId, () => this.ctx.currentAccess());
    this.state = { kind: 'joined', workspace, session };
    const reconnectToken = tokens.sign<ReconnectClaim>(
      RECONNECT_TOKEN_PURPOSE,
      { sandboxId: grant.sandboxId, clientId, username: identity.username, name: identity.name },
      RECONNECT_TOKEN_TTL_SECONDS,
    );
    const result: HandlerResult<unknown> = { ok: true, value: joinResult(session, '/', reconnectToken) };
    answer(result);
    workspace.welcome(session, clientSubscriptions(params.subscriptions));
    return result;
  }

  private send(message: Parameters<typeof encodeMessage>[0]): void {
    if (this.state.kind === 'closed') return;
    this.channel.send(encodeMessage(message));
  }
}

/** What a second client/join on a joined connection is refused with (ALREADY_JOINED, docs/protocol/client.md). */
export const ALREADY_JOINED_MESSAGE = 'This connection has already joined; client/join is sent once per connection (reconnect to join again)';

const fail = (code: PitcherErrorCode, message: string): HandlerResult<never> => ({ ok: false, error: pitcherError(code, message) as PitcherError });
