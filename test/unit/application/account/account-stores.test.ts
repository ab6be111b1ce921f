import { Container } from 'inversify';
import { ApiTokensStore } from '../../../../src/application/account/api-tokens.store';
import { DeleteAccountStore } from '../../../../src/application/account/delete-account.store';
import { NotificationPreferencesStore } from '../../../../src/application/account/notification-preferences.store';
import { PASSWORDS_DIFFER, PasswordStore } from '../../../../src/application/account/password.store';
import { PROFILE_SAVED, ProfileStore, USERNAME_CHECK_DELAY_MS } from '../../../../src/application/account/profile.store';
import { SessionsListStore } from '../../../../src/application/account/sessions-list.store';
import { AccountPort } from '../../../../src/application/ports/account.port';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { SessionStore } from '../../../../src/application/session/session.store';
import { disposeScope } from '../../../../src/composition/scoped-bindings';
import { readNotificationPreferences } from '../../../../src/domain/account/notification-preferences';
import { ensureNoDisposablesAreLeakedInTestSuite } from '../../support/disposable-leaks';
import { ada, fakeAccount, flush, platformWithFakes } from '../session/session-fakes';

let containers: Container[] = [];
async function signedIn(overrides: Partial<AccountPort> = {}) {
  const platform = platformWithFakes(fakeAccount(overrides));
  containers.push(platform.c);
  platform.auth.answers.set('passwordSignIn', () => ada);
  await platform.c.get(SessionStore).signInWithPassword('ada', 'pw');
  return platform;
}

const token = {
  id: 't1',
  prefix: 'bp_t1_',
  name: 'ci',
  kind: 'personal' as const,
  scopes: ['sandbox_read'],
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: null,
  lastUsedAt: null,
};

