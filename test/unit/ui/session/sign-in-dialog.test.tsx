/** @jest-environment jsdom */
import 'reflect-metadata';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Container } from 'inversify';
import { MemoryRouter } from 'react-router';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { SessionStore } from '../../../../src/application/session/session.store';
import { SignInDialogStore } from '../../../../src/application/session/sign-in-dialog.store';
import { NotifyError, NotifyInfo } from '../../../../src/application/tokens';
import { SignInFeatures } from '../../../../src/domain/session/sign-in-options';
import { ChooseUsernameDialog } from '../../../../src/ui/session/choose-username-dialog';
import { SessionEntry } from '../../../../src/ui/session/session-entry';
import { SignInDialog } from '../../../../src/ui/session/sign-in-dialog';
import { ada, flush } from '../../application/session/session-fakes';
import { bindPlatformFakes } from '../support/platform-fakes';
import { renderWithContainer } from '../support/render-with-container';

const none: SignInFeatures = {
  loginWithGithub: false,
  loginWithGoogle: false,
  loginWithApple: false,
  loginWithWorkos: false,
  loginWithPassword: false,
  signup: 'invite',
};

async function setUp(features: Partial<SignInFeatures>) {
  const c = new Container();
  const errors: string[] = [];
  c.bind(NotifyError).toConstantValue((m: string) => errors.push(m));
  c.bind(NotifyInfo).toConstantValue(() => undefined);
  const fakes = bindPlatformFakes(c);
  fakes.auth.answers.set('features', () => ({ ...none, ...features }));
  renderWithContainer(
    <MemoryRouter>
      <button>Before</button>
      <SessionEntry />
      <SignInDialog />
      <ChooseUsernameDialog />
    </MemoryRouter>,
    c,
  );
  const user = userEvent.setup();
  return { c, ...fakes, errors, user, session: c.get(SessionStore), dialog: c.get(SignInDialogStore) };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('dialog', { name: 'Sign in to Bullpen' });
}

describe('sign-in modal (spec 000 §2)', () => {
  it("shows the spec's texts and a button only for each provider the server enables", async () => {
    const { user } = await setUp({ loginWithGithub: true, loginWithApple: true, loginWithWorkos: true });
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('heading', { name: 'Sign in to Bullpen' })).toBeTruthy();
    expect(within(dialog).getByText('Login or register to start building your projects today.')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sign in with GitHub', 'Sign in with Apple', 'Sign in with SSO']);
    expect(dialog.querySelector('.bp-signin-footer')?.textContent).toBe('By continuing, you agree to the Terms of Service and the Privacy Policy.');
  });

  it('closes on the overlay and on Escape, without signing in; focus stays inside while open and returns after', async () => {
    const { user, session } = await setUp({ loginWithGithub: true, loginWithGoogle: true });
    await openDialog(user);
    await user.click(screen.getByTestId('dialog-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openDialog(user);
    const buttons = within(dialog).getAllByRole('button');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    buttons.at(-1)!.focus();
    await user.tab();
    expect(document.activeElement).toBe(buttons[0]);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(buttons.at(-1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in' }));
    expect(session.state).toBe('UNAUTHENTICATED');
  });

  it('shows the SSO form alone when only SSO is on', async () => {
    const { user } = await setUp({ loginWithWorkos: true });
    const dialog = await openDialog(user);
    expect(within(dialog).getByPlaceholderText('Enter your email')).toBeTruthy();
    expect(within(dialog).queryByText('Not SSO? Sign in')).toBeNull();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Continue with SSO']);
  });

  it('signs in with a provider in a popup: its button shows a spinner until the popup answers; the dialog closes', async () => {
    const { user, windows, auth, session } = await setUp({ loginWithGithub: true, loginWithGoogle: true });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in with GitHub' }));
    expect(windows.last.url).toBe('/api/v1/auth/github?version=2&scope=user%3Aemail');
    const github = within(dialog).getByRole('button', { name: /GitHub|Loading/ });
    expect(github.getAttribute('aria-busy')).toBe('true');
    expect(within(github).getByTestId('button-spinner')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Sign in with Google' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => windows.last.messages.fire({ type: 'signin' }));
    await act(async () => {
      auth.next('currentUser').resolve(ada);
      await flush();
    });
    expect(session.state).toBe('AUTHENTICATED');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says what went wrong: a DUPLICATE account', async () => {
    const { user, windows } = await setUp({ loginWithGoogle: true });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in with Google' }));
    act(() => windows.last.messages.fire({ type: 'duplicate' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/signs in another way.*\(DUPLICATE\)/);
  });

  it('signs in and signs up with a password where the install has accounts', async () => {
    const { user, auth, session } = await setUp({ loginWithPassword: true, signup: 'open' });
    auth.answers.set('passwordSignIn', () => {
      throw new ApiRequestError(401, 'Wrong username or password');
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Username or e-mail'), 'ada');
    await user.type(within(dialog).getByLabelText('Password'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByText('Wrong username or password')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create an account' }));
    auth.answers.set('passwordSignUp', () => ada);
    await user.type(within(dialog).getByLabelText('Username'), 'ada');
    await user.type(within(dialog).getByLabelText('E-mail'), 'ada@example.test');
    await user.type(within(dialog).getByLabelText('Password'), 'a long password');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(session.state).toBe('AUTHENTICATED'));
    expect(auth.calls.at(-1)).toEqual(['passwordSignUp', { username: 'ada', email: 'ada@example.test', password: 'a long password' }]);
  });

  it("after a provider's signup, asks for a username; closing the dialog gives up", async () => {
    const { user, windows, auth, session } = await setUp({ loginWithGithub: true });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Sign in with GitHub' }));
    act(() => windows.last.messages.fire({ type: 'signup', pendingUserId: 'p1' }));
    await act(async () => {
      auth.next('pendingUser').resolve({ id: 'p1', email: 'e', name: null, avatarUrl: null, username: 'ada' });
      await flush();
    });
    const choose = screen.getByRole('dialog', { name: 'Choose a username' });
    const field = within(choose).getByLabelText('Username') as HTMLInputElement;
    expect(field.value).toBe('ada');
    await user.clear(field);
    await user.type(field, '-bad');
    await user.click(within(choose).getByRole('button', { name: 'Create account' }));
    expect(within(choose).getByText(/A username has 1 to 39/)).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(session.state).toBe('UNAUTHENTICATED');
    expect(screen.queryByRole('dialog', { name: 'Choose a username' })).toBeNull();
  });
});

describe('the session entry of the top bar', () => {
  it("is 'Sign in' when signed out; the avatar with a menu (account settings, sign out) when signed in", async () => {
    const { user, auth, session } = await setUp({ loginWithPassword: true });
    auth.answers.set('passwordSignIn', () => ada);
    await act(() => session.signInWithPassword('ada', 'pw'));
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    const trigger = screen.getByRole('button', { name: 'Ada Lovelace: account menu' });
    expect(trigger.querySelector('[data-face=initial]')?.textContent).toBe('A');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Account settings', 'Sign out']);
    expect(document.activeElement?.textContent).toBe('Account settings');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    expect(session.state).toBe('SIGNING_OUT');
    await act(async () => {
      auth.next('signOut').resolve(undefined);
      await flush();
    });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
