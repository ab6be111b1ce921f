import { Container } from 'inversify';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { POPUP_BLOCKED, SessionStore } from '../../../../src/application/session/session.store';
import { disposeScope } from '../../../../src/composition/scoped-bindings';
import { ensureNoDisposablesAreLeakedInTestSuite } from '../../support/disposable-leaks';
import { ada, allFeatures, flush, platformWithFakes } from './session-fakes';

let containers: Container[] = [];
function setUp() {
  const platform = platformWithFakes();
  containers.push(platform.c);
  return { ...platform, session: platform.c.get(SessionStore) };
}

describe('SessionStore (spec 000 §4 "Session")', () => {
  afterEach(() => {
    for (const c of containers) disposeScope(c);
    containers = [];
    jest.useRealTimers();
  });
  ensureNoDisposablesAreLeakedInTestSuite();

  describe('on start', () => {
    it("with a signed-in cookie of 'true': AUTHENTICATING, the current user is fetched, then AUTHENTICATED", async () => {
      const { session, auth, credentials } = setUp();
      credentials.signedInValue = true;
      session.start();
      expect(session.state).toBe('AUTHENTICATING');
      auth.next('currentUser').resolve(ada);
      await flush();
      expect(session.state).toBe('AUTHENTICATED');
      expect(session.user).toEqual(ada);
    });

    it('with a dev token: AUTHENTICATING too; a failed fetch gives UNAUTHENTICATED', async () => {
      const { session, auth, credentials } = setUp();
      credentials.token = 'bp_dev';
      session.start();
      expect(session.state).toBe('AUTHENTICATING');
      auth.next('currentUser').reject(new ApiRequestError(401, 'Not signed in'));
      await flush();
      expect(session.state).toBe('UNAUTHENTICATED');
      expect(session.user).toBeUndefined();
    });

    it("without credentials (or with the cookie 'false'): UNAUTHENTICATED, nothing fetched", () => {
      const { session, auth, credentials } = setUp();
      credentials.signedInValue = false;
      session.start();
      expect(session.state).toBe('UNAUTHENTICATED');
      expect(auth.calls).toEqual([]);
    });
  });

  describe('popup sign-in', () => {
    it("opens the provider's page at 1020x618, polled every 500 ms; 'signin' fetches the user, closes the popup", async () => {
      const { session, auth, windows } = setUp();
      session.signIn('github');
      expect(session.state).toBe('SIGNING_IN');
      expect(windows.last.url).toBe('/api/v1/auth/github?version=2&scope=user%3Aemail');
      expect(windows.last.options).toEqual({ width: 1020, height: 618, pollMs: 500 });
      windows.last.messages.fire({ type: 'signin' });
      expect(auth.names()).toEqual(['currentUser']);
      auth.next('currentUser').resolve(ada);
      await flush();
      expect(session.state).toBe('AUTHENTICATED');
      expect(windows.last.closed).toBe(true);
    });

    it('asks GitHub for the repositories scope when told', () => {
      const { session, windows } = setUp();
      session.signIn('github', 'private_repos');
      expect(windows.last.url).toBe('/api/v1/auth/github?version=2&scope=user%3Aemail%20repo%20read%3Aorg%20workflow');
      windows.last.closeByPerson();
    });

    it("'signup': the pending user, a username chosen, finalize, then the current user", async () => {
      const { session, auth, windows } = setUp();
      session.signIn('google');
      windows.last.messages.fire({ type: 'signup', pendingUserId: 'p1' });
      auth.next('pendingUser').resolve({ id: 'p1', email: 'ada@x', name: null, avatarUrl: null, username: 'ada' });
      await flush();
      expect(session.machine).toEqual({ state: 'SIGNING_IN', step: { kind: 'choosing-username', pendingUserId: 'p1', suggestedUsername: 'ada' } });
      expect(windows.last.closed).toBe(true);
      session.chooseUsername('ada-l');
      expect(auth.calls.at(-1)).toEqual(['finalize', 'p1', 'ada-l']);
      auth.next('finalize').resolve(undefined);
      await flush();
      auth.next('currentUser').resolve(ada);
      await flush();
      expect(session.state).toBe('AUTHENTICATED');
    });

    it('a failed finalize gives SIGNUP_FAILED', async () => {
      const { session, auth, windows } = setUp();
      session.signIn('google');
      windows.last.messages.fire({ type: 'signup', pendingUserId: 'p1' });
      auth.next('pendingUser').resolve({ id: 'p1', email: 'e', name: null, avatarUrl: null, username: 'ada' });
      await flush();
      session.chooseUsername('ada');
      auth.next('finalize').reject(new ApiRequestError(422, 'Username taken'));
      await flush();
      expect(session.machine).toMatchObject({ state: 'UNAUTHENTICATED', error: { kind: 'SIGNUP_FAILED' } });
    });

    it("'duplicate' gives DUPLICATE and closes the popup; messages that are not the popup's are ignored", () => {
      const { session, windows } = setUp();
      session.signIn('apple');
      windows.last.messages.fire({ type: 'something-else' });
      windows.last.messages.fire('signin');
      expect(session.state).toBe('SIGNING_IN');
      windows.last.messages.fire({ type: 'duplicate' });
      expect(session.machine).toMatchObject({ state: 'UNAUTHENTICATED', error: { kind: 'DUPLICATE' } });
      expect(windows.last.closed).toBe(true);
    });

    it('the popup closed without a message gives UNAUTHENTICATED, without an error', () => {
      const { session, windows } = setUp();
      session.signIn('github');
      windows.last.closeByPerson();
      expect(session.machine).toEqual({ state: 'UNAUTHENTICATED' });
    });

    it('60 seconds with no result gives TIMEOUT', () => {
      jest.useFakeTimers();
      const { session, windows } = setUp();
      session.signIn('github');
      jest.advanceTimersByTime(59_999);
      expect(session.state).toBe('SIGNING_IN');
      jest.advanceTimersByTime(1);
      expect(session.machine).toMatchObject({ state: 'UNAUTHENTICATED', error: { kind: 'TIMEOUT' } });
      expect(windows.last.closed).toBe(true);
    });

    it('a blocked popup says so and leaves the person signed out', () => {
      const { session, windows, errors } = setUp();
      windows.blocked = true;
      session.signIn('github');
      expect(session.state).toBe('UNAUTHENTICATED');
      expect(errors).toEqual([POPUP_BLOCKED]);
    });
  });

  describe('password sign-in and sign-up', () => {
    it('signs in with a username or e-mail; a refusal leaves UNAUTHENTICATED with the server message', async () => {
      const { session, auth } = setUp();
      auth.answers.set('passwordSignIn', () => {
        throw new ApiRequestError(401, 'Wrong username or password');
      });
      await session.signInWithPassword('ada', 'nope');
      expect(session.machine).toMatchObject({ state: 'UNAUTHENTICATED', error: { kind: 'SIGN_IN_FAILED', message: 'Wrong username or password' } });
      auth.answers.set('passwordSignIn', () => ada);
      await session.signInWithPassword('ada@example.test', 'right');
      expect(session.user).toEqual(ada);
      expect(auth.calls.at(-1)).toEqual(['passwordSignIn', { login: 'ada@example.test', password: 'right' }]);
    });

    it('signs up', async () => {
      const { session, auth } = setUp();
      auth.answers.set('passwordSignUp', () => ada);
      await session.signUpWithPassword('ada', 'ada@example.test', 'a long password');
      expect(session.state).toBe('AUTHENTICATED');
      expect(auth.calls).toEqual([['passwordSignUp', { username: 'ada', email: 'ada@example.test', password: 'a long password' }]]);
    });
  });

  describe('sign-out', () => {
    async function signedIn() {
      const setup = setUp();
      setup.auth.answers.set('passwordSignIn', () => ada);
      await setup.session.signInWithPassword('ada', 'pw');
      return setup;
    }

    it('calls the server, then UNAUTHENTICATED; the dev token goes too', async () => {
      const { session, auth, credentials } = await signedIn();
      credentials.token = 'bp_dev';
      session.signOut();
      expect(session.state).toBe('SIGNING_OUT');
      auth.next('signOut').resolve(undefined);
      await flush();
      expect(session.state).toBe('UNAUTHENTICATED');
      expect(credentials.token).toBeUndefined();
    });

    it("a failed call keeps AUTHENTICATED and raises 'Not able to sign you out'", async () => {
      const { session, auth, errors } = await signedIn();
      session.signOut();
      auth.next('signOut').reject(new ApiRequestError(0, 'Network Error'));
      await flush();
      expect(session.machine).toMatchObject({ state: 'AUTHENTICATED', error: { message: 'Not able to sign you out' } });
      expect(errors).toEqual(['Not able to sign you out']);
    });

    it("a response carrying the signed-in cookie 'false' while AUTHENTICATED forces UNAUTHENTICATED", async () => {
      const { session, credentials } = await signedIn();
      credentials.signedInValue = true;
      credentials.responseArrived();
      expect(session.state).toBe('AUTHENTICATED');
      credentials.signedInValue = false;
      credentials.responseArrived();
      expect(session.state).toBe('UNAUTHENTICATED');
    });
  });

  it('authenticate() loads the user with the credentials held (a stored dev token)', async () => {
    const { session, auth } = setUp();
    auth.answers.set('currentUser', () => ada);
    await expect(session.authenticate()).resolves.toBe(true);
    expect(session.user).toEqual(ada);
  });

  it("loads the server's sign-in methods once, and again after a failure", async () => {
    const { session, auth } = setUp();
    auth.answers.set('features', () => {
      throw new ApiRequestError(0, 'Network Error');
    });
    await session.loadFeatures();
    expect(session.features).toEqual({ kind: 'failed', message: 'Network Error' });
    auth.answers.set('features', () => allFeatures);
    await session.loadFeatures();
    await session.loadFeatures();
    expect(session.features).toEqual({ kind: 'loaded', features: allFeatures });
    expect(auth.names()).toEqual(['features', 'features']);
  });
});
