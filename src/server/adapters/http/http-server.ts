import fastifyStatic from '@fastify/static';
import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { STATUS_CODES, createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Duplex } from 'node:stream';
import { AllowedOrigins, allowedOrigins, isAllowedHost, isAllowedOrigin } from '../../application/access/network-access';
import { TokenService } from '../../application/ports/token-service.port';
import { Requester, SandboxService } from '../../application/sandbox/sandbox-service';
import { AccessLevel } from '../../application/workspace/permissions';
import { AccessGuard, sessionCookieName } from './access-guard';
import { accessTokenPage } from './access-page';
import { PreviewAccess } from './preview-access';
import { PreviewProxy, PreviewProxyDeps } from './preview-proxy';
import { DownloadSource, isDownloadPath, registerDownloadRoute } from './download-route';
import { machineNames } from './allowed-origins';

/** Who opens a websocket: the browser session whose cookie came with the upgrade, if any. */
export interface UpgradeCaller {
  sessionId: string | undefined;
}

/** Why an upgrade is refused: answered as an HTTP response with the API error shape. */
export interface UpgradeRefusal {
  status: number;
  message: string;
}

/** Takes over websocket upgrades for some paths (the pitcher endpoint); adapter families stay independent. */
export interface UpgradeHandler {
  handlesPath(pathname: string): boolean;
  /** Resolves with a refusal to answer, or undefined once it took over the socket. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, caller: UpgradeCaller): Promise<UpgradeRefusal | undefined>;
}

export interface HttpServerDeps {
  clientDir: string;
  sandboxes: SandboxService;
  pitcher: UpgradeHandler;
  defaultSandboxId: () => string;
  anonymousAccess: AccessLevel;
  newGuestSuffix: () => string;
  /** The bound address (HOST) and BULLPEN_PUBLIC_URL: they decide the allowed Host and Origin values. */
  bindHost: string;
  publicUrl: string | undefined;
  /** The access secret (ADR 0007); undefined when none is required. */
  accessSecret: string | undefined;
  tokens: TokenService;
  /** Sandbox port previews (docs/protocol/port.md); absent: no preview hosts. */
  preview?: Pick<PreviewProxyDeps, 'hosts' | 'target'>;
  /** Serves fs/download links (absent: no download route). */
  download?: DownloadSource;
}

/** Error bodies follow spec 000 §8 and protocol.md §7.1: `{ errors: [message] }`. */
const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ errors: [message] });

const HOST_REFUSED = 'This server does not answer to that host name: open Bullpen at the address it printed, or set BULLPEN_PUBLIC_URL';
const ORIGIN_REFUSED = 'Requests from other sites are not allowed';
const TOKEN_REQUIRED = 'An access token is required: open the editor URL the server printed at start, or send Authorization: Bearer <token>';

