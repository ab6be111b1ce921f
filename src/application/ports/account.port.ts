import type { NotificationPreferenceName, NotificationPreferences } from '../../domain/account/notification-preferences';
import type { CurrentUser } from './auth.port';

/** A session of the signed-in person (src/protocol/api/auth.ts SessionInfo). */
export interface SessionInfo {
  readonly id: string;
  /** The session of this browser. */
  readonly current: boolean;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly createdAt: string;
  readonly lastSeenAt: string;
  readonly expiresAt: string;
}

/** A personal API token as listed: never its secret. */
export interface ApiTokenInfo {
  readonly id: string;
  /** What the token starts with, to recognise it. */
  readonly prefix: string;
  readonly name: string;
  readonly kind: 'personal' | 'cli' | 'bootstrap';
  readonly scopes: readonly string[];
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly lastUsedAt: string | null;
}

/** A token just created: `token` is the secret, shown this once. */
export interface CreatedApiToken extends ApiTokenInfo {
  readonly token: string;
}

export interface ProfileChange {
  readonly username?: string;
  readonly name?: string | null;
  readonly bio?: string | null;
  readonly socialLinks?: readonly string[];
}

/** The signed-in person's account (spec 000 §3, §7 "Current user"). Every call rejects with an ApiRequestError. */
export const AccountPort = Symbol('AccountPort');

export interface AccountPort {
  /** `PATCH /users/current`: answers the person as changed. */
  updateProfile(change: ProfileChange): Promise<CurrentUser>;
  /** `GET /users/available/{username}`. */
  usernameAvailable(username: string): Promise<boolean>;
  sessions(): Promise<readonly SessionInfo[]>;
  revokeSession(id: string): Promise<void>;
  tokens(): Promise<readonly ApiTokenInfo[]>;
  createToken(request: { name: string; scopes: readonly string[]; expiresInDays?: number }): Promise<CreatedApiToken>;
  revokeToken(id: string): Promise<void>;
  notificationPreferences(): Promise<NotificationPreferences>;
  updateNotificationPreferences(change: Partial<Record<NotificationPreferenceName, boolean>>): Promise<NotificationPreferences>;
  /** `POST /users/current/password`; the current password is asked for when the account has one. */
  changePassword(request: { currentPassword?: string; newPassword: string }): Promise<void>;
  /** `DELETE /users/current {confirm}`: `confirm` is the username, typed. */
  deleteAccount(confirm: string): Promise<void>;
}
