import type { IncomingHttpHeaders } from 'node:http';
import { AccessPolicy } from '../../application/access/access-policy';
import { ANONYMOUS, Principal } from '../../application/platform/auth/principal';
import { TokenService } from '../../application/ports/token-service.port';
import { UserRepository } from '../../application/ports/user-repository.port';
import { readCookie } from './auth-cookies';

/** GET /api/v1/auth/preview_token mints these (spec 002 §7); clients fetch a new one every 60 minutes (§9). */
export const PREVIEW_TOKEN_PURPOSE = 'preview';
export const PREVIEW_TOKEN_TTL_SECONDS = 2 * 60 * 60;
/** A preview host's own session, set once a token was shown to it. */
export const PREVIEW_SESSION_PURPOSE = 'preview-session';
export const PREVIEW_SESSION_TTL_SECONDS = 24 * 60 * 60;
export const PREVIEW_COOKIE = 'bullpen_preview';
/** Where a preview token may come: this query parameter (the SDK's name), or a header. */
export const PREVIEW_TOKEN_PARAM = 'preview_token';
export const PREVIEW_TOKEN_HEADER = 'csb-preview-token';
export const PREVIEW_PRIVATE = 'This preview is private: open it from the editor, or add ?preview_token=<token from GET /api/v1/auth/preview_token>';

interface PreviewTokenClaim {
  /** The person it was minted for; absent for a visitor (whose token opens nothing a visitor could not see). */
  uid?: string;
}

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
 * Who may see a sandbox's previews (docs/protocol/port.md "Access"): whoever may read the sandbox (ADR 0023). A
 * public or unlisted sandbox's previews are open. A private one's need a preview token minted for someone who may
 * read it: a browser shows it once in the query and gets a cookie for that preview host alone; other clients send
 * it in a header.
 */
export class PreviewAccess {
  constructor(
    private readonly policy: AccessPolicy,
    private readonly users: UserRepository,
    private readonly tokens: TokenService,
  ) {}

  /** A preview token for the principal. */
  newToken(principal: Principal): string {
    const claim: PreviewTokenClaim = principal.kind === 'user' ? { uid: principal.user.id } : {};
    return this.tokens.sign(PREVIEW_TOKEN_PURPOSE, claim, PREVIEW_TOKEN_TTL_SECONDS);
  }

  /** Checks a request for the preview of `sandboxId`; `url` is its path and query, `secure` whether it came over https. */
  async check(headers: IncomingHttpHeaders, url: URL, sandboxId: string, options: { canRedirect: boolean; secure: boolean }): Promise<PreviewCredential> {
    if (await this.policy.readable(ANONYMOUS, sandboxId)) return { kind: 'open' };
    const token = url.searchParams.get(PREVIEW_TOKEN_PARAM);
    if (token !== null) {
      if (!(await this.opens(token, sandboxId))) return { kind: 'denied', reason: 'The preview token is not valid for this preview (it may have expired)' };
      url.searchParams.delete(PREVIEW_TOKEN_PARAM);
      if (!options.canRedirect) return { kind: 'granted' };
      return { kind: 'exchange', cookie: this.sessionCookie(sandboxId, options.secure, headers.host), location: `${url.pathname}${url.search}` };
    }
    const cookie = readCookie(headers.cookie, PREVIEW_COOKIE);
    const claim = cookie === undefined ? undefined : this.tokens.verify<PreviewSessionClaim>(PREVIEW_SESSION_PURPOSE, cookie);
    if (claim?.sbx === sandboxId) return { kind: 'granted' };
    const header = headers[PREVIEW_TOKEN_HEADER];
    if (typeof header === 'string' && (await this.opens(header, sandboxId))) return { kind: 'granted' };
    return { kind: 'denied', reason: PREVIEW_PRIVATE };
  }

  /** The request's headers as the previewed server gets them: without Bullpen's own credentials. */
  stripCredentials(headers: IncomingHttpHeaders): IncomingHttpHeaders {
    const out = { ...headers };
    delete out[PREVIEW_TOKEN_HEADER];
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

  /** Whether a preview token opens this sandbox's previews: its person may read the sandbox now. */
  private async opens(token: string, sandboxId: string): Promise<boolean> {
    const claim = this.tokens.verify<PreviewTokenClaim>(PREVIEW_TOKEN_PURPOSE, token);
    if (!claim || typeof claim.uid !== 'string') return false;
    const user = await this.users.byId(claim.uid);
    if (!user) return false;
    return this.policy.readableByPerson(user, sandboxId);
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
