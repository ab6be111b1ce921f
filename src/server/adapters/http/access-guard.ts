import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { TokenService } from '../../application/ports/token-service.port';

export const SESSION_TOKEN_PURPOSE = 'session';
/** A browser session (the cookie) lasts 30 days, or until the access secret changes. */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Per port, so two Bullpens on one host (cookies ignore the port) do not overwrite each other's session. */
export const sessionCookieName = (port: number): string => `bullpen_session_${port}`;

/** Who is calling: anyone (no secret configured), a browser session (cookie) or a client holding the secret. */
export type Caller = { kind: 'open' } | { kind: 'session'; sessionId: string } | { kind: 'bearer' };

interface SessionClaim {
  sid: string;
}

export interface AccessGuardOptions {
  /** The access secret; undefined when none is required. */
  secret: string | undefined;
  tokens: TokenService;
  /** The session cookie's name (known once the port is). */
  cookieName: () => string;
}

/**
 * Checks the access secret (ADR 0007): given as `Authorization: Bearer <secret>` by non-browser clients, or
 * exchanged once (`?token=`) for a session cookie that holds a signed session token, never the secret itself.
 */
export class AccessGuard {
  private readonly secretDigest: Buffer | undefined;

  constructor(private readonly options: AccessGuardOptions) {
    this.secretDigest = options.secret === undefined ? undefined : digest(options.secret);
  }

  get required(): boolean {
    return this.secretDigest !== undefined;
  }

  /** Timing-safe: both sides are hashed to equal lengths before the comparison. */
  isSecret(candidate: string): boolean {
    return this.secretDigest !== undefined && timingSafeEqual(digest(candidate), this.secretDigest);
  }

  /** The caller's valid credentials; undefined when a secret is required and none came. */
  authenticate(headers: IncomingHttpHeaders): Caller | undefined {
    if (!this.required) return { kind: 'open' };
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (bearer !== undefined && this.isSecret(bearer)) return { kind: 'bearer' };
    const cookie = readCookie(headers.cookie, this.options.cookieName());
    const claim = cookie === undefined ? undefined : this.options.tokens.verify<SessionClaim>(SESSION_TOKEN_PURPOSE, cookie);
    return claim && typeof claim.sid === 'string' ? { kind: 'session', sessionId: claim.sid } : undefined;
  }

  /** A new browser session: the Set-Cookie header value (HttpOnly, SameSite=Strict, Secure over https). */
  newSessionCookie(secure: boolean): string {
    const token = this.options.tokens.sign<SessionClaim>(SESSION_TOKEN_PURPOSE, { sid: randomBytes(16).toString('base64url') }, SESSION_TTL_SECONDS);
    const attributes = [`${this.options.cookieName()}=${token}`, 'Path=/', `Max-Age=${SESSION_TTL_SECONDS}`, 'HttpOnly', 'SameSite=Strict'];
    if (secure) attributes.push('Secure');
    return attributes.join('; ');
  }
}

const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** The value of one cookie in a Cookie header (the first one of that name). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
