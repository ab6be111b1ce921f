import { STATUS_CODES, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex as DuplexStream } from 'node:stream';
import type { Duplex } from 'node:stream';
import { PreviewTarget } from '../../../domain/port/preview-host';
import { PreviewHosts } from '../../application/access/preview-hosts';
import { PreviewAccess } from './preview-access';
import { PreviewSockets } from './preview-sockets';

export interface PreviewProxyDeps {
  hosts: PreviewHosts;
  /** Where to connect for a sandbox port its workspace listens on now; undefined for any other. */
  target(sandboxId: string, port: number): Promise<string | undefined>;
  access: PreviewAccess;
  /**
   * The connection to `host:port` when the workspace has a network of its own (ADR 0013); undefined when it has none
   * up (nothing of it listens). Absent: the workspace shares this machine's network and the proxy connects itself.
   */
  connect?(sandboxId: string, host: string, port: number): DuplexStream | undefined;
}

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus the ones the proxy sets itself. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'host'];

const notListening = (t: PreviewTarget) =>
  `No server is listening on port ${t.port} of sandbox ${t.sandboxId}. Start it in a terminal or a task of that sandbox, then reload.`;
const unreachable = (t: PreviewTarget, reason: string) => `Port ${t.port} of sandbox ${t.sandboxId} did not answer (${reason}).`;

/**
 * The preview proxy (docs/protocol/port.md): a request to `<sandboxId>-<port>.<base host>` goes to the port on this
 * machine, if and only if that sandbox's workspace listens on it now. Bodies stream both ways; websocket upgrades
 * (dev-server hot reload) are piped through. The upstream sees Host `localhost:<port>` (what dev servers allow), an
 * Origin of the preview host itself as `http://localhost:<port>` (same-origin to it), and X-Forwarded-Host/Proto/For;
 * redirects to localhost:<port> come back as the preview URL.
 */
export class PreviewProxy {
  /** The websockets open through the proxy now (GET /api/v1/sandboxes/:id/previews/:port). */
  readonly sockets = new PreviewSockets();

  constructor(private readonly deps: PreviewProxyDeps) {}

  /** The sandbox port a request is for; undefined when its Host is not a preview host. */
  match(request: IncomingMessage): PreviewTarget | undefined {
    return this.deps.hosts.parse(request.headers.host);
  }

  /** Serves one request; never rejects (a request it cannot read gets 400). */
  handleRequest(request: IncomingMessage, response: ServerResponse, target: PreviewTarget): Promise<void> {
    response.on('error', () => undefined);
    return this.proxyRequest(request, response, target).catch(() => {
      if (!response.headersSent) this.refuse(request, response, 400, 'Bad request');
      else response.destroy();
    });
  }

  /** Takes over one websocket upgrade; never rejects. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, target: PreviewTarget): Promise<void> {
    socket.on('error', () => socket.destroy());
    return this.proxyUpgrade(request, socket, head, target).catch(() => refuseSocket(socket, 400, 'Bad request'));
  }

  private async proxyRequest(request: IncomingMessage, response: ServerResponse, target: PreviewTarget): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://preview.invalid');
    const secure = this.deps.hosts.protocolOf(request.headers.host) === 'https:';
    const canRedirect = request.method === 'GET' || request.method === 'HEAD';
    const credential = await this.deps.access.check(request.headers, url, target.sandboxId, { canRedirect, secure });
    if (credential.kind === 'denied') return this.refuse(request, response, 401, credential.reason);
    if (credential.kind === 'exchange') {
      response.writeHead(302, { location: credential.location, 'set-cookie': credential.cookie, 'cache-control': 'no-store', 'content-length': '0' });
      response.end();
      return;
    }
    const host = await this.deps.target(target.sandboxId, target.port).catch(() => undefined);
    const connection = host === undefined ? undefined : this.connection(target, host);
    if (host === undefined || connection === undefined) return this.refuse(request, response, 502, notListening(target));
    const upstream = httpRequest({
      host,
      port: target.port,
      ...connection,
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: this.forwardHeaders(request, target, secure),
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, this.backHeaders(answer.headers, request, target, secure));
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (!response.headersSent) this.refuse(request, response, 502, unreachable(target, error.code ?? error.message));
      else response.destroy();
    });
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  }

  private async proxyUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, target: PreviewTarget): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://preview.invalid');
    const secure = this.deps.hosts.protocolOf(request.headers.host) === 'https:';
    const credential = await this.deps.access.check(request.headers, url, target.sandboxId, { canRedirect: false, secure });
    if (credential.kind === 'denied') return refuseSocket(socket, 401, credential.reason);
    const host = await this.deps.target(target.sandboxId, target.port).catch(() => undefined);
    const connection = host === undefined ? undefined : this.connection(target, host);
    if (host === undefined || connection === undefined) return refuseSocket(socket, 502, notListening(target));
    const headers = this.forwardHeaders(request, target, secure);
    headers.connection = 'Upgrade';
    if (request.headers.upgrade) headers.upgrade = request.headers.upgrade;
    const upstream = httpRequest({ host, port: target.port, ...connection, method: request.method, path: `${url.pathname}${url.search}`, headers });
    upstream.on('upgrade', (answer, upSocket: Socket, upHead: Buffer) => {
      upSocket.on('error', () => socket.destroy());
      socket.on('error', () => upSocket.destroy());
      socket.on('close', () => upSocket.destroy());
      upSocket.on('close', () => socket.destroy());
      if (socket.destroyed) return upSocket.destroy();
      // A websocket is over once either side ends (a browser does not half-close one) or closes.
      const closed = this.sockets.opened(target);
      for (const side of [socket, upSocket]) for (const event of ['end', 'close']) side.once(event, closed);
      (socket as Socket).setNoDelay?.(true);
      upSocket.setNoDelay(true);
      socket.write(`HTTP/1.1 101 Switching Protocols\r\n${headerLines(answer.rawHeaders)}\r\n`);
      if (upHead.length > 0) socket.write(upHead);
      if (head.length > 0) upSocket.write(head);
      upSocket.pipe(socket);
      socket.pipe(upSocket);
    });
    upstream.on('response', (answer) => {
      // The server declined the upgrade: its answer goes back as it is.
      socket.write(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage ?? ''}\r\n${headerLines(answer.rawHeaders)}\r\n`);
      answer.pipe(socket);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => refuseSocket(socket, 502, unreachable(target, error.code ?? error.message)));
    upstream.end();
  }

  /**
   * How the upstream request connects: through the workspace's network when it has one (a socket per request, no
   * agent), else over this machine's network with the default agent. Undefined: the workspace's network is down.
   */
  private connection(target: PreviewTarget, host: string): { createConnection: () => Socket } | {} | undefined {
    if (!this.deps.connect) return {};
    const socket = this.deps.connect(target.sandboxId, host, target.port);
    if (socket === undefined) return undefined;
    // With createConnection and no `agent` option, node uses no agent (`agent: false` would make a new one and
    // connect by itself).
    return { createConnection: () => socket as Socket };
  }

