import fastifyStatic from '@fastify/static';
import Fastify, { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Requester, SandboxService } from '../../application/sandbox/sandbox-service';
import { AccessLevel } from '../../application/workspace/permissions';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/** Takes over websocket upgrades for some paths (the pitcher endpoint); adapter families stay independent. */
export interface UpgradeHandler {
  handlesPath(pathname: string): boolean;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

export interface HttpServerDeps {
  clientDir: string;
  sandboxes: SandboxService;
  pitcher: UpgradeHandler;
  defaultSandboxId: () => string;
  anonymousAccess: AccessLevel;
  newGuestSuffix: () => string;
}

/** Error bodies follow spec 000 §8 and protocol.md §7.1: `{ errors: [message] }`. */
const fail = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ errors: [message] });

/** The platform HTTP API, the editor page and its assets, and the pitcher websocket upgrade. */
export async function buildHttpServer(deps: HttpServerDeps): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, routerOptions: { maxParamLength: 256 } });

  app.setErrorHandler((error: { statusCode?: number; message: string }, _request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    void fail(reply, status, status === 500 ? 'Internal server error' : error.message);
  });

  app.server.on('upgrade', (request, socket, head) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (deps.pitcher.handlesPath(pathname)) deps.pitcher.handleUpgrade(request, socket, head);
    else socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  });

  app.get<{ Params: { id: string } }>('/api/v1/sandboxes/:id', async (request, reply) => {
    const record = await deps.sandboxes.get(request.params.id);
    if (!record) return fail(reply, 404, 'Sandbox not found');
    return { data: { id: record.id, title: record.title, template: record.template, insertedAt: record.createdAt, isCloud: true } };
  });

  app.post<{ Params: { id: string } }>('/api/v1/vm/:id/start', async (request, reply) => {
    const suffix = deps.newGuestSuffix();
    const requester: Requester = { username: `guest-${suffix}`, name: `Guest ${suffix.toUpperCase()}`, access: deps.anonymousAccess };
    const protocol = request.protocol === 'https' ? 'wss' : 'ws';
    const started = await deps.sandboxes.start(request.params.id, requester, `${protocol}://${request.host}/pitcher`);
    if (!started.ok) return fail(reply, 404, 'Sandbox not found');
    return { data: started.value };
  });

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
