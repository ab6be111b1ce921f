import type { ApiTokenInfo as ApiTokenWire, CreatedApiToken as CreatedTokenWire, SessionInfo as SessionWire } from '../../protocol/api/auth';
import type { CurrentUser as ApiCurrentUser, NotificationPreferencesRequest } from '../../protocol/api/users';
import { NotificationPreferenceName, NotificationPreferences, readNotificationPreferences } from '../../domain/account/notification-preferences';
import { AccountPort, ApiTokenInfo, CreatedApiToken, ProfileChange, SessionInfo } from '../../application/ports/account.port';
import type { CurrentUser } from '../../application/ports/auth.port';
import { ApiClient, ApiClientOptions } from './api-client';

const fits = <Port>(value: Port): Port => value;
/** The wire shapes (src/protocol/api) must keep fitting the port's: this fails to compile when they drift apart. */
export const accountWireFitsPort = {
  session: (s: SessionWire) => fits<SessionInfo>(s),
  token: (t: ApiTokenWire) => fits<ApiTokenInfo>(t),
  created: (t: CreatedTokenWire) => fits<CreatedApiToken>(t),
  preferences: (p: Required<NotificationPreferencesRequest>) => fits<NotificationPreferences>(p),
};

const path = encodeURIComponent;

/** AccountPort over the platform REST API (/api/v1/users/current…). */
export class AxiosAccount implements AccountPort {
  private readonly v1: ApiClient;

  constructor(options: Omit<ApiClientOptions, 'baseURL'> & { origin?: string } = {}) {
    this.v1 = new ApiClient({ ...options, baseURL: `${options.origin ?? ''}/api/v1` });
  }

  updateProfile(change: ProfileChange): Promise<CurrentUser> {
    return this.v1.fetch<ApiCurrentUser>('PATCH', '/users/current', change);
  }

  async usernameAvailable(username: string): Promise<boolean> {
    return (await this.v1.fetch<{ available: boolean }>('GET', `/users/available/${path(username)}`)).available === true;
  }

  sessions(): Promise<readonly SessionInfo[]> {
    return this.v1.fetch<SessionWire[]>('GET', '/users/current/sessions');
  }

  async revokeSession(id: string): Promise<void> {
    await this.v1.call('DELETE', `/users/current/sessions/${path(id)}`);
  }

  tokens(): Promise<readonly ApiTokenInfo[]> {
    return this.v1.fetch<ApiTokenWire[]>('GET', '/users/current/tokens');
  }

  createToken(request: { name: string; scopes: readonly string[]; expiresInDays?: number }): Promise<CreatedApiToken> {
    return this.v1.fetch<CreatedTokenWire>('POST', '/users/current/tokens', request);
  }

  async revokeToken(id: string): Promise<void> {
    await this.v1.call('DELETE', `/users/current/tokens/${path(id)}`);
  }

  async notificationPreferences(): Promise<NotificationPreferences> {
    return readNotificationPreferences(await this.v1.fetch<unknown>('GET', '/users/current/notification_preferences'));
  }

  async updateNotificationPreferences(change: Partial<Record<NotificationPreferenceName, boolean>>): Promise<NotificationPreferences> {
    return readNotificationPreferences(await this.v1.fetch<unknown>('PATCH', '/users/current/notification_preferences', change));
  }

  async changePassword(request: { currentPassword?: string; newPassword: string }): Promise<void> {
    await this.v1.call('POST', '/users/current/password', request);
  }

  async deleteAccount(confirm: string): Promise<void> {
    await this.v1.call('DELETE', '/users/current', { confirm });
  }
}
