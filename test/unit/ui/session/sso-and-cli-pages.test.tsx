/** @jest-environment jsdom */
import 'reflect-metadata';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Container } from 'inversify';
import { MemoryRouter } from 'react-router';
import { ReactElement } from 'react';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { SessionStore } from '../../../../src/application/session/session.store';
import { SignInDialogStore } from '../../../../src/application/session/sign-in-dialog.store';
import { NotifyError, NotifyInfo } from '../../../../src/application/tokens';
import { CliLoginPage } from '../../../../src/ui/cli-login/cli-login-page';
import { SignInDialog } from '../../../../src/ui/session/sign-in-dialog';
import { SignInPage, safeReturnPath } from '../../../../src/ui/session/sign-in-page';
import { ada, allFeatures, flush } from '../../application/session/session-fakes';
import { bindPlatformFakes } from '../support/platform-fakes';
import { renderWithContainer } from '../support/render-with-container';

function setUp(ui: ReactElement, path = '/') {
  const c = new Container();
  c.bind(NotifyError).toConstantValue(() => undefined);
  c.bind(NotifyInfo).toConstantValue(() => undefined);
  const fakes = bindPlatformFakes(c);
  fakes.auth.answers.set('features', () => allFeatures);
  renderWithContainer(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>, c);
  return { c, ...fakes, user: userEvent.setup(), session: c.get(SessionStore) };
}

describe('SSO form (spec 000 §2, §5)', () => {
  it("has a required e-mail field ('Enter your email'); 'Continue with SSO' reads 'Signin in...' while validating; the browser goes to the issuer", async () => {
    const { c, user, auth, windows } = setUp(<SignInDialog />);
    act(() => c.get(SignInDialogStore).open());
    await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    const field = screen.getByPlaceholderText('Enter your email') as HTMLInputElement;
    expect([field.type, field.required]).toEqual(['email', true]);
    await user.type(field, 'ada@acme.test');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    expect(screen.getByRole('button', { name: 'Signin in...' })).toBeTruthy();
    expect(auth.calls.at(-1)).toEqual(['ssoInitialize', 'ada@acme.test']);
    await act(async () => {
      auth.next('ssoInitialize').resolve('https://idp.acme.test/start');
      await flush();
    });
    expect(windows.navigations).toEqual(['https://idp.acme.test/start']);
  });

  it("shows the 422 text with 'sign in through a different method', which goes back, as 'Not SSO? Sign in' does", async () => {
    const { c, user, auth } = setUp(<SignInDialog />);
    act(() => c.get(SignInDialogStore).open('sso'));
    await user.type(await screen.findByPlaceholderText('Enter your email'), 'ada@nowhere.test');
    await user.click(screen.getByRole('button', { name: 'Continue with SSO' }));
    await act(async () => {
      auth.next('ssoInitialize').reject(new ApiRequestError(422, 'No organisation'));
      await flush();
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Request failed with status code 422. Please contact your team admin');
    await user.click(within(alert).getByRole('button', { name: 'sign in through a different method' }));
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Sign in with SSO' }));
    await user.click(screen.getByRole('button', { name: 'Not SSO? Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeTruthy();
  });
});

describe('command-line login page (/cli/login)', () => {
  it("shows 'Waiting for token...' while it fetches, then the token with a copy button", async () => {
    const { user, auth, credentials, session } = setUp(<CliLoginPage />);
    credentials.signedInValue = true;
    act(() => session.start());
    expect(screen.getByRole('status').textContent).toContain('Waiting for token...');
    await act(async () => {
      auth.next('currentUser').resolve(ada);
      await flush();
    });
    expect(screen.getByText('Waiting for token...')).toBeTruthy();
    await act(async () => {
      auth.next('authToken').resolve('one-time-token');
      await flush();
    });
    expect((screen.getByLabelText('Token') as HTMLInputElement).value).toBe('one-time-token');
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith('one-time-token');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('signed out, asks to sign in first; a failure to make the token is shown', async () => {
    const { auth, session } = setUp(<CliLoginPage />);
    act(() => session.start());
    expect(screen.getByText('Sign in to get a token for the command line.')).toBeTruthy();
    auth.answers.set('passwordSignIn', () => ada);
    await act(() => session.signInWithPassword('ada', 'pw'));
    await act(async () => {
      auth.next('authToken').reject(new ApiRequestError(500, 'Database unavailable'));
      await flush();
    });
    expect(screen.getByRole('alert').textContent).toBe('The token could not be made: Database unavailable');
  });
});

describe('sign-in page (/signin)', () => {
  it('goes back only to a path on this site', () => {
    expect(safeReturnPath('/account')).toBe('/account');
    expect(['//evil.test', 'https://evil.test', '/\\evil.test', null, ''].map(safeReturnPath)).toEqual(['/', '/', '/', '/', '/']);
  });

  it('shows the sign-in options, then who is signed in with a link back', async () => {
    const { auth, session } = setUp(<SignInPage />, '/signin?returnTo=//evil.test');
    act(() => session.start());
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    auth.answers.set('passwordSignIn', () => ada);
    await act(() => session.signInWithPassword('ada', 'pw'));
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/');
  });
});
