import * as path from 'node:path';
import { ServerConfig } from './application/ports/server-config.port';
import { SignupPolicy } from './application/platform/auth/signup-policy';
import { isLoopbackHost } from './application/access/network-access';
import { AccessLevel } from './application/workspace/permissions';
import { PITCHER_TOKEN_TTL_SECONDS } from './application/workspace/pitcher-grant';
import { SearchEnginePreference } from './application/workspace/search/search-service';
import { SHELL_CAPS } from './application/workspace/shell/shell-caps';
import { UNWATCHED_SHELL_TTL_MS } from './application/workspace/shell/unwatched-shell-reaper';
import { WorkspaceShellLimits } from './application/workspace/workspace';
import { SANDBOX_MODES, SandboxMode } from './adapters/process/runtime-choice';
import { NETWORK_MODES, NetworkMode } from './adapters/process/network-choice';

export interface BullpenConfig extends ServerConfig {
  anonymousAccess: AccessLevel;
  /** Largest binary file the editor opens (BULLPEN_MAX_BINARY_BYTES, default 50 MB). */
  maxBinaryBytes: number;
  /** Set when BULLPEN_ACCESS_TOKEN (ADR 0007, superseded by accounts) was given: it now works as the bootstrap token. */
  legacyAccessToken: boolean;
  /** BULLPEN_PUBLIC_URL: the public origin behind a proxy (`https://ide.example.com`), no path. */
  publicUrl: string | undefined;
  /** How long a minted pitcher token opens a websocket (not an environment variable; tests shorten it). */
  pitcherTokenTtlSeconds: number;
  /** BULLPEN_SANDBOX: how workspace processes are confined (auto, bubblewrap or none; ADR 0010). */
  sandbox: SandboxMode;
  /** BULLPEN_SANDBOX_NETWORK: each workspace's own network (auto, isolated, offline or shared; ADR 0013). */
  sandboxNetwork: NetworkMode;
  /** BULLPEN_SANDBOX_PIDS: most processes one workspace runs at once (default 1024; 0 = no limit). */
  sandboxMaxProcesses: number;
  /** BULLPEN_SANDBOX_MEMORY_BYTES: most memory one workspace's processes use together (default 4 GiB; 0 = no limit). */
  sandboxMemoryBytes: number;
  /** BULLPEN_SEARCH_ENGINE (auto|ripgrep|node, default auto): which engine searches text (docs/protocol/search.md). */
  searchEngine: SearchEnginePreference;
  /** How many shells clients may run and when one nobody has open ends (not environment variables; tests lower them). */
  shellLimits: WorkspaceShellLimits;
  /** BULLPEN_TEMPLATE: a directory whose files the first sandbox starts with; undefined: the built-in template. */
  templateDir: string | undefined;
  /** DATABASE_URL: a PostgreSQL server for the platform data; undefined: PGlite in `<dataDir>/db` (ADR 0022). */
  databaseUrl: string | undefined;
  /** BULLPEN_SIGNUP: who may sign up (invite, open or closed; ADR 0023). */
  signup: SignupPolicy;
  /** BULLPEN_BOOTSTRAP_TOKEN: becomes the owner's API token (at least 16 characters). */
  bootstrapToken: string | undefined;
}

