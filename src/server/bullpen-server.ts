import { FastifyInstance } from 'fastify';
import { Container } from 'inversify';
import { randomBytes } from 'node:crypto';
import { AccessPolicy } from './application/access/access-policy';
import { displayHost, hostHeaderValue, isWildcardHost } from './application/access/network-access';
import { TokenService } from './application/ports/token-service.port';
import { SandboxService } from './application/sandbox/sandbox-service';
import { BranchRecords } from './application/sandbox/branch-records';
import { WorkspaceRegistry } from './application/workspace/workspace-registry';
import { DownloadLinks } from './application/workspace/fs/download-links';
import { buildHttpServer } from './adapters/http/http-server';
import { PreviewHosts } from './application/access/preview-hosts';
import { PitcherWebSocketServer } from './adapters/websocket/pitcher-websocket-server';
import { BullpenConfig } from './config';
import { NewId, ProcessRuntimeSelection, createServerContainer } from './container';
import { openDatabase, migrateToLatest, OpenedDatabase } from './adapters/db/open-database';
import { readLegacySandboxRecords } from './adapters/node-fs/legacy-sandbox-records';
import { OwnerBootstrap } from './application/platform/accounts/owner-bootstrap';
import { ApiTokenService } from './application/platform/auth/api-token-service';
import { isLoopbackHost } from './application/access/network-access';
import { TOKEN_SCOPES } from '../protocol/api/auth';
import * as path from 'node:path';
import { AccountService } from './application/platform/accounts/account-service';
import { Authenticator } from './application/platform/auth/authenticator';
import { CliLogin } from './application/platform/auth/cli-login';
import { PasswordSignIn } from './application/platform/auth/password-sign-in';
import { SessionService } from './application/platform/auth/session-service';
import { AuditLog } from './application/ports/audit-log.port';
import { TeamRepository } from './application/ports/team-repository.port';
import { UploadStore } from './application/ports/upload-store.port';
import { UserRepository } from './application/ports/user-repository.port';
import { RuntimeSelection } from './adapters/process/runtime-selection';
import { DEFAULT_TEMPLATE } from './templates/default-template';
import { readTemplateDirectory } from './adapters/node-fs/template-directory';

export interface RunningServer {
  /** Where this machine reaches the server directly (`http://localhost:<port>` on loopback and all interfaces). */
  url: string;
  port: number;
  /** The address it listens on (HOST, default 127.0.0.1). */
  address: string;
  defaultSandboxId: string;
  /** The default sandbox's editor URL for people: BULLPEN_PUBLIC_URL's origin if set. */
  editorUrl: string;
  /** Bound to all interfaces: other machines reach it by this machine's address. */
  listensOnAllInterfaces: boolean;
  /** A one-time link that signs the owner in and opens the default sandbox (valid 24 hours). */
  ownerSignInUrl: string;
  /** Which database holds the platform data, and the migrations this start applied. */
  database: { engine: OpenedDatabase['engine']; migrated: string[]; importedSandboxes: string[] };
  container: Container;
  close(): Promise<void>;
}

const log = (message: string, error?: unknown) => console.error(`[bullpen] ${message}`, error ?? '');
const warn = (message: string) => console.warn(`[bullpen] ${message}`);

