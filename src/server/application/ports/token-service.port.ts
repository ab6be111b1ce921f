/** Mints and checks signed, expiring tokens (pitcher tokens, reconnect tokens). */
export const TokenService = Symbol('TokenService');

export interface TokenService {
  sign<T extends object>(purpose: string, payload: T, ttlSeconds: number): string;
  verify<T extends object>(purpose: string, token: string): T | undefined;
}
