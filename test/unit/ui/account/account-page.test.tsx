/** @jest-environment jsdom */
import 'reflect-metadata';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Container } from 'inversify';
import { MemoryRouter } from 'react-router';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { SessionStore } from '../../../../src/application/session/session.store';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { NotifyError, NotifyInfo } from '../../../../src/application/tokens';
import { readNotificationPreferences } from '../../../../src/domain/account/notification-preferences';
import { AccountPage } from '../../../../src/ui/account/account-page';
import { TOKEN_SHOWN_ONCE } from '../../../../src/ui/account/tokens-section';
import { ada, allFeatures, fakeAccount } from '../../application/session/session-fakes';
import { bindPlatformFakes } from '../support/platform-fakes';
import { renderWithContainer } from '../support/render-with-container';

const token = {
  id: 't1',
  prefix: 'bp_t1_',
  name: 'laptop',
  kind: 'personal' as const,
  scopes: ['sandbox_read'],
  createdAt: '2025-01-01T00:00:00Z',
  expiresAt: null,
  lastUsedAt: null,
};
const otherSession = {
  id: 's2',
  current: false,
  ip: '10.0.0.2',
  userAgent: 'Firefox on Linux',
  createdAt: 'a',
  lastSeenAt: new Date().toISOString(),
  expiresAt: 'c',
};
const thisSession = { ...otherSession, id: 's1', current: true, userAgent: 'Chromium' };

async function setUp() {
  const c = new Container();
  c.bind(NotifyError).toConstantValue(() => undefined);
  c.bind(NotifyInfo).toConstantValue(() => undefined);
  const stored = new Map<string, unknown>();
  c.bind(PreferencesPort).toConstantValue({
    read: (k: string) => stored.get(k),
    write: (k: string, v: unknown) => void stored.set(k, v),
  } satisfies PreferencesPort);
  c.bind(ThemeLoaderPort).toConstantValue({ load: async () => Promise.reject(new Error('not in tests')) } satisfies ThemeLoaderPort);
  c.bind(SettingsStore).toSelf().inSingletonScope();
  const account = fakeAccount({
    usernameAvailable: async (u) => u !== 'taken',
    sessions: async () => [thisSession, otherSession],
    tokens: async () => [token],
    createToken: async (r) => ({ ...token, id: 't2', prefix: 'bp_t2_', name: r.name, scopes: [...r.scopes], token: 'bp_t2_secret' }),
    notificationPreferences: async () => readNotificationPreferences({ emailCommentMention: true }),
    updateNotificationPreferences: async (change) => readNotificationPreferences({ emailCommentMention: true, ...change }),
  });
  const fakes = bindPlatformFakes(c, account);
  fakes.auth.answers.set('features', () => allFeatures);
  fakes.auth.answers.set('passwordSignIn', () => ada);
  renderWithContainer(
    <MemoryRouter>
      <AccountPage />
    </MemoryRouter>,
    c,
  );
  return { c, ...fakes, account, user: userEvent.setup(), session: c.get(SessionStore), stored };
}

describe('account settings page (/account)', () => {
  it('asks to sign in when signed out', async () => {
    const { session } = await setUp();
    act(() => session.start());
    expect(screen.getByText('Sign in to see your account settings.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Sign in with GitHub' })).toBeTruthy();
  });

  it('edits the profile, checking the username as it is typed', async () => {
    const { session, user, account } = await setUp();
    await act(() => session.signInWithPassword('ada', 'pw'));
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    expect(username.value).toBe('ada');
    await user.clear(username);
    await user.type(username, 'taken');
    expect(await screen.findByText('This username is taken')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save profile' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(username);
    await user.type(username, 'ada-l');
    expect(await screen.findByText('This username is available')).toBeTruthy();
    await user.type(screen.getByLabelText('Bio'), 'Analyst');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(account.calls.find((call) => call[0] === 'updateProfile')).toEqual([
        'updateProfile',
        { username: 'ada-l', name: 'Ada Lovelace', bio: 'Analyst', socialLinks: [] },
      ]),
    );
  });

  it('lists the sessions and revokes another one; this browser has no revoke button', async () => {
    const { session, user, account } = await setUp();
    await act(() => session.signInWithPassword('ada', 'pw'));
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Revoke the session of Firefox on Linux']);
    await user.click(within(list).getByRole('button'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(account.calls).toContainEqual(['revokeSession', 's2']);
  });

  it('creates a token with a name, scopes and an expiry, shows it once with a copy button, and revokes tokens', async () => {
    const { session, user, account } = await setUp();
    await act(() => session.signInWithPassword('ada', 'pw'));
    const tokens = await screen.findByRole('list', { name: 'API tokens' });
    expect(within(tokens).getByText('bp_t1_…')).toBeTruthy();
    await user.type(screen.getByLabelText('Token name'), 'CI');
    await user.click(screen.getByRole('checkbox', { name: 'Start and stop workspaces' }));
    await user.selectOptions(screen.getByLabelText('Expires'), 'Never');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(TOKEN_SHOWN_ONCE)).toBeTruthy();
    expect((screen.getByLabelText('New token') as HTMLInputElement).value).toBe('bp_t2_secret');
    expect(account.calls).toContainEqual(['createToken', { name: 'CI', scopes: ['sandbox_read', 'vm_manage'] }]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('bp_t2_secret')).toBeNull();
    expect(screen.queryByLabelText('New token')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Revoke the token laptop' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'API tokens' })).queryByText('laptop')).toBeNull());
  });

  it('shows a group of notification preferences as indeterminate when some are on, and turns them all on', async () => {
    const { session, user, account } = await setUp();
    await act(() => session.signInWithPassword('ada', 'pw'));
    const all = (await screen.findByRole('checkbox', { name: 'E-mail: all' })) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(all.getAttribute('aria-checked')).toBe('mixed');
    await user.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    expect(account.calls.find((c) => c[0] === 'updateNotificationPreferences')?.[1]).toMatchObject({ emailMarketing: true, emailTeamInvite: true });
  });

  it('deletes the account only once the username is typed', async () => {
    const { session, user, account, windows } = await setUp();
    await act(() => session.signInWithPassword('ada', 'pw'));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type ada to confirm'), 'ada');
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(windows.navigations).toEqual(['/']));
    expect(account.calls).toContainEqual(['deleteAccount', 'ada']);
  });

  it('chooses the light theme, kept in this browser', async () => {
    const { session, user, stored } = await setUp();
    await act(() => session.signInWithPassword('ada', 'pw'));
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(stored.get('bullpen.settings')).toMatchObject({ themeId: 'light' });
  });
});