const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/** The platform HTTP API, the editor page and its assets, and the pitcher websocket upgrade. */
export async function buildHttpServer(deps: HttpServerDeps): Promise<FastifyInstance> {
  let previews: PreviewProxy | undefined;
  // Preview hosts (`<sandboxId>-<port>.<host>`) go to the preview proxy before Fastify sees them: bodies stream as they are.
  const serverFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
    createServer((req, res) => {
      const target = previews?.match(req);
      if (target) void previews!.handleRequest(req, res, target);
      else handler(req, res);
    });
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 256 }, serverFactory });
  const port = () => (app.server.address() as AddressInfo | null)?.port ?? 0;
  let rules: AllowedOrigins | undefined;
  const origins = () => (rules ??= allowedOrigins({ host: deps.bindHost, port: port() }, deps.publicUrl, machineNames()));
  const guard = new AccessGuard({ secret: deps.accessSecret, tokens: deps.tokens, cookieName: () => sessionCookieName(port()) });
  const publicUrl = deps.publicUrl === undefined ? undefined : new URL(deps.publicUrl);
  const viaPublicUrl = (headers: IncomingHttpHeaders) =>
    publicUrl !== undefined && (headers.host?.toLowerCase() === publicUrl.host || headers.origin?.toLowerCase() === publicUrl.origin);

  /** Host on every request (DNS rebinding); Origin whenever a browser sends one (cross-site requests, websocket hijacking). */
  const refusal = (headers: IncomingHttpHeaders): string | undefined => {
    if (!isAllowedHost(origins(), headers.host)) return HOST_REFUSED;
    if (!isAllowedOrigin(origins(), headers.origin)) return ORIGIN_REFUSED;
    return undefined;
  };

  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    void fail(reply, status, status === 500 ? 'Internal server error' : error.message);
  });

  app.addHook('onRequest', async (request, reply) => {
    const refused = refusal(request.headers);
    if (refused) return fail(reply, 403, refused);
    if (!guard.required) return;
    if (deps.download && isDownloadPath(request.url)) return; // its signed token is the credential
    const url = new URL(request.url, 'http://bullpen.invalid');
    const page = !isApiPath(url.pathname) && isRead(request.method);
    if (page && url.searchParams.has('token')) return exchangeToken(request, reply, url);
    if (guard.authenticate(request.headers)) return;
    if (page && request.headers.accept?.includes('text/html')) return sendAccessPage(reply, 'missing');
    return fail(reply, 401, TOKEN_REQUIRED);
  });

  /** `?token=<secret>` on a page: a session cookie and a redirect to the same address without the token. */
  const exchangeToken = (request: FastifyRequest, reply: FastifyReply, url: URL) => {
    if (!guard.isSecret(url.searchParams.get('token') ?? '')) return sendAccessPage(reply, 'invalid');
    url.searchParams.delete('token');
    const location = `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
    const secure = viaPublicUrl(request.headers) && publicUrl?.protocol === 'https:';
    return reply.header('Set-Cookie', guard.newSessionCookie(secure)).header('Cache-Control', 'no-store').redirect(location, 302);
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const preview = previews?.match(request);
    if (preview) return void previews!.handleUpgrade(request, socket, head, preview);
    const pathname = new URL(request.url ?? '/', 'http://bullpen.invalid').pathname;
    if (!deps.pitcher.handlesPath(pathname)) return refuseUpgrade(socket, { status: 404, message: 'Not found' });
    const refused = refusal(request.headers);
    if (refused) return refuseUpgrade(socket, { status: 403, message: refused });
    const caller = guard.authenticate(request.headers);
    deps.pitcher.handleUpgrade(request, socket, head, { sessionId: caller?.kind === 'session' ? caller.sessionId : undefined }).then(
      (refusedUpgrade) => refusedUpgrade && refuseUpgrade(socket, refusedUpgrade),
      () => refuseUpgrade(socket, { status: 500, message: 'Internal server error' }),
    );
  });

  app.get<{ Params: { id: string } }>('/api/v1/sandboxes/:id', async (request, reply) => {
    const record = await deps.sandboxes.get(request.params.id);
    if (!record) return fail(reply, 404, 'Sandbox not found');
    return { data: { id: record.id, title: record.title, template: record.template, insertedAt: record.createdAt, isCloud: true } };
  });

  app.post<{ Params: { id: string } }>('/api/v1/vm/:id/start', async (request, reply) => {
    const caller = guard.authenticate(request.headers);
    if (!caller) return fail(reply, 401, TOKEN_REQUIRED);
    const suffix = deps.newGuestSuffix();
    const requester: Requester = {
      username: `guest-${suffix}`,
      name: `Guest ${suffix.toUpperCase()}`,
      access: deps.anonymousAccess,
      session: caller.kind === 'session' ? caller.sessionId : undefined,
    };
    const started = await deps.sandboxes.start(request.params.id, requester, pitcherBaseUrl(request));
    if (!started.ok) return fail(reply, 404, 'Sandbox not found');
    return { data: started.value };
  });

  /** The websocket origin the caller reached us by: the public URL behind a proxy, else the Host it used. */
  const pitcherBaseUrl = (request: FastifyRequest): string => {
    if (publicUrl && viaPublicUrl(request.headers)) return `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}/pitcher`;
    return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.headers.host}/pitcher`;
  };

  if (deps.download) registerDownloadRoute(app, deps.download);
  const previewAccess = new PreviewAccess(guard, deps.tokens);
  if (deps.preview) previews = new PreviewProxy({ ...deps.preview, access: previewAccess });
  /** Spec 002 §7: a token that opens private previews (`?preview_token=`), fetched again every 60 minutes. */
  app.get('/api/v1/auth/preview_token', async () => ({ data: { token: previewAccess.newToken() } }));

  app.get('/api/*', async (_request, reply) => fail(reply, 404, 'Not found'));
  app.post('/api/*', async (_request, reply) => fail(reply, 404, 'Not found'));

  const indexHtml = path.join(deps.clientDir, 'index.html');
  if (existsSync(deps.clientDir)) {
    await app.register(fastifyStatic, { root: deps.clientDir, prefix: '/', index: false, wildcard: false, maxAge: '1h' });
  }
  const sendIndex = (reply: FastifyReply) =>
    existsSync(indexHtml)
      ? reply.header('Cache-Control', 'no-cache').sendFile('index.html', deps.clientDir)
      : fail(reply, 503, 'The editor is not built; run npm run build');

  app.get('/', async (_request, reply) => reply.redirect(`/sandbox/${deps.defaultSandboxId()}`));
  app.get('/sandbox/*', async (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' && request.headers.accept?.includes('text/html')) return sendIndex(reply);
    return fail(reply, 404, 'Not found');
  });
  return app;
}

const sendAccessPage = (reply: FastifyReply, reason: 'missing' | 'invalid') =>
  reply.code(401).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(accessTokenPage(reason));

/** Answers a websocket upgrade with a plain HTTP error response in the API error shape, then closes. */
function refuseUpgrade(socket: Duplex, refusal: UpgradeRefusal): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ errors: [refusal.message] });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