/**
 * PORT (default 3000), HOST (default 127.0.0.1), BULLPEN_DATA (default ./.bullpen), BULLPEN_ANONYMOUS_ACCESS
 * (write|read; write by default only on loopback), DATABASE_URL, BULLPEN_SIGNUP (invite|open|closed), BULLPEN_BOOTSTRAP_TOKEN, BULLPEN_SANDBOX (auto|bubblewrap|none), BULLPEN_SANDBOX_NETWORK (auto|isolated|offline|shared), BULLPEN_SANDBOX_PIDS, BULLPEN_SANDBOX_MEMORY_BYTES, BULLPEN_ACCESS_TOKEN (read as BULLPEN_BOOTSTRAP_TOKEN), BULLPEN_PUBLIC_URL, BULLPEN_MAX_BINARY_BYTES, BULLPEN_SEARCH_ENGINE (auto|ripgrep|node), BULLPEN_TEMPLATE (a directory).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): BullpenConfig {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST || '127.0.0.1';
  const publicUrl = env.BULLPEN_PUBLIC_URL ? publicOrigin(env.BULLPEN_PUBLIC_URL) : undefined;
  // Visitors may write by default only where nobody but this machine's user reaches Bullpen (ADR 0023).
  const loopbackOnly = isLoopbackHost(host) && publicUrl === undefined;
  const access = env.BULLPEN_ANONYMOUS_ACCESS || (loopbackOnly ? 'write' : 'read');
  if (access !== 'write' && access !== 'read') throw new Error(`BULLPEN_ANONYMOUS_ACCESS must be write or read, got ${access}`);
  const signup = env.BULLPEN_SIGNUP || 'invite';
  if (signup !== 'invite' && signup !== 'open' && signup !== 'closed') throw new Error(`BULLPEN_SIGNUP must be invite, open or closed, got ${signup}`);
  // BULLPEN_ACCESS_TOKEN, the access secret accounts replaced (ADR 0023), keeps scripts working as the owner's token.
  const legacyAccessToken = !env.BULLPEN_BOOTSTRAP_TOKEN && Boolean(env.BULLPEN_ACCESS_TOKEN);
  const bootstrapToken = env.BULLPEN_BOOTSTRAP_TOKEN || env.BULLPEN_ACCESS_TOKEN || undefined;
  if (bootstrapToken !== undefined && !/^[\x21-\x7e]{16,256}$/.test(bootstrapToken)) {
    throw new Error(`${legacyAccessToken ? 'BULLPEN_ACCESS_TOKEN' : 'BULLPEN_BOOTSTRAP_TOKEN'} must be 16 to 256 printable characters without spaces`);
  }
  const maxBinaryBytes = env.BULLPEN_MAX_BINARY_BYTES === undefined ? 50 * 1024 * 1024 : Number(env.BULLPEN_MAX_BINARY_BYTES);
  if (!Number.isSafeInteger(maxBinaryBytes) || maxBinaryBytes < 0) throw new Error(`BULLPEN_MAX_BINARY_BYTES must be a number of bytes, got ${env.BULLPEN_MAX_BINARY_BYTES}`);
  return {
    port,
    maxBinaryBytes,
    host,
    dataDir: path.resolve(cwd, env.BULLPEN_DATA ?? '.bullpen'),
    clientDir: path.resolve(__dirname, '..', '..', '..', 'client'),
    anonymousAccess: access,
    legacyAccessToken,
    publicUrl,
    pitcherTokenTtlSeconds: PITCHER_TOKEN_TTL_SECONDS,
    sandbox: sandboxModeOf(env.BULLPEN_SANDBOX),
    sandboxNetwork: networkModeOf(env.BULLPEN_SANDBOX_NETWORK),
    sandboxMaxProcesses: countSetting(env, 'BULLPEN_SANDBOX_PIDS', 1024, 'a number of processes'),
    sandboxMemoryBytes: countSetting(env, 'BULLPEN_SANDBOX_MEMORY_BYTES', 4 * 1024 * 1024 * 1024, 'a number of bytes'),
    searchEngine: searchEngineOf(env.BULLPEN_SEARCH_ENGINE),
    shellLimits: { ...SHELL_CAPS, unwatchedShellTtlMs: UNWATCHED_SHELL_TTL_MS },
    templateDir: env.BULLPEN_TEMPLATE ? path.resolve(cwd, env.BULLPEN_TEMPLATE) : undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    signup,
    bootstrapToken,
  };
}

function publicOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`BULLPEN_PUBLIC_URL must be a URL like https://ide.example.com, got ${value}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash || url.username) {
    throw new Error(`BULLPEN_PUBLIC_URL must be an http(s) origin without a path, like https://ide.example.com, got ${value}`);
  }
  return url.origin;
}

function searchEngineOf(value: string | undefined): SearchEnginePreference {
  if (value === undefined || value === '') return 'auto';
  if (value === 'auto' || value === 'ripgrep' || value === 'node') return value;
  throw new Error(`BULLPEN_SEARCH_ENGINE must be auto, ripgrep or node, got ${value}`);
}

function sandboxModeOf(value: string | undefined): SandboxMode {
  if (value === undefined || value === '') return 'auto';
  if ((SANDBOX_MODES as readonly string[]).includes(value)) return value as SandboxMode;
  throw new Error(`BULLPEN_SANDBOX must be auto, bubblewrap or none, got ${value}`);
}

function networkModeOf(value: string | undefined): NetworkMode {
  if (value === undefined || value === '') return 'auto';
  if ((NETWORK_MODES as readonly string[]).includes(value)) return value as NetworkMode;
  throw new Error(`BULLPEN_SANDBOX_NETWORK must be auto, isolated, offline or shared, got ${value}`);
}

/** A non-negative integer setting; 0 means no limit. */
function countSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, what: string): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be ${what} (0 = no limit), got ${raw}`);
  return value;
}
