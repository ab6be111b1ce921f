import { Container } from 'inversify';
import { ApiRequestError } from '../../../../src/application/ports/api-request-error';
import { CLI_LOGIN_PATH, CliLoginStore } from '../../../../src/application/session/cli-login.store';
import { CliTokenPageStore } from '../../../../src/application/session/cli-token-page.store';
import { SessionStore } from '../../../../src/application/session/session.store';
import { SignInDialogStore } from '../../../../src/application/session/sign-in-dialog.store';
import { SsoFormStore } from '../../../../src/application/session/sso-form.store';
import { disposeScope } from '../../../../src/composition/scoped-bindings';
import { ensureNoDisposablesAreLeakedInTestSuite } from '../../support/disposable-leaks';
import { ada, allFeatures, flush, platformWithFakes } from './session-fakes';

let containers: Container[] = [];
function setUp() {
  const platform = platformWithFakes();
  containers.push(platform.c);
  return platform;
}

describe('sign-in flows', () => {
  afterEach(() => {
    for (const c of containers) disposeScope(c);
    containers = [];
  });
  ensureNoDisposablesAreLeakedInTestSuite();

  describe('SsoFormStore', () => {
    it('asks for the organisation of the e-mail, then sends the browser to its sign-in page', async () => {
      const { c, auth, windows } = setUp();
      const sso = c.get(SsoFormStore);
      sso.submit('ada@acme.test', true);
      expect(sso.form).toEqual({ state: 'VALIDATING', email: 'ada@acme.test' });
      auth.next('ssoInitialize').resolve('https://idp.acme.test/authorize?x=1');
      await flush();
      expect(sso.form.state).toBe('VALID');
      expect(windows.navigations).toEqual(['https://idp.acme.test/authorize?x=1']);
    });

    it("a 422 shows the spec's text; an empty e-mail does nothing", async () => {
      const { c, auth } = setUp();
      const sso = c.get(SsoFormStore);
      sso.submit('', true);
      expect(auth.calls).toEqual([]);
      sso.submit('ada@nowhere.test', false);
      auth.next('ssoInitialize').reject(new ApiRequestError(422, 'No organisation for nowhere.test'));
      await flush();
      expect(sso.form).toEqual({ state: 'INVALID', message: 'Request failed with status code 422. Please contact your team admin', offerOtherMethod: false });
      sso.edited();
      expect(sso.form.state).toBe('IDLE');
    });
  });

  describe('SignInDialogStore', () => {
    it('opens on the methods (loading the features), switches views, and closes once signed in', async () => {
      const { c, auth } = setUp();
      auth.answers.set('features', () => allFeatures);
      auth.answers.set('passwordSignIn', () => ada);
      const dialog = c.get(SignInDialogStore);
      dialog.open();
      expect(dialog).toMatchObject({ isOpen: true, view: 'methods' });
      expect(auth.names()).toEqual(['features']);
      dialog.show('sso');
      expect(dialog.view).toBe('sso');
      await c.get(SessionStore).signInWithPassword('ada', 'pw');
      expect(dialog.isOpen).toBe(false);
    });
  });

  describe('CliLoginStore (spec 000 §4 "Command-line login")', () => {
    it('opens the login window, takes its CLI_TOKEN, verifies it, stores the dev token and authenticates', async () => {
      const { c, auth, windows, credentials } = setUp();
      const login = c.get(CliLoginStore);
      login.start();
      expect(windows.last.url).toBe(CLI_LOGIN_PATH);
      windows.last.messages.fire({ type: 'signin' });
      windows.last.messages.fire({ type: 'CLI_TOKEN', token: 'one-time' });
      expect(windows.last.closed).toBe(true);
      expect(auth.calls).toEqual([['verifyToken', 'one-time']]);
      auth.next('verifyToken').resolve('bp_dev');
      await flush();
      expect(credentials.token).toBe('bp_dev');
      auth.next('currentUser').resolve(ada);
      await flush();
      await flush();
      expect(login.login).toEqual({ step: 'done' });
      expect(c.get(SessionStore).user).toEqual(ada);
    });

    it('fails when the token does not verify, or the window is closed first', async () => {
      const { c, auth, windows } = setUp();
      const login = c.get(CliLoginStore);
      login.start();
      windows.last.closeByPerson();
      expect(login.login.step).toBe('failed');
      login.start();
      windows.last.messages.fire({ type: 'CLI_TOKEN', token: 'used' });
      auth.next('verifyToken').reject(new ApiRequestError(401, 'This token was already used'));
      await flush();
      expect(login.login).toEqual({ step: 'failed', message: 'This token was already used' });
    });
  });

  describe('CliTokenPageStore (/cli/login)', () => {
    it('waits for the session, fetches a token, shows it and posts it to the opener as CLI_TOKEN', async () => {
      const { c, auth, credentials, windows } = setUp();
      windows.hasOpener = true;
      credentials.signedInValue = true;
      const session = c.get(SessionStore);
      session.start();
      const page = c.get(CliTokenPageStore);
      const visit = page.open();
      expect(page.state).toEqual({ kind: 'waiting' });
      auth.next('currentUser').resolve(ada);
      await flush();
      expect(page.state).toEqual({ kind: 'waiting' });
      auth.next('authToken').resolve('one-time');
      await flush();
      expect(page.state).toEqual({ kind: 'ready', token: 'one-time' });
      expect(windows.posted).toEqual([{ type: 'CLI_TOKEN', token: 'one-time' }]);
      visit.dispose();
    });

    it('signed out, it asks to sign in first and fetches the token once signed in; a failure is shown', async () => {
      const { c, auth } = setUp();
      const session = c.get(SessionStore);
      session.start();
      const page = c.get(CliTokenPageStore);
      const visit = page.open();
      expect(page.state).toEqual({ kind: 'signed-out' });
      auth.answers.set('passwordSignIn', () => ada);
      await session.signInWithPassword('ada', 'pw');
      expect(page.state).toEqual({ kind: 'waiting' });
      auth.next('authToken').reject(new ApiRequestError(500, 'Database unavailable'));
      await flush();
      expect(page.state).toEqual({ kind: 'failed', message: 'Database unavailable' });
      visit.dispose();
    });
  });
});
