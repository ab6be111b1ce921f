import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { TokenService } from '../../application/ports/token-service.port';

/**
 * Stateless signed tokens: base64url(JSON payload) + '.' + HMAC-SHA256. The secret lives in the
 * data directory, so tokens stay valid across restarts (a reconnecting client keeps its token).
 */
export class HmacTokenService implements TokenService {
  constructor(private readonly secret: Buffer) {}

  static fromDataDir(dataDir: string): HmacTokenService {
    const file = path.join(dataDir, 'secret.key');
    let secret: Buffer;
    try {
      secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
      if (secret.length < 32) throw new Error('short secret');
    } catch {
      secret = randomBytes(32);
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, secret.toString('hex'), { mode: 0o600 });
    }
    return new HmacTokenService(secret);
  }

  sign<T extends object>(purpose: string, payload: T, ttlSeconds: number): string {
    const body = Buffer.from(JSON.stringify({ p: purpose, e: Math.floor(Date.now() / 1000) + ttlSeconds, d: payload })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify<T extends object>(purpose: string, token: string): T | undefined {
    if (typeof token !== 'string' || token.length > 4096) return undefined;
    const [body, mac] = token.split('.');
    if (!body || !mac) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { p: string; e: number; d: T };
      if (parsed.p !== purpose || parsed.e < Date.now() / 1000) return undefined;
      return parsed.d;
    } catch {
      return undefined;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
