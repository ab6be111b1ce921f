import fastifyStatic from '@fastify/static';
import Fastify, { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { STATUS_CODES, createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { Duplex } from 'node:stream';
import { AccessPolicy } from '../../application/access/access-policy';
import { AllowedOrigins, allowedOrigins, isAllowedHost, isAllowedOrigin } from '../../application/access/network-access';
import { Authenticator } from '../../application/platform/auth/authenticator';
import { TokenService } from '../../application/ports/token-service.port';
import { UserRepository } from '../../application/ports/user-repository.port';
import { BranchRecords } from '../../application/sandbox/branch-records';
import { SandboxService } from '../../application/sandbox/sandbox-service';
import { authCookieNames, readCookie } from './auth-cookies';
import { registerAuthentication } from './authentication';
import { machineNames } from './allowed-origins';
import { registerBranchRoutes } from './branch-routes';
import { DownloadSource, registerDownloadRoute } from './download-route';
import { fail } from './http-context';
import { registerJsonBodyParser } from './json-body-parser';
import { PreviewAccess } from './preview-access';
import { PreviewProxy, PreviewProxyDeps } from './preview-proxy';
import { registerAuthRoutes } from './routes/auth-routes';
import { registerMetaRoutes } from './routes/meta-routes';
import { registerPageRoutes } from './routes/page-routes';
import { PlatformRouteDeps } from './routes/platform-route-deps';
import { registerSandboxRoutes } from './routes/sandbox-routes';
import { registerUserRoutes } from './routes/user-routes';

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
  policy: AccessPolicy;
  pitcher: UpgradeHandler;
  defaultSandboxId: () => string;
  newGuestSuffix: () => string;
  /** The bound address (HOST) and BULLPEN_PUBLIC_URL: they decide the allowed Host and Origin values. */
  bindHost: string;
  publicUrl: string | undefined;
  tokens: TokenService;
  authenticator: Authenticator;
  users: UserRepository;
  /** The account routes' use cases; the cookie and landing settings are the HTTP server's own. */
  platform: Omit<PlatformRouteDeps, 'cookieNames' | 'secure' | 'landing'>;
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

const HOST_REFUSED = 'This server does not answer to that host name: open Bullpen at the address it printed, or set BULLPEN_PUBLIC_URL';
const ORIGIN_REFUSED = 'Requests from other sites are not allowed';

/**
 * The platform HTTP API (one plugin per resource under routes/), the client's pages and assets, the preview proxy and
 * the pitcher websocket upgrade. Every request is checked for its Host and Origin, then authenticated (ADR 0023).
 */
export async function buildHttpServer(deps: HttpServerDeps): Promise<FastifyInstance> {
  let previews: PreviewProxy | undefined;
  // Preview hosts (`<sandboxId>-<port>.<host>`) go to the preview proxy before Fastify sees them: bodies stream as they are.
  const serverFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
    createServer((req, res) => {
      const target = previews?.match(req);
      if (target) void previews!.handleRequest(req, res, target);
      else handler(req, res);
    });
  // Behind BULLPEN_PUBLIC_URL a reverse proxy on this machine forwards requests: the client's address is its X-Forwarded-For.
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 256 }, serverFactory, trustProxy: deps.publicUrl !== undefined ? 'loopback' : false });
  const port = () => (app.server.address() as AddressInfo | null)?.port ?? 0;
  let rules: AllowedOrigins | undefined;
  const origins = () => (rules ??= allowedOrigins({ host: deps.bindHost, port: port() }, deps.publicUrl, machineNames()));
  const publicUrl = deps.publicUrl === undefined ? undefined : new URL(deps.publicUrl);
  const viaPublicUrl = (headers: IncomingHttpHeaders) =>
    publicUrl !== undefined && (headers.host?.toLowerCase() === publicUrl.host || headers.origin?.toLowerCase() === publicUrl.origin);
  const secure = (request: FastifyRequest) => (viaPublicUrl(request.headers) && publicUrl?.protocol === 'https:') || request.protocol === 'https';
  const cookieNames = () => authCookieNames(port());

  /** Host on every request (DNS rebinding); Origin whenever a browser sends one (cross-site requests, websocket hijacking). */
  const refusal = (headers: IncomingHttpHeaders): string | undefined => {
    if (!isAllowedHost(origins(), headers.host)) return HOST_REFUSED;
    if (!isAllowedOrigin(origins(), headers.origin)) return ORIGIN_REFUSED;
    return undefined;
  };

  registerJsonBodyParser(app);
  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status === 500) console.error('[bullpen] request failed:', error);
    void fail(reply, status, status === 500 ? 'Internal server error' : error.message);
  });
  app.addHook('onRequest', async (request, reply) => {
    const refused = refusal(request.headers);
    if (refused) return fail(reply, 403, refused);
    return undefined;
  });
  registerAuthentication(app, { authenticator: deps.authenticator, cookieNames, secure });

  /** The websocket origin the caller reached us by: the public URL behind a proxy, else the Host it used. */
  const pitcherBaseUrl = (request: FastifyRequest): string => {
    if (publicUrl && viaPublicUrl(request.headers)) return `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}/pitcher`;
    return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.headers.host}/pitcher`;
  };

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const preview = previews?.match(request);
    if (preview) return void previews!.handleUpgrade(request, socket, head, preview);
    const pathname = new URL(request.url ?? '/', 'http://bullpen.invalid').pathname;
    if (!deps.pitcher.handlesPath(pathname)) return refuseUpgrade(socket, { status: 404, message: 'Not found' });
    const refused = refusal(request.headers);
    if (refused) return refuseUpgrade(socket, { status: 403, message: refused });
    void upgradeCaller(request).then(
      (caller) => deps.pitcher.handleUpgrade(request, socket, head, caller),
    ).then(
      (refusedUpgrade) => refusedUpgrade && refuseUpgrade(socket, refusedUpgrade),
      () => refuseUpgrade(socket, { status: 500, message: 'Internal server error' }),
    );
  });

  /** The browser session of an upgrade (its pitcher token may be bound to it). */
  const upgradeCaller = async (request: IncomingMessage): Promise<UpgradeCaller> => {
    const cookie = readCookie(request.headers.cookie, cookieNames().session);
    const authentication = cookie === undefined ? undefined : await deps.authenticator.authenticate({ sessionCookie: cookie });
    const principal = authentication?.kind === 'authenticated' ? authentication.principal : undefined;
    return { sessionId: principal?.kind === 'user' && principal.credential.kind === 'session' ? principal.credential.sessionId : undefined };
  };

  const previewAccess = new PreviewAccess(deps.policy, deps.users, deps.tokens);
  if (deps.preview) previews = new PreviewProxy({ ...deps.preview, access: previewAccess });
  const landing = () => `/sandbox/${deps.defaultSandboxId()}`;

  registerMetaRoutes(app, deps.platform.features);
  registerAuthRoutes(app, { ...deps.platform, cookieNames, secure, landing });
  registerUserRoutes(app, { ...deps.platform, cookieNames, secure, landing });
  registerSandboxRoutes(app, {
    sandboxes: deps.sandboxes,
    policy: deps.policy,
    previews: previewAccess,
    newGuestSuffix: deps.newGuestSuffix,
    pitcherBaseUrl,
    accessChanged: deps.accessChanged,
    openPreviewSockets: (sandboxId, port) => previews?.sockets.count({ sandboxId, port }) ?? 0,
  });
  if (deps.download) registerDownloadRoute(app, deps.download);
  if (deps.branches) registerBranchRoutes(app, deps.branches, deps.policy);
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({ method, url: '/api/*', config: { access: { kind: 'public' } }, handler: async (_request, reply) => fail(reply, 404, 'Not found') });
  }

  if (existsSync(deps.clientDir)) {
    const assetsDir = path.join(deps.clientDir, 'assets') + path.sep;
    // Hashed assets never change: cached for a year; they are sent pre-compressed (.br/.gz built once, issue 7).
    await app.register(fastifyStatic, {
      root: deps.clientDir,
      prefix: '/',
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('Cache-Control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }
  registerPageRoutes(app, {
    indexHtml: path.join(deps.clientDir, 'index.html'),
    sandboxes: deps.sandboxes,
    policy: deps.policy,
    defaultSandboxId: deps.defaultSandboxId,
    newGuestSuffix: deps.newGuestSuffix,
    pitcherBaseUrl,
    initialFile: deps.initialFile,
  });
  return app;
}

/** Answers a websocket upgrade with a plain HTTP error response in the API error shape, then closes. */
function refuseUpgrade(socket: Duplex, refusal: UpgradeRefusal): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ errors: [refusal.message] });
  socket.end(
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
