import { ApiTokenService } from './api-token-service';
import { ANONYMOUS, Principal } from './principal';
import { SessionService } from './session-service';

/** What a request carries that may prove who sends it. */
export interface PresentedCredentials {
  /** The session cookie's value. */
  readonly sessionCookie?: string;
  /** The Authorization header's value. */
  readonly authorization?: string;
}

export type Authentication =
  | { readonly kind: 'authenticated'; readonly principal: Principal; readonly staleSession: boolean }
  /** A bearer token was sent and is not valid: refused (401), never treated as anonymous. */
  | { readonly kind: 'invalid-bearer' };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * Turns a request's credentials into a Principal (ADR 0023): a bearer API token first, else the session cookie.
 * A session cookie that no longer stands for a session (signed out elsewhere, expired, revoked) gives an anonymous
 * principal with `staleSession`, so the edge can tell the browser (its signed-in cookie becomes false).
 */
export class Authenticator {
  constructor(
    private readonly sessions: SessionService,
    private readonly tokens: ApiTokenService,
  ) {}

  async authenticate(credentials: PresentedCredentials): Promise<Authentication> {
    if (credentials.authorization !== undefined && credentials.authorization !== '') {
      const bearer = BEARER.exec(credentials.authorization)?.[1];
      const held = bearer === undefined ? undefined : await this.tokens.resolve(bearer);
      if (!held) return { kind: 'invalid-bearer' };
      return {
        kind: 'authenticated',
        principal: { kind: 'user', user: held.user, credential: { kind: 'api-token', tokenId: held.token.id, tokenKind: held.token.kind, scopes: held.token.scopes } },
        staleSession: false,
      };
    }
    if (credentials.sessionCookie) {
      const found = await this.sessions.resolve(credentials.sessionCookie);
      if (found) return { kind: 'authenticated', principal: { kind: 'user', user: found.user, credential: { kind: 'session', sessionId: found.session.id } }, staleSession: false };
      return { kind: 'authenticated', principal: ANONYMOUS, staleSession: true };
    }
    return { kind: 'authenticated', principal: ANONYMOUS, staleSession: false };
  }
}
