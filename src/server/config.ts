import * as path from 'node:path';
import { ServerConfig } from './application/ports/server-config.port';
import { AccessLevel } from './application/workspace/permissions';
import { PITCHER_TOKEN_TTL_SECONDS } from './application/workspace/pitcher-grant';
import { ACCESS_SECRET_PATTERN } from './adapters/crypto/access-secret';

export interface BullpenConfig extends ServerConfig {
  anonymousAccess: AccessLevel;
  /** Largest binary file the editor opens (BULLPEN_MAX_BINARY_BYTES, default 50 MB). */
  maxBinaryBytes: number;
  /** BULLPEN_ACCESS_TOKEN: the access secret; required on every address when set (ADR 0007). */
  accessToken: string | undefined;
  /** BULLPEN_PUBLIC_URL: the public origin behind a proxy (`https://ide.example.com`), no path. */
  publicUrl: string | undefined;
  /** How long a minted pitcher token opens a websocket (not an environment variable; tests shorten it). */
  pitcherTokenTtlSeconds: number;
}

/**
 * PORT (default 3000), HOST (default 127.0.0.1), BULLPEN_DATA (default ./.bullpen), BULLPEN_ANONYMOUS_ACCESS
 * (write|read), BULLPEN_ACCESS_TOKEN, BULLPEN_PUBLIC_URL, BULLPEN_MAX_BINARY_BYTES.
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): BullpenConfig {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const access = env.BULLPEN_ANONYMOUS_ACCESS ?? 'write';
  if (access !== 'write' && access !== 'read') throw new Error(`BULLPEN_ANONYMOUS_ACCESS must be write or read, got ${access}`);
  const maxBinaryBytes = env.BULLPEN_MAX_BINARY_BYTES === undefined ? 50 * 1024 * 1024 : Number(env.BULLPEN_MAX_BINARY_BYTES);
  if (!Number.isSafeInteger(maxBinaryBytes) || maxBinaryBytes < 0) throw new Error(`BULLPEN_MAX_BINARY_BYTES must be a number of bytes, got ${env.BULLPEN_MAX_BINARY_BYTES}`);
  const accessToken = env.BULLPEN_ACCESS_TOKEN || undefined;
  if (accessToken !== undefined && !ACCESS_SECRET_PATTERN.test(accessToken)) {
    throw new Error('BULLPEN_ACCESS_TOKEN must be at least 16 printable characters without spaces');
  }
  return {
    port,
    maxBinaryBytes,
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(cwd, env.BULLPEN_DATA ?? '.bullpen'),
    clientDir: path.resolve(__dirname, '..', '..', '..', 'client'),
    anonymousAccess: access,
    accessToken,
    publicUrl: env.BULLPEN_PUBLIC_URL ? publicOrigin(env.BULLPEN_PUBLIC_URL) : undefined,
    pitcherTokenTtlSeconds: PITCHER_TOKEN_TTL_SECONDS,
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