describe('account stores', () => {
  afterEach(() => {
    for (const c of containers) disposeScope(c);
    containers = [];
    jest.useRealTimers();
  });
  ensureNoDisposablesAreLeakedInTestSuite();

  it('ProfileStore: starts from the person, asks whether a new username is available once typing rests, saves', async () => {
    jest.useFakeTimers();
    const asked: string[] = [];
    const { c, account, infos } = await signedIn({
      usernameAvailable: async (u) => {
        asked.push(u);
        return u !== 'taken';
      },
      updateProfile: async (change) => ({ ...ada, ...change, socialLinks: [...(change.socialLinks ?? [])] }),
    });
    const profile = c.get(ProfileStore);
    profile.reset();
    expect(profile.draft).toEqual({ username: 'ada', name: 'Ada Lovelace', bio: '', socialLinks: '' });
    profile.edit({ username: 'tak' });
    profile.edit({ username: 'taken' });
    expect(profile.usernameCheck).toEqual({ kind: 'checking', username: 'taken' });
    expect(profile.canSave).toBe(false);
    jest.advanceTimersByTime(USERNAME_CHECK_DELAY_MS);
    await flush();
    expect(asked).toEqual(['taken']);
    expect(profile.usernameCheck.kind).toBe('taken');
    profile.edit({ username: 'ada2', bio: 'Analyst', socialLinks: 'https://a.test\n\n https://b.test ' });
    jest.advanceTimersByTime(USERNAME_CHECK_DELAY_MS);
    await flush();
    expect(profile.usernameCheck.kind).toBe('available');
    await profile.save();
    expect(account.calls.at(-1)).toEqual([
      'updateProfile',
      { username: 'ada2', name: 'Ada Lovelace', bio: 'Analyst', socialLinks: ['https://a.test', 'https://b.test'] },
    ]);
    expect(c.get(SessionStore).user?.username).toBe('ada2');
    expect(infos).toEqual([PROFILE_SAVED]);
  });

  it("ProfileStore: a refused save shows the server's message", async () => {
    const { c } = await signedIn({ updateProfile: async () => Promise.reject(new ApiRequestError(422, 'bio: too long')) });
    const profile = c.get(ProfileStore);
    profile.reset();
    await profile.save();
    expect(profile.submission).toEqual({ kind: 'failed', message: 'bio: too long' });
  });

  it('SessionsListStore: lists and revokes', async () => {
    const session = { id: 's2', current: false, ip: '10.0.0.2', userAgent: 'Firefox', createdAt: 'a', lastSeenAt: 'b', expiresAt: 'c' };
    const { c, account } = await signedIn({ sessions: async () => [session] });
    const list = c.get(SessionsListStore);
    await list.load();
    expect(list.sessions).toEqual({ kind: 'loaded', value: [session] });
    await list.revoke('s2');
    expect(list.sessions).toEqual({ kind: 'loaded', value: [] });
    expect(account.calls.at(-1)).toEqual(['revokeSession', 's2']);
  });

  it('ApiTokensStore: creates a token (shown once), lists it without its secret, revokes it', async () => {
    const { c, account } = await signedIn({ tokens: async () => [], createToken: async () => ({ ...token, token: 'bp_t1_secret' }) });
    const tokens = c.get(ApiTokensStore);
    await tokens.load();
    expect(tokens.canCreate).toBe(false);
    tokens.edit({ name: ' ci ', expiresInDays: undefined });
    tokens.toggleScope('vm_manage');
    await tokens.create();
    expect(account.calls.at(-1)).toEqual(['createToken', { name: 'ci', scopes: ['sandbox_read', 'vm_manage'] }]);
    expect(tokens.created?.token).toBe('bp_t1_secret');
    expect(tokens.tokens).toEqual({ kind: 'loaded', value: [token] });
    tokens.dismissCreated();
    expect(tokens.created).toBeUndefined();
    await tokens.revoke('t1');
    expect(tokens.tokens).toEqual({ kind: 'loaded', value: [] });
  });

  it('NotificationPreferencesStore: saves a change at once, and puts it back when the save fails', async () => {
    let fail = false;
    const { c, errors } = await signedIn({
      notificationPreferences: async () => readNotificationPreferences({ emailMarketing: true }),
      updateNotificationPreferences: async (change) =>
        fail ? Promise.reject(new ApiRequestError(0, 'Network Error')) : readNotificationPreferences({ emailMarketing: true, ...change }),
    });
    const prefs = c.get(NotificationPreferencesStore);
    await prefs.load();
    await prefs.change(['emailTeamInvite', 'emailTeamRequest'], true);
    expect(prefs.preferences).toMatchObject({ value: { emailTeamInvite: true, emailTeamRequest: true, emailMarketing: true } });
    fail = true;
    await prefs.change(['emailMarketing'], false);
    expect(prefs.preferences).toMatchObject({ value: { emailMarketing: true } });
    expect(errors).toEqual(['Network Error']);
  });

  it('PasswordStore: the two new passwords must match; the change is sent', async () => {
    const { c, account } = await signedIn();
    const password = c.get(PasswordStore);
    expect(await password.change('old', 'new password 1', 'new password 2')).toBe(false);
    expect(password.submission).toEqual({ kind: 'failed', message: PASSWORDS_DIFFER });
    expect(await password.change(undefined, 'new password 1', 'new password 1')).toBe(true);
    expect(account.calls.at(-1)).toEqual(['changePassword', { newPassword: 'new password 1' }]);
  });

  it('DeleteAccountStore: only with the username typed; then signed out and sent to the start page', async () => {
    const { c, account, windows } = await signedIn();
    const del = c.get(DeleteAccountStore);
    await del.delete('Ada');
    expect(account.calls).toEqual([]);
    await del.delete('ada');
    expect(account.calls).toEqual([['deleteAccount', 'ada']]);
    expect(c.get(SessionStore).state).toBe('UNAUTHENTICATED');
    expect(windows.navigations).toEqual(['/']);
  });
});
