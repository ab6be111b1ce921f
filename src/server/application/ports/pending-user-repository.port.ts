/** Provider sign-ins without an account yet (platform data): the person picks a username, then finalizes. */
export const PendingUserRepository = Symbol('PendingUserRepository');

export interface PendingUserRecord {
  id: string;
  provider: string;
  subject: string;
  email: string;
  name: string | undefined;
  avatarUrl: string | undefined;
  suggestedUsername: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface PendingUserRepository {
  create(pending: PendingUserRecord): Promise<void>;
  /** The pending sign-up while it has not expired at `now`. */
  byId(id: string, now: Date): Promise<PendingUserRecord | undefined>;
  delete(id: string): Promise<void>;
}
