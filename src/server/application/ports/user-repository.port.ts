import type { Result } from '../../../base/result';

/** People with an account (platform data). */
export const UserRepository = Symbol('UserRepository');

export type SiteRole = 'owner' | 'member';

export interface UserRecord {
  id: string;
  username: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  bio: string | undefined;
  avatarUrl: string | undefined;
  socialLinks: string[];
  passwordHash: string | undefined;
  siteRole: SiteRole;
  editorSettings: unknown;
  notificationPreferences: Record<string, boolean>;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  id: string;
  username: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  avatarUrl?: string;
  passwordHash?: string;
  siteRole?: SiteRole;
}

/** The fields a person changes on their profile and settings. */
export type UserPatch = Partial<Pick<UserRecord, 'username' | 'name' | 'bio' | 'socialLinks' | 'avatarUrl' | 'passwordHash' | 'notificationPreferences' | 'email' | 'emailVerified'>> & {
  /** `null` removes the saved settings. */
  editorSettings?: unknown | null;
};

export type UserWriteError = 'username-taken' | 'email-taken' | 'not-found';

/** A sign-in provider's account of a person. */
export interface Identity {
  provider: string;
  subject: string;
  userId: string;
  email: string | undefined;
}

export interface UserRepository {
  create(user: NewUser): Promise<Result<UserRecord, Exclude<UserWriteError, 'not-found'>>>;
  byId(id: string): Promise<UserRecord | undefined>;
  /** Case-insensitive. */
  byUsername(username: string): Promise<UserRecord | undefined>;
  /** Case-insensitive. */
  byEmail(email: string): Promise<UserRecord | undefined>;
  update(id: string, patch: UserPatch): Promise<Result<UserRecord, UserWriteError>>;
  /** Removes the person and everything that is theirs alone (sessions, tokens, identities, uploads). */
  delete(id: string): Promise<boolean>;
  /** The install's owner, once there is one. */
  owner(): Promise<UserRecord | undefined>;
  count(): Promise<number>;
  identity(provider: string, subject: string): Promise<Identity | undefined>;
  identitiesOf(userId: string): Promise<Identity[]>;
  linkIdentity(identity: Identity): Promise<void>;
  unlinkIdentities(userId: string, provider: string): Promise<void>;
}
