/** Secrets that work once (platform data): command-line auth tokens, the owner's first sign-in link. */
export const OneTimeTokenRepository = Symbol('OneTimeTokenRepository');

export type OneTimePurpose = 'cli-auth' | 'sign-in-link';

export interface OneTimeTokenRepository {
  create(token: { tokenHash: string; purpose: OneTimePurpose; userId: string; createdAt: Date; expiresAt: Date }): Promise<void>;
  /**
   * Uses the token: the person it is for, if it exists for that purpose, has not expired at `now` and was not used.
   * Atomic: of two callers at once, one gets the person.
   */
  consume(tokenHash: string, purpose: OneTimePurpose, now: Date): Promise<string | undefined>;
}
