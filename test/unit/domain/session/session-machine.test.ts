import { SessionEvent, SessionMachine, initialSession, sessionTransition } from '../../../../src/domain/session/session-machine';

interface User {
  id: string;
}
const ada: User = { id: 'ada' };
const run = (machine: SessionMachine<User>, ...events: SessionEvent<User>[]) => {
  let at = { machine, effects: [] as readonly unknown[] };
  for (const event of events) at = sessionTransition(at.machine, event);
  return at;
};
const popup: SessionMachine<User> = { state: 'SIGNING_IN', step: { kind: 'popup' } };
const authenticated: SessionMachine<User> = { state: 'AUTHENTICATED', user: ada };

describe('sessionTransition (spec 000 §4 "Session")', () => {
  describe('on start', () => {
    it('with a signed-in cookie or a bearer token: AUTHENTICATING, and the current user is fetched', () => {
      expect(sessionTransition(initialSession<User>(), { type: 'start', hasCredentials: true })).toEqual({
        machine: { state: 'AUTHENTICATING' },
        effects: [{ kind: 'fetch-current-user' }],
      });
    });
    it('without credentials: UNAUTHENTICATED, nothing fetched', () => {
      expect(sessionTransition(initialSession<User>(), { type: 'start', hasCredentials: false })).toEqual({ machine: { state: 'UNAUTHENTICATED' }, effects: [] });
    });
    it('the fetch succeeding gives AUTHENTICATED with the user', () => {
      expect(run({ state: 'AUTHENTICATING' }, { type: 'current-user-loaded', user: ada }).machine).toEqual(authenticated);
    });
    it('the fetch failing gives UNAUTHENTICATED', () => {
      expect(run({ state: 'AUTHENTICATING' }, { type: 'current-user-failed' }).machine).toEqual({ state: 'UNAUTHENTICATED' });
    });
  });

  describe('sign-in through a popup', () => {
    it('opens the provider popup (1020x618, polled every 500 ms) and arms the 60 s time-out', () => {
      expect(sessionTransition(initialSession<User>(), { type: 'sign-in', provider: 'github' })).toEqual({
        machine: popup,
        effects: [
          { kind: 'open-popup', path: '/auth/github?version=2&scope=user%3Aemail', width: 1020, height: 618, pollMs: 500 },
          { kind: 'arm-timeout', ms: 60_000 },
        ],
      });
    });
    it("'signin' fetches the current user; the user arriving ends the popup and gives AUTHENTICATED", () => {
      const afterMessage = sessionTransition(popup, { type: 'popup-message', message: { type: 'signin' } });
      expect(afterMessage.effects).toEqual([{ kind: 'fetch-current-user' }]);
      expect(sessionTransition(afterMessage.machine, { type: 'current-user-loaded', user: ada })).toEqual({
        machine: authenticated,
        effects: [{ kind: 'clear-timeout' }, { kind: 'close-popup' }],
      });
    });
    it("'signin' then a failed fetch gives UNAUTHENTICATED", () => {
      expect(run(popup, { type: 'popup-message', message: { type: 'signin' } }, { type: 'current-user-failed' }).machine).toEqual({ state: 'UNAUTHENTICATED' });
    });
    it("'signup' fetches the pending user, lets the person pick a username, finalizes, then fetches the current user", () => {
      const pending = sessionTransition(popup, { type: 'popup-message', message: { type: 'signup', pendingUserId: 'p1' } });
      expect(pending.effects).toEqual([{ kind: 'fetch-pending-user', pendingUserId: 'p1' }]);
      const choosing = sessionTransition(pending.machine, { type: 'pending-user-loaded', suggestedUsername: 'ada' });
      expect(choosing.machine).toEqual({ state: 'SIGNING_IN', step: { kind: 'choosing-username', pendingUserId: 'p1', suggestedUsername: 'ada' } });
      // Picking a name takes as long as it takes: the sign-in's timer and popup end here.
      expect(choosing.effects).toEqual([{ kind: 'clear-timeout' }, { kind: 'close-popup' }]);
      expect(sessionTransition(choosing.machine, { type: 'timed-out' }).machine).toBe(choosing.machine);
      const finalizing = sessionTransition(choosing.machine, { type: 'finalize', username: 'ada-l' });
      expect(finalizing.effects).toEqual([{ kind: 'finalize-user', pendingUserId: 'p1', username: 'ada-l' }]);
      const fetching = sessionTransition(finalizing.machine, { type: 'finalized' });
      expect(fetching.effects).toEqual([{ kind: 'fetch-current-user' }]);
      expect(sessionTransition(fetching.machine, { type: 'current-user-loaded', user: ada }).machine).toEqual(authenticated);
    });
    it.each([
      ['the pending user cannot be fetched', [{ type: 'popup-message', message: { type: 'signup', pendingUserId: 'p1' } }, { type: 'signup-failed' }]],
      ['finalize fails', [{ type: 'popup-message', message: { type: 'signup', pendingUserId: 'p1' } }, { type: 'pending-user-loaded', suggestedUsername: 'a' }, { type: 'finalize', username: 'a' }, { type: 'signup-failed' }]],
      ['the current user cannot be fetched after finalize', [{ type: 'popup-message', message: { type: 'signup', pendingUserId: 'p1' } }, { type: 'pending-user-loaded', suggestedUsername: 'a' }, { type: 'finalize', username: 'a' }, { type: 'finalized' }, { type: 'current-user-failed' }]],
    ] as [string, SessionEvent<User>[]][])("'signup' fails with SIGNUP_FAILED when %s", (_case, events) => {
      expect(run(popup, ...events).machine).toEqual({ state: 'UNAUTHENTICATED', error: { kind: 'SIGNUP_FAILED', message: 'SIGNUP_FAILED' } });
    });
    it("'duplicate' fails with DUPLICATE and closes the popup", () => {
      expect(sessionTransition(popup, { type: 'popup-message', message: { type: 'duplicate' } })).toEqual({
        machine: { state: 'UNAUTHENTICATED', error: { kind: 'DUPLICATE', message: 'DUPLICATE' } },
        effects: [{ kind: 'clear-timeout' }, { kind: 'close-popup' }],
      });
    });
    it('the popup closed without a message gives UNAUTHENTICATED, without an error', () => {
      expect(sessionTransition(popup, { type: 'popup-closed' })).toEqual({ machine: { state: 'UNAUTHENTICATED' }, effects: [{ kind: 'clear-timeout' }] });
    });
    it('the popup closing after its message changes nothing (the message decides)', () => {
      const fetching = run(popup, { type: 'popup-message', message: { type: 'signin' } }).machine;
      expect(sessionTransition(fetching, { type: 'popup-closed' }).machine).toBe(fetching);
    });
    it('60 seconds without a result fail with TIMEOUT and close the popup', () => {
      expect(sessionTransition(popup, { type: 'timed-out' })).toEqual({
        machine: { state: 'UNAUTHENTICATED', error: { kind: 'TIMEOUT', message: 'TIMEOUT' } },
        effects: [{ kind: 'clear-timeout' }, { kind: 'close-popup' }],
      });
    });
    it('a popup message after the time-out is ignored', () => {
      const timedOut = run(popup, { type: 'timed-out' }).machine;
      expect(sessionTransition(timedOut, { type: 'popup-message', message: { type: 'signin' } })).toEqual({ machine: timedOut, effects: [] });
    });
    it('a second sign-in while one is under way is ignored', () => {
      expect(sessionTransition(popup, { type: 'sign-in', provider: 'google' })).toEqual({ machine: popup, effects: [] });
    });
  });

  describe('in-page sign-in (password)', () => {
    it('SIGNING_IN while the server is asked, AUTHENTICATED with the user it answers', () => {
      const sent = sessionTransition(initialSession<User>(), { type: 'credentials-sent' });
      expect(sent.machine).toEqual({ state: 'SIGNING_IN', step: { kind: 'credentials' } });
      expect(sessionTransition(sent.machine, { type: 'current-user-loaded', user: ada })).toEqual({ machine: authenticated, effects: [] });
    });
    it("a refusal gives UNAUTHENTICATED with the server's message", () => {
      expect(run(initialSession<User>(), { type: 'credentials-sent' }, { type: 'credentials-refused', message: 'Wrong username or password' }).machine).toEqual({
        state: 'UNAUTHENTICATED',
        error: { kind: 'SIGN_IN_FAILED', message: 'Wrong username or password' },
      });
    });
  });

  describe('sign-out', () => {
    it('calls the server (SIGNING_OUT), then UNAUTHENTICATED', () => {
      const signingOut = sessionTransition(authenticated, { type: 'sign-out' });
      expect(signingOut).toEqual({ machine: { state: 'SIGNING_OUT', user: ada }, effects: [{ kind: 'call-sign-out' }] });
      expect(sessionTransition(signingOut.machine, { type: 'signed-out' }).machine).toEqual({ state: 'UNAUTHENTICATED' });
    });
    it("stays AUTHENTICATED with 'Not able to sign you out' when the call fails", () => {
      expect(run(authenticated, { type: 'sign-out' }, { type: 'sign-out-failed' }).machine).toEqual({
        state: 'AUTHENTICATED',
        user: ada,
        error: { kind: 'SIGN_OUT_FAILED', message: 'Not able to sign you out' },
      });
    });
  });

  describe('the signed-in cookie', () => {
    it('a response carrying false while AUTHENTICATED forces UNAUTHENTICATED', () => {
      expect(sessionTransition(authenticated, { type: 'signed-in-cookie', value: false }).machine).toEqual({ state: 'UNAUTHENTICATED' });
    });
    it('true, or false in another state, changes nothing', () => {
      expect(sessionTransition(authenticated, { type: 'signed-in-cookie', value: true }).machine).toBe(authenticated);
      expect(sessionTransition(popup, { type: 'signed-in-cookie', value: false }).machine).toBe(popup);
    });
  });
});

describe('sessionTransition: giving up the username of a new account', () => {
  it('closing the username choice gives UNAUTHENTICATED without an error; elsewhere it changes nothing', () => {
    const choosing: SessionMachine<User> = { state: 'SIGNING_IN', step: { kind: 'choosing-username', pendingUserId: 'p1', suggestedUsername: 'ada' } };
    expect(sessionTransition(choosing, { type: 'signup-cancelled' })).toEqual({ machine: { state: 'UNAUTHENTICATED' }, effects: [] });
    expect(sessionTransition(popup, { type: 'signup-cancelled' }).machine).toBe(popup);
  });
});
