import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { TokenService } from '../../application/ports/token-service.port';

/** The signing secret's file in the data directory (created on first start, mode 0600). */
export const SIGNING_SECRET_FILE = 'secret.key';

const MAX_TOKEN_LENGTH = 4096;
/** `<body>.<mac>`: unpadded base64url, the MAC an HMAC-SHA256 (32 bytes: 43 characters). */
const TOKEN_SHAPE = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

/**
 * Stateless signed tokens: base64url(JSON payload) + '.' + HMAC-SHA256. The signing key is derived from the
 * signing secret in the data directory, so tokens stay valid across restarts (a reconnecting client keeps its
 * reconnect token); deleting secret.key invalidates every one.
 * A token is valid strictly before its expiry second.
 */
export class HmacTokenService implements TokenService {
  constructor(
    private readonly key: Buffer,
    private readonly now: () => number = Date.now,
  ) {}

  static fromDataDir(dataDir: string, now?: () => number): HmacTokenService {
    return new HmacTokenService(deriveSigningKey(readOrCreateSigningSecret(dataDir)), now);
  }

  sign<T extends object>(purpose: string, payload: T, ttlSeconds: number): string {
    const body = Buffer.from(JSON.stringify({ p: purpose, e: Math.floor(this.now() / 1000) + ttlSeconds, d: payload })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /**
   * The payload of a token this service signed for `purpose` that has not expired; undefined for anything else. Parsed
   * strictly: exactly `<body>.<mac>`, both unpadded base64url, the MAC of SHA-256's length; nothing before, between or
   * after (a valid token with `.extra` appended is not a token).
   */
  verify<T extends object>(purpose: string, token: string): T | undefined {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = TOKEN_SHAPE.exec(token);
    if (!parts) return undefined;
    const [, body, mac] = parts;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p?: unknown; e?: unknown; d?: unknown };
      if (parsed.p !== purpose || typeof parsed.e !== 'number' || !(this.now() / 1000 < parsed.e)) return undefined;
      return typeof parsed.d === 'object' && parsed.d !== null ? (parsed.d as T) : undefined;
    } catch {
      return undefined;
    }
  }

  issueJwt(subject: string, claims: Record<string, unknown>, ttlSeconds: number): string {
    const now = Math.floor(this.now() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: subject, iat: now, exp: now + ttlSeconds, iss: 'bullpen' })).toString('base64url');
    return `${header}.${payload}.${this.jwtMac(`${header}.${payload}`)}`;
  }

  verifyJwt(token: string): (Record<string, unknown> & { sub: string }) | undefined {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!parts) return undefined;
    const expected = Buffer.from(this.jwtMac(`${parts[1]}.${parts[2]}`));
    const given = Buffer.from(parts[3]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const header = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as { alg?: unknown };
      const claims = JSON.parse(Buffer.from(parts[2], 'base64url').toString('utf8')) as Record<string, unknown>;
      if (header.alg !== 'HS256' || typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || !(this.now() / 1000 < claims.exp)) return undefined;
      return claims as Record<string, unknown> & { sub: string };
    } catch {
      return undefined;
    }
  }

  /** JWTs are signed with a key of their own (derived from the token key): a JWT is never a valid token, nor the reverse. */
  private jwtMac(input: string): string {
    return createHmac('sha256', createHmac('sha256', this.key).update('bullpen-jwt').digest()).update(input).digest('base64url');
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/** HMAC(signing secret, label): the key of every signed token. */
export function deriveSigningKey(signingSecret: Buffer): Buffer {
  return createHmac('sha256', signingSecret).update('bullpen token key v2').digest();
}

function readOrCreateSigningSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, SIGNING_SECRET_FILE);
  try {
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (secret.length >= 32) return secret;
  } catch {
    /* created below */
  }
  const secret = randomBytes(32);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
