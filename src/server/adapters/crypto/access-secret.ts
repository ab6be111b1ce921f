import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

/** The generated access secret's file in the data directory (mode 0600). */
export const ACCESS_SECRET_FILE = 'access-token';

/** Printable ASCII without spaces, at least 16 characters: safe in a header, a URL (encoded) and a shell. */
export const ACCESS_SECRET_PATTERN = /^[\x21-\x7e]{16,512}$/;

export interface AccessSecret {
  /** undefined: no secret is required (loopback without BULLPEN_ACCESS_TOKEN). */
  value: string | undefined;
  /** Where it came from, for the start-up message. */
  source: 'none' | 'environment' | 'data-directory';
}

/**
 * The access secret (ADR 0007): BULLPEN_ACCESS_TOKEN when given; otherwise, when one is required, the one stored in
 * the data directory, generated on first need and kept across restarts.
 */
export function loadAccessSecret(dataDir: string, configured: string | undefined, required: boolean): AccessSecret {
  if (configured !== undefined) return { value: configured, source: 'environment' };
  if (!required) return { value: undefined, source: 'none' };
  const file = path.join(dataDir, ACCESS_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (ACCESS_SECRET_PATTERN.test(stored)) {
      chmodSync(file, 0o600);
      return { value: stored, source: 'data-directory' };
    }
  } catch {
    /* generated below */
  }
  const value = randomBytes(24).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${value}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { value, source: 'data-directory' };
}
