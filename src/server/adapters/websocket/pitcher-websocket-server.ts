import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { MAX_FRAME_BYTES } from '../../../protocol';
import { AccessPolicy } from '../../application/access/access-policy';
import { RepeatLimitedLog } from '../../application/logging/repeat-limited-log';
import { TokenService } from '../../application/ports/token-service.port';
import { FairInbound } from './fair-inbound';
import { IncomingBudget } from './incoming-budget';
import { WebSocketChannel } from './websocket-channel';
import { PitcherConnection } from '../../application/workspace/pitcher-connection';
import { PITCHER_TOKEN_PURPOSE, PitcherGrant } from '../../application/workspace/pitcher-grant';
import { WorkspaceRegistry } from '../../application/workspace/workspace-registry';

/**
 * Frames above MAX_FRAME_BYTES close the socket with 1009 (message too big) as soon as their header says how long they
 * are, before any of their bytes is held; Bullpen's client does not send them (it fails such a request itself with
 * 1002 MESSAGE_TOO_LARGE). Answering them instead meant holding them whole first: bursts of such frames left the
 * server's memory at several times its idle size.
 */
const MAX_PAYLOAD_BYTES = MAX_FRAME_BYTES;
/** `/pitcher/<sandboxId>`, with or without a trailing slash (protocol.md §1.1); the token must be for that sandbox. */
const PITCHER_PATH = /^\/pitcher\/([^/]+)\/?$/;

/** The caller of an upgrade as the HTTP adapter authenticated it: the browser session whose cookie came along. */
export interface PitcherCaller {
  sessionId: string | undefined;
}

export interface UpgradeRefusal {
  status: number;
  message: string;
}

type Admission = { ok: true; grant: PitcherGrant; reconnectToken: string | undefined } | { ok: false; refusal: UpgradeRefusal };

export interface PitcherWebSocketDeps {
  tokens: TokenService;
  workspaces: WorkspaceRegistry;
  policy: AccessPolicy;
  newId: () => string;
  /** Server errors (with the error and its stack). */
  log: (message: string, error?: unknown) => void;
  /** Expected refusals and a client's broken connection: one line, no stack. */
  warn: (message: string) => void;
}

/**
 * The pitcher endpoint: admits an upgrade on a valid, unexpired token for the sandbox the URL names (bound to the
 * caller's browser session when it was minted for one, while the sandbox exists), then one PitcherConnection per socket.
 */
export class PitcherWebSocketServer {
  // permessage-deflate stays off: WebSocketChannel writes binary frames to the socket itself (ADR 0025).
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false });
  /** Incoming frames, fairly between connections under load. */
  private readonly inbound = new FairInbound();
  /** A client repeating an oversized frame on connection after connection is told about once a minute. */
  private readonly failures: RepeatLimitedLog;

  constructor(private readonly deps: PitcherWebSocketDeps) {
    this.failures = new RepeatLimitedLog((message) => deps.warn(message));
  }

  handlesPath(pathname: string): boolean {
    return PITCHER_PATH.test(pathname);
  }

  /** Resolves with a refusal for the HTTP adapter to answer, or undefined once the socket is taken over. */
  async handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, caller: PitcherCaller): Promise<UpgradeRefusal | undefined> {
    const admission = await this.admit(request, caller);
    if (!admission.ok) return admission.refusal;
    if (socket.destroyed) return undefined;
    this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, socket, admission.grant, admission.reconnectToken));
    return undefined;
  }

  close(): void {
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private async admit(request: IncomingMessage, caller: PitcherCaller): Promise<Admission> {
    const refuse = (status: number, message: string): Admission => ({ ok: false, refusal: { status, message } });
    const url = new URL(request.url ?? '/', 'http://localhost');
    const sandboxId = decodeSegment(PITCHER_PATH.exec(url.pathname)?.[1] ?? '');
    const grant = this.deps.tokens.verify<PitcherGrant>(PITCHER_TOKEN_PURPOSE, url.searchParams.get('token') ?? '');
    if (!grant) return refuse(401, 'Invalid or expired pitcher token');
    if (grant.sandboxId !== sandboxId) return refuse(403, 'This pitcher token is for another sandbox');
    if (grant.session !== undefined && grant.session !== caller.sessionId) {
      return refuse(401, 'This pitcher token belongs to another browser session: open the editor URL with the access token');
    }
    if ((await this.deps.policy.accessFor(grant)) === undefined) return refuse(404, 'Sandbox not found');
    return { ok: true, grant, reconnectToken: url.searchParams.get('reconnectToken') ?? undefined };
  }

  private accept(ws: WebSocket, socket: Duplex, grant: PitcherGrant, reconnectToken: string | undefined): void {
    // Counts unsent bytes (back-pressure), pings every 5 s, terminates after 15 s of silence (spec 002 §9).
    const channel = new WebSocketChannel(ws, socket);
    const connection = new PitcherConnection(
      {
        grant,
        reconnectToken,
        workspace: () => this.deps.workspaces.get(grant.sandboxId),
        currentAccess: () => this.deps.policy.accessFor(grant),
        tokens: this.deps.tokens,
        newId: this.deps.newId,
        log: this.deps.log,
      },
      channel,
    );
    const budget = new IncomingBudget(channel);
    const frames = this.inbound.connection((frame) => {
      const pending = connection.receive(frame);
      if (pending) budget.track(frame.byteLength, pending.catch((error) => this.deps.log('frame handling failed', error)));
    }, { pause: () => channel.pauseReading('fair'), resume: () => channel.resumeReading('fair') });
    ws.on('message', (data, isBinary) => {
      if (!isBinary) {
        ws.send(''); // keep-alive: answer every text frame (protocol.md §1.5)
        return;
      }
      frames.receive(Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer));
    });
    ws.on('close', () => {
      frames.close();
      connection.closed();
    });
    ws.on('error', (error) => this.failures.log(socketFailure(grant.sandboxId, error)));
  }
}

/**
 * One line for a connection that ws closed or lost: a frame over the limit or another breach of the websocket
 * protocol by the client (ws's WS_ERR_* codes, answered with a close frame), or the socket failing (ECONNRESET…).
 */
export function socketFailure(sandboxId: string, error: Error & { code?: string }): string {
  if (error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
    return `closed a pitcher connection of ${sandboxId}: it sent a frame over the limit of ${MAX_PAYLOAD_BYTES} bytes (close 1009)`;
  }
  if (error.code?.startsWith('WS_ERR_')) return `closed a pitcher connection of ${sandboxId}: it broke the websocket protocol (${error.message})`;
  return `a pitcher connection of ${sandboxId} failed: ${error.message}`;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
