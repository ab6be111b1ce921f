import * as path from 'node:path';
import { ServerConfig } from './application/ports/server-config.port';
import { AccessLevel } from './application/workspace/permissions';

export interface BullpenConfig extends ServerConfig {
  anonymousAccess: AccessLevel;
  /** Largest binary file the editor opens (BULLPEN_MAX_BINARY_BYTES, default 50 MB). */
  maxBinaryBytes: number;
}

/** PORT (default 3000), HOST, BULLPEN_DATA (default ./.bullpen), BULLPEN_ANONYMOUS_ACCESS (write|read). */
export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): BullpenConfig {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const access = env.BULLPEN_ANONYMOUS_ACCESS ?? 'write';
  if (access !== 'write' && access !== 'read') throw new Error(`BULLPEN_ANONYMOUS_ACCESS must be write or read, got ${access}`);
  const maxBinaryBytes = env.BULLPEN_MAX_BINARY_BYTES === undefined ? 50 * 1024 * 1024 : Number(env.BULLPEN_MAX_BINARY_BYTES);
  if (!Number.isSafeInteger(maxBinaryBytes) || maxBinaryBytes < 0) throw new Error(`BULLPEN_MAX_BINARY_BYTES must be a number of bytes, got ${env.BULLPEN_MAX_BINARY_BYTES}`);
  return {
    port,
    maxBinaryBytes,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.BULLPEN_DATA ?? '.bullpen'),
    clientDir: path.resolve(__dirname, '..', '..', '..', 'client'),
    anonymousAccess: access,
  };
}
