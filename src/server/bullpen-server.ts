import { FastifyInstance } from 'fastify';
import { Container } from 'inversify';
import { randomBytes } from 'node:crypto';
import { TokenService } from './application/ports/token-service.port';
import { SandboxService } from './application/sandbox/sandbox-service';
import { WorkspaceRegistry } from './application/workspace/workspace-registry';
import { buildHttpServer } from './adapters/http/http-server';
import { PitcherWebSocketServer } from './adapters/websocket/pitcher-websocket-server';
import { BullpenConfig } from './config';
import { NewId, createServerContainer } from './container';
import { DEFAULT_TEMPLATE } from './templates/default-template';

export interface RunningServer {
  url: string;
  port: number;
  defaultSandboxId: string;
  container: Container;
  close(): Promise<void>;
}

const log = (message: string, error?: unknown) => console.error(`[bullpen] ${message}`, error ?? '');

/** Builds and starts the whole server: default sandbox, HTTP API, editor assets, pitcher websocket. */
export async function startServer(config: BullpenConfig, container = createServerContainer(config)): Promise<RunningServer> {
  const sandboxes = container.get(SandboxService);
  const workspaces = container.get(WorkspaceRegistry);
  const defaultSandbox = await sandboxes.ensureDefault(DEFAULT_TEMPLATE);
  const pitcher = new PitcherWebSocketServer({ tokens: container.get(TokenService), workspaces, newId: container.get(NewId), log });
  const app: FastifyInstance = await buildHttpServer({
    clientDir: config.clientDir,
    sandboxes,
    pitcher,
    defaultSandboxId: () => defaultSandbox.id,
    anonymousAccess: config.anonymousAccess,
    newGuestSuffix: () => randomBytes(2).toString('hex'),
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    url: `http://localhost:${port}`,
    port,
    defaultSandboxId: defaultSandbox.id,
    container,
    close: async () => {
      pitcher.close();
      await workspaces.dispose();
      await app.close();
    },
  };
}
