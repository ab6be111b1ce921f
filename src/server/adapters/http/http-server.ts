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
import { AccessLevel, lowerAccess } from '../../application/workspace/permissions';
import { SandboxRecord } from '../../application/ports/sandbox-repository.port';
import { AccessGuard, sessionCookieName } from './access-guard';
import { accessTokenPage } from './access-page';
import { EditorBootData, EditorPageTemplate, renderEditorPage } from './editor-page';
import { PreviewAccess } from './preview-access';
import { PreviewProxy, PreviewProxyDeps } from './preview-proxy';
import { DownloadSource, isDownloadPath, registerDownloadRoute } from './download-route';
import { BranchRecords } from '../../application/sandbox/branch-records';
import { registerBranchRoutes } from './branch-routes';
import { machineNames } from './allowed-origins';
import { registerJsonBodyParser } from './json-body-parser';

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
  preview?: Pick<PreviewProxyDeps, 'hosts' | 'target' | 'connect'>;
  /** Serves fs/download links (absent: no download route). */
  download?: DownloadSource;
  /** Branch records, /api/beta/sandboxes/branches (absent: no branch routes). */
  branches?: BranchRecords;
  /** A sandbox's access changed: its running workspace reviews its clients (resolves when they follow). */
  accessChanged?: (sandboxId: string) => Promise<void>;
  /** The file the editor opens first in a sandbox, told in the editor page (issue 7 first load). */
  initialFile?(sandboxId: string): string | undefined;
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

  registerJsonBodyParser(app);
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

  /** A sandbox as the API shows it; `anonymousAccess`: what visitors may do in it now (the server's level caps it). */
  const sandboxJson = (record: SandboxRecord) => ({
    id: record.id,
    title: record.title,
    template: record.template,
    insertedAt: record.createdAt,
    isCloud: true,
    anonymousAccess: lowerAccess(deps.anonymousAccess, record.anonymousAccess ?? 'write'),
  });

  app.get<{ Params: { id: string } }>('/api/v1/sandboxes/:id', async (request, reply) => {
    const record = await deps.sandboxes.get(request.params.id);
    if (!record) return fail(reply, 404, 'Sandbox not found');
    return { data: sandboxJson(record) };
  });

  /**
   * Changes what visitors may do in a sandbox (docs/protocol/client.md "Access changes at run time"): clients already
   * joined follow before the answer (client/permissions), and later tokens and joins get the new level.
   */
  app.patch<{ Params: { id: string }; Body: unknown }>('/api/v1/sandboxes/:id', async (request, reply) => {
    const body = request.body as { anonymousAccess?: unknown } | null;
    const access = body?.anonymousAccess;
    if (access !== 'read' && access !== 'write') return fail(reply, 400, "anonymousAccess must be 'read' or 'write'");
    const updated = await deps.sandboxes.setAnonymousAccess(request.params.id, access);
    if (!updated.ok) return fail(reply, 404, 'Sandbox not found');
    await deps.accessChanged?.(request.params.id);
    return { data: sandboxJson(updated.value) };
  });

  /** A guest identity for one start of a workspace (one pitcher token), or undefined without credentials. */
  const guestRequester = (request: FastifyRequest): Requester | undefined => {
    const caller = guard.authenticate(request.headers);
    if (!caller) return undefined;
    const suffix = deps.newGuestSuffix();
    return {
      username: `guest-${suffix}`,
      name: `Guest ${suffix.toUpperCase()}`,
      access: deps.anonymousAccess,
      session: caller.kind === 'session' ? caller.sessionId : undefined,
    };
  };

  app.post<{ Params: { id: string } }>('/api/v1/vm/:id/start', async (request, reply) => {
    const requester = guestRequester(request);
    if (!requester) return fail(reply, 401, TOKEN_REQUIRED);
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
  if (deps.branches) registerBranchRoutes(app, deps.branches);
  const previewAccess = new PreviewAccess(guard, deps.tokens);
  if (deps.preview) previews = new PreviewProxy({ ...deps.preview, access: previewAccess });
  /** Spec 002 §7: a token that opens private previews (`?preview_token=`), fetched again every 60 minutes. */
  app.get('/api/v1/auth/preview_token', async () => ({ data: { token: previewAccess.newToken() } }));
  /**
   * How many websockets are open through a port's preview now (docs/protocol/port.md "Hot reload"): a page that keeps
   * one (a dev server's hot reload) updates itself, and the editor does not reload it after an edit.
   */
  app.get<{ Params: { id: string; port: string } }>('/api/v1/sandboxes/:id/previews/:port', async (request, reply) => {
    const port = Number(request.params.port);
    if (!/^\d{1,5}$/.test(request.params.port) || port < 1 || port > 65535) return fail(reply, 400, 'port must be a port number (1-65535)');
    if (!(await deps.sandboxes.get(request.params.id))) return fail(reply, 404, 'Sandbox not found');
    return { data: { port, openSockets: previews?.sockets.count({ sandboxId: request.params.id, port }) ?? 0 } };
  });

  app.get('/api/*', async (_request, reply) => fail(reply, 404, 'Not found'));
  app.post('/api/*', async (_request, reply) => fail(reply, 404, 'Not found'));

  const indexHtml = path.join(deps.clientDir, 'index.html');
  const assetsDir = path.join(deps.clientDir, 'assets') + path.sep;
  if (existsSync(deps.clientDir)) {
    // Hashed assets never change: cached for a year; they are sent pre-compressed (.br/.gz built once, issue 7).
    await app.register(fastifyStatic, {
      root: deps.clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) =>
        res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  const editorPage = new EditorPageTemplate(indexHtml);
  const sendIndex = async (reply: FastifyReply, boot?: EditorBootData) => {
    const template = await editorPage.text();
    if (template === undefined) return fail(reply, 503, 'The editor is not built; run npm run build');
    // With boot data the page holds a pitcher token: never stored by a cache.
    return reply.header('Cache-Control', boot ? 'no-store' : 'no-cache').type('text/html; charset=utf-8').send(renderEditorPage(template, boot));
  };

  /** The sandbox and a started workspace for the editor page, as the two API calls would answer them. */
  const bootData = async (request: FastifyRequest, id: string): Promise<EditorBootData | undefined> => {
    const record = await deps.sandboxes.get(id);
    const requester = record && guestRequester(request);
    if (!record || !requester) return undefined;
    const started = await deps.sandboxes.start(id, requester, pitcherBaseUrl(request));
    if (!started.ok) return undefined;
    const initialFile = deps.initialFile?.(id);
    return { sandbox: sandboxJson(record), vm: started.value, ...(initialFile === undefined ? {} : { initialFile }) };
  };

  app.get('/', async (_request, reply) => reply.redirect(`/sandbox/${deps.defaultSandboxId()}`));
  app.get<{ Params: { '*': string } }>('/sandbox/*', async (request, reply) => {
    const id = request.params['*'].split('/')[0];
    return sendIndex(reply, id ? await bootData(request, id) : undefined);
  });
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