/** Opens the platform database of the config (ADR 0022) and brings it to the latest schema. */
export async function openPlatformDatabase(config: BullpenConfig): Promise<{ database: OpenedDatabase; migrated: string[] }> {
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  try {
    return { database, migrated: await migrateToLatest(database.db) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Builds and starts the whole server: database, owner, default sandbox, HTTP API, editor assets, pitcher websocket. */
export async function startServer(config: BullpenConfig): Promise<RunningServer> {
  const { database, migrated } = await openPlatformDatabase(config);
  const container = createServerContainer(config, database);
  const sandboxes = container.get(SandboxService);
  const workspaces = container.get(WorkspaceRegistry);
  const tokens = container.get<TokenService>(TokenService);
  // The first start makes the owner and the default team workspace (ADR 0023); the sandboxes are theirs.
  const bootstrap = container.get(OwnerBootstrap);
  const owner = await bootstrap.ensureOwner();
  if (config.bootstrapToken !== undefined) await container.get(ApiTokenService).ensureBootstrap(owner.user, config.bootstrapToken, TOKEN_SCOPES);
  // On an install only this machine reaches, the owner's sandboxes are public (the printed URL works for them at
  // once); beyond it, private until they share them.
  const placement = { teamId: owner.defaultTeamId, authorId: owner.user.id, privacy: isLoopbackHost(config.host) && config.publicUrl === undefined ? (0 as const) : (2 as const) };
  const importedSandboxes = await sandboxes.importLegacy(await readLegacySandboxRecords(path.join(config.dataDir, 'sandboxes'), (message) => log(message)), placement);
  const template = config.templateDir;
  const defaultSandbox = await sandboxes.ensureDefault({ ...placement, loadTemplate: async () => (template === undefined ? DEFAULT_TEMPLATE : readTemplateDirectory(template)) });
  const signInToken = await bootstrap.signInLinkToken(owner.user);
  // Workspaces with a network of their own (ADR 0013) are reached through it; the others on this machine's.
  const networks = container.get<RuntimeSelection>(ProcessRuntimeSelection).networks;
  const pitcher = new PitcherWebSocketServer({ tokens, workspaces, policy: container.get(AccessPolicy), newId: container.get(NewId), log, warn });
  const app: FastifyInstance = await buildHttpServer({
    clientDir: config.clientDir,
    sandboxes,
    pitcher,
    policy: container.get(AccessPolicy),
    defaultSandboxId: () => defaultSandbox.id,
    newGuestSuffix: () => randomBytes(2).toString('hex'),
    bindHost: config.host,
    publicUrl: config.publicUrl,
    tokens,
    authenticator: container.get(Authenticator),
    users: container.get<UserRepository>(UserRepository),
    platform: {
      sessions: container.get(SessionService),
      tokens: container.get(ApiTokenService),
      accounts: container.get(AccountService),
      passwordSignIn: container.get(PasswordSignIn),
      cliLogin: container.get(CliLogin),
      owner: bootstrap,
      users: container.get<UserRepository>(UserRepository),
      teams: container.get<TeamRepository>(TeamRepository),
      audit: container.get<AuditLog>(AuditLog),
      signedTokens: tokens,
      uploads: container.get<UploadStore>(UploadStore),
      features: () => ({ loginWithGithub: false, loginWithGoogle: false, loginWithApple: false, loginWithWorkos: false, loginWithPassword: true, signup: config.signup }),
    },
    branches: container.get(BranchRecords),
    download: { links: container.get(DownloadLinks), files: async (sandboxId) => (await workspaces.get(sandboxId)).files },
    preview: {
      hosts: container.get(PreviewHosts),
      target: (sandboxId, port) => workspaces.previewTarget(sandboxId, port),
      connect: networks && ((sandboxId, host, port) => networks.connect(sandboxId, host, port)),
    },
    accessChanged: (sandboxId) => workspaces.reviewAccess(sandboxId),
    initialFile: (sandboxId) => workspaces.initialFile(sandboxId),
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  container.get(PreviewHosts).listening(port);
  const boundAddress = typeof address === 'object' && address ? address.address : config.host;
  const url = `http://${hostHeaderValue(displayHost(config.host), port)}`;
  const editorPath = `/sandbox/${defaultSandbox.id}`;
  return {
    url,
    port,
    address: boundAddress,
    defaultSandboxId: defaultSandbox.id,
    editorUrl: `${config.publicUrl ?? url}${editorPath}`,
    listensOnAllInterfaces: isWildcardHost(config.host),
    ownerSignInUrl: `${config.publicUrl ?? url}/signin/link/${encodeURIComponent(signInToken)}`,
    database: { engine: database.engine, migrated, importedSandboxes },
    container,
    close: async () => {
      pitcher.close();
      await workspaces.dispose();
      networks?.dispose();
      await app.close();
      await database.close();
    },
  };
}
