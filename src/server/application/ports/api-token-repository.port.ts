/** API tokens (platform data): `bp_<id>_<secret>`, the secret's hash stored, the id shown as the visible prefix. */
export const ApiTokenRepository = Symbol('ApiTokenRepository');

export type ApiTokenKind = 'personal' | 'cli' | 'bootstrap';

export interface ApiTokenRecord {
  id: string;
  userId: string;
  name: string;
  kind: ApiTokenKind;
  secretHash: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | undefined;
  lastUsedAt: Date | undefined;
  revokedAt: Date | undefined;
}

export type NewApiToken = Pick<ApiTokenRecord, 'id' | 'userId' | 'name' | 'kind' | 'secretHash' | 'scopes' | 'expiresAt'> & { createdAt: Date };

export interface ApiTokenRepository {
  create(token: NewApiToken): Promise<ApiTokenRecord>;
  /** Creates the token, or replaces the one with its id (un-revoked, last use forgotten). */
  replace(token: NewApiToken): Promise<ApiTokenRecord>;
  byId(id: string): Promise<ApiTokenRecord | undefined>;
  /** The person's tokens that are neither revoked nor expired at `now`, newest first. */
  activeOf(userId: string, now: Date): Promise<ApiTokenRecord[]>;
  touch(id: string, at: Date): Promise<void>;
  /** Revokes one of the person's tokens; false when they have no such token (or it is revoked already). */
  revoke(userId: string, id: string, at: Date): Promise<boolean>;
}
