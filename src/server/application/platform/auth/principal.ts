import type { ApiTokenKind } from '../../ports/api-token-repository.port';
import type { UserRecord } from '../../ports/user-repository.port';

/** How a person proved who they are on this request. */
export type Credential =
  | { readonly kind: 'session'; readonly sessionId: string }
  | { readonly kind: 'api-token'; readonly tokenId: string; readonly tokenKind: ApiTokenKind; readonly scopes: readonly string[] };

/** Who is calling (ADR 0023), resolved once per request by the Authenticator. */
export type Principal = { readonly kind: 'anonymous' } | { readonly kind: 'user'; readonly user: UserRecord; readonly credential: Credential };

export const ANONYMOUS: Principal = { kind: 'anonymous' };

/** Where a request came from, for the audit log and rate limits. */
export interface RequestOrigin {
  readonly ip: string | undefined;
  readonly userAgent: string | undefined;
}
