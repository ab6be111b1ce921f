import type { IncomingHttpHeaders } from 'node:http';
import { TokenService } from '../../application/ports/token-service.port';
import { AccessGuard, readCookie } from './access-guard';

/** GET /api/v1/auth/preview_token mints these (spec 002 §7); clients fetch a new one every 60 minutes (§9). */
export const PREVIEW_TOKEN_PURPOSE = 'preview';
export const PREVIEW_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** A preview host's own session, set once a token was shown to it. */
export const PREVIEW_SESSION_PURPOSE = 'preview-session';
export const PREVIEW_SESSION_TTL_SECONDS = 24 * 60 * 60;
export const PREVIEW_COOKIE = 'bullpen_preview';
/** Where a preview token may come: this query parameter (the SDK's name), the access secret as `token`, or a header. */
export const PREVIEW_TOKEN_PARAM = 'preview_token';
export const SECRET_PARAM = 'token';
export const PREVIEW_TOKEN_HEADER = 'csb-preview-token';

interface PreviewSessionClaim {
  sbx: string;
}

/** What a preview request brings: nothing needed, valid credentials, a token to exchange for a cookie, or nothing valid. */
export type PreviewCredential =
  | { kind: 'open' }
  | { kind: 'granted' }
  | { kind: 'exchange'; cookie: string; location: string }
  | { kind: 'denied'; reason: string };

/**
 * Who may see previews (docs/protocol/port.md "Access"): when the server requires the access secret, a preview needs
 * it too. A browser shows a preview token (or the secret) once in the query and gets a cookie for that preview host
 * alone; other clients send the token in a header, or the secret as a Bearer token.
 */
export class PreviewAccess {
  constructor(
    private readonly guard: AccessGuard,
    private readonly tokens: TokenService,
  ) {}

  get required(): boolean {
    return this.guard.required;
  }

  newToken(): string {
    return this.tokens.sign(PREVIEW_TOKEN_PURPOSE, {}, PREVIEW_TOKEN_TTL_SECONDS);
  }

  /** Checks a request for the preview of `sandboxId`; `url` is its path and query, `secure` whether it came over https. */
  check(headers: IncomingHttpHeaders, url: URL, sandboxId: string, options: { canRedirect: boolean; secure: boolean }): PreviewCredential {
    if (!this.guard.required) return { kind: 'open' };
    const token = url.searchParams.get(PREVIEW_TOKEN_PARAM);
    // `token` is the previewed app's own parameter unless it holds the access secret.
    const secret = url.searchParams.get(SECRET_PARAM);
    const secretShown = secret !== null && this.guard.isSecret(secret);
    if (token !== null || secretShown) {
      if (token !== null && !this.isToken(token)) return { kind: 'denied', reason: 'The preview token is not valid (it may have expired)' };
      url.searchParams.delete(PREVIEW_TOKEN_PARAM);
      if (secretShown) url.searchParams.delete(SECRET_PARAM);
      if (!options.canRedirect) return { kind: 'granted' };
      return { kind: 'exchange', cookie: this.sessionCookie(sandboxId, options.secure, headers.host), location: `${url.pathname}${url.search}` };
    }
    const cookie = readCookie(headers.cookie, PREVIEW_COOKIE);
    const claim = cookie === undefined ? undefined : this.tokens.verify<PreviewSessionClaim>(PREVIEW_SESSION_PURPOSE, cookie);
    if (claim?.sbx === sandboxId) return { kind: 'granted' };
    const header = headers[PREVIEW_TOKEN_HEADER];
    if (typeof header === 'string' && this.isToken(header)) return { kind: 'granted' };
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (bearer !== undefined && this.guard.isSecret(bearer)) return { kind: 'granted' };
    return { kind: 'denied', reason: 'This preview is private: open it from the editor, or add ?preview_token=<token from GET /api/v1/auth/preview_token>' };
  }

  /** The request's headers as the previewed server gets them: without Bullpen's own credentials. */
  stripCredentials(headers: IncomingHttpHeaders): IncomingHttpHeaders {
    const out = { ...headers };
    delete out[PREVIEW_TOKEN_HEADER];
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
    if (bearer !== undefined && this.guard.isSecret(bearer)) delete out.authorization;
    if (typeof headers.cookie === 'string') {
      const rest = headers.cookie
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part !== '' && !part.startsWith(`${PREVIEW_COOKIE}=`));
      if (rest.length > 0) out.cookie = rest.join('; ');
      else delete out.cookie;
    }
    return out;
  }

  private isToken(value: string): boolean {
    return this.tokens.verify(PREVIEW_TOKEN_PURPOSE, value) !== undefined || this.guard.isSecret(value);
  }

  /**
   * Host-only, HttpOnly. The editor shows previews in a frame of another site, where only SameSite=None cookies
   * are sent, and those must be Secure: browsers allow that over https and on *.localhost; elsewhere Lax
   * (the preview then works in its own tab).
   */
  private sessionCookie(sandboxId: string, secure: boolean, host: string | undefined): string {
    const token = this.tokens.sign<PreviewSessionClaim>(PREVIEW_SESSION_PURPOSE, { sbx: sandboxId }, PREVIEW_SESSION_TTL_SECONDS);
    const hostname = (host ?? '').toLowerCase().replace(/:\d+$/, '');
    const crossSite = secure || hostname.endsWith('.localhost');
    const attributes = [`${PREVIEW_COOKIE}=${token}`, 'Path=/', `Max-Age=${PREVIEW_SESSION_TTL_SECONDS}`, 'HttpOnly'];
    attributes.push(...(crossSite ? ['SameSite=None', 'Secure'] : ['SameSite=Lax']));
    return attributes.join('; ');
  }
}
