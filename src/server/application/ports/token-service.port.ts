/** Mints and checks signed, expiring tokens (pitcher tokens, reconnect tokens). */
export const TokenService = Symbol('TokenService');

export interface TokenService {
  sign<T extends object>(purpose: string, payload: T, ttlSeconds: number): string;
  verify<T extends object>(purpose: string, token: string): T | undefined;
  /** A JSON Web Token (HS256) for `subject` with the claims, expiring after the TTL (`GET /auth/jwt`). */
  issueJwt(subject: string, claims: Record<string, unknown>, ttlSeconds: number): string;
  /** The claims of a JWT this service issued that has not expired; undefined for anything else. */
  verifyJwt(token: string): (Record<string, unknown> & { sub: string }) | undefined;
}
