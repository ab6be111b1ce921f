/** Browser sessions (platform data): the cookie holds the session's id and a secret whose hash is stored. */
export const SessionRepository = Symbol('SessionRepository');

export interface SessionRecord {
  id: string;
  userId: string;
  secretHash: string;
  ip: string | undefined;
  userAgent: string | undefined;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | undefined;
}

export type NewSession = Pick<SessionRecord, 'id' | 'userId' | 'secretHash' | 'ip' | 'userAgent' | 'expiresAt'> & { createdAt: Date };

export interface SessionRepository {
  create(session: NewSession): Promise<SessionRecord>;
  byId(id: string): Promise<SessionRecord | undefined>;
  /** Records a use; cheap enough to call at most once a minute per session. */
  touch(id: string, at: Date): Promise<void>;
  /** The person's sessions that are neither revoked nor expired at `now`, newest first. */
  activeOf(userId: string, now: Date): Promise<SessionRecord[]>;
  /** Revokes one of the person's sessions; false when they have no such session. */
  revoke(userId: string, id: string, at: Date): Promise<boolean>;
  /** Revokes every session of the person but `except`; how many. */
  revokeAllOf(userId: string, at: Date, except?: string): Promise<number>;
}