  private forwardHeaders(request: IncomingMessage, target: PreviewTarget, secure: boolean): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(this.deps.access.stripCredentials(request.headers))) {
      if (value !== undefined && !HOP_BY_HOP.includes(name)) headers[name] = value;
    }
    headers.host = `localhost:${target.port}`;
    // The upstream sees itself served at localhost:<port>: a request from the preview's own origin (the page, its
    // hot-reload socket) must look same-origin to it (webpack-dev-server refuses its socket otherwise: 'Invalid
    // Host/Origin header'); any other origin passes as it is, so the dev server's own cross-origin checks still hold.
    if (isOwnOrigin(request.headers.origin, request.headers.host, secure)) headers.origin = `http://localhost:${target.port}`;
    const forwardedFor = request.headers['x-forwarded-for'];
    const remote = request.socket.remoteAddress ?? '';
    headers['x-forwarded-for'] = forwardedFor ? `${forwardedFor}, ${remote}` : remote;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    headers['x-forwarded-proto'] = secure ? 'https' : 'http';
    return headers;
  }

  /** The upstream's headers for the browser: hop-by-hop ones dropped, redirects to localhost:<port> made preview URLs. */
  private backHeaders(headers: IncomingHttpHeaders, request: IncomingMessage, target: PreviewTarget, secure: boolean): IncomingHttpHeaders {
    const out: IncomingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !['connection', 'keep-alive', 'proxy-connection'].includes(name)) out[name] = value;
    }
    const location = headers.location;
    if (typeof location === 'string') {
      const local = new RegExp(`^https?://(localhost|127\\.0\\.0\\.1|\\[::1\\]|0\\.0\\.0\\.0):${target.port}(?=/|$|\\?|#)`, 'i');
      out.location = location.replace(local, `${secure ? 'https' : 'http'}://${request.headers.host}`);
    }
    return out;
  }

  private refuse(request: IncomingMessage, response: ServerResponse, status: number, message: string): void {
    if (response.headersSent) return void response.destroy();
    const html = request.headers.accept?.includes('text/html');
    const body = html ? page(status, message) : `${message}\n`;
    response.writeHead(status, {
      'content-type': html ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** Whether an Origin header names the preview host the request came to (`http(s)://<Host>`, default ports aside). */
function isOwnOrigin(origin: string | undefined, host: string | undefined, secure: boolean): boolean {
  if (origin === undefined || host === undefined) return false;
  try {
    return new URL(origin).origin === new URL(`${secure ? 'https' : 'http'}://${host}`).origin;
  } catch {
    return false;
  }
}

function headerLines(raw: string[]): string {
  let out = '';
  for (let i = 0; i + 1 < raw.length; i += 2) out += `${raw[i]}: ${raw[i + 1]}\r\n`;
  return out;
}

function refuseSocket(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = `${message}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, message: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${status} ${escapeHtml(STATUS_CODES[status] ?? '')}</title>
<style>body{font-family:system-ui,sans-serif;margin:3rem auto;max-width:40rem;color:#333}</style></head>
<body><h1>Preview unavailable</h1><p>${escapeHtml(message)}</p></body></html>
`;
}
