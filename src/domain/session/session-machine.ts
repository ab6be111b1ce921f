import { type SessionError, sessionErrors } from './session.errors';
import { type GithubScopeOption, type PopupMessage, type PopupProvider, SIGN_IN_POPUP_HEIGHT, SIGN_IN_POPUP_POLL_MS, SIGN_IN_POPUP_WIDTH, SIGN_IN_TIMEOUT_MS, signInPopupPath } from './sign-in-popup';

/** Spec 000 §4's session states. */
export type SessionStateName = 'UNAUTHENTICATED' | 'AUTHENTICATING' | 'SIGNING_IN' | 'AUTHENTICATED' | 'SIGNING_OUT';

/** Where a sign-in in progress is: waiting for the popup, or for the calls one of its messages started. */
export type SignInStep =
  | { readonly kind: 'popup' }
  /** After the popup's 'signin', or after a new account was finalized ('signup'). */
  | { readonly kind: 'fetching-user'; readonly after: 'signin' | 'signup' }
  | { readonly kind: 'fetching-pending-user'; readonly pendingUserId: string }
  /** A new account: the person picks a username before `POST /users/finalize`. */
  | { readonly kind: 'choosing-username'; readonly pendingUserId: string; readonly suggestedUsername: string }
  | { readonly kind: 'finalizing'; readonly pendingUserId: string }
  /** Password (and other in-page) sign-ins: the server call is under way. */
  | { readonly kind: 'credentials' };

export type SessionMachine<U> =
  | { readonly state: 'UNAUTHENTICATED'; readonly error?: SessionError }
  | { readonly state: 'AUTHENTICATING' }
  | { readonly state: 'SIGNING_IN'; readonly step: SignInStep }
  | { readonly state: 'AUTHENTICATED'; readonly user: U; readonly error?: SessionError }
  | { readonly state: 'SIGNING_OUT'; readonly user: U };

export type SessionEvent<U> =
  /** The page starts: a signed-in cookie or a bearer token means there may be a session to load. */
  | { readonly type: 'start'; readonly hasCredentials: boolean }
  | { readonly type: 'current-user-loaded'; readonly user: U }
  | { readonly type: 'current-user-failed' }
  | { readonly type: 'sign-in'; readonly provider: PopupProvider; readonly scope?: GithubScopeOption }
  | { readonly type: 'popup-message'; readonly message: PopupMessage }
  | { readonly type: 'popup-closed' }
  | { readonly type: 'timed-out' }
  | { readonly type: 'pending-user-loaded'; readonly suggestedUsername: string }
  | { readonly type: 'finalize'; readonly username: string }
  | { readonly type: 'finalized' }
  | { readonly type: 'signup-failed' }
  /** The person gave up choosing a username for a new account (closed the dialog). */
  | { readonly type: 'signup-cancelled' }
  /** An in-page sign-in (password, a command-line token) was sent. */
  | { readonly type: 'credentials-sent' }
  | { readonly type: 'credentials-refused'; readonly message: string }
  | { readonly type: 'sign-out' }
  | { readonly type: 'signed-out' }
  | { readonly type: 'sign-out-failed' }
  /** A response carried the signed-in cookie's value. */
  | { readonly type: 'signed-in-cookie'; readonly value: boolean };

/** What the store must do after a transition. */
export type SessionEffect =
  | { readonly kind: 'fetch-current-user' }
  | { readonly kind: 'open-popup'; readonly path: string; readonly width: number; readonly height: number; readonly pollMs: number }
  | { readonly kind: 'close-popup' }
  | { readonly kind: 'arm-timeout'; readonly ms: number }
  | { readonly kind: 'clear-timeout' }
  | { readonly kind: 'fetch-pending-user'; readonly pendingUserId: string }
  | { readonly kind: 'finalize-user'; readonly pendingUserId: string; readonly username: string }
  | { readonly kind: 'call-sign-out' };

export interface SessionTransition<U> {
  readonly machine: SessionMachine<U>;
  readonly effects: readonly SessionEffect[];
}

export const initialSession = <U>(): SessionMachine<U> => ({ state: 'UNAUTHENTICATED' });

const to = <U>(machine: SessionMachine<U>, effects: readonly SessionEffect[] = []): SessionTransition<U> => ({ machine, effects });
const signedOut = <U>(error?: SessionError): SessionMachine<U> => (error ? { state: 'UNAUTHENTICATED', error } : { state: 'UNAUTHENTICATED' });
/** Ends a popup sign-in: its timer and window go. */
const endPopup: readonly SessionEffect[] = [{ kind: 'clear-timeout' }, { kind: 'close-popup' }];

/**
 * The session state machine of spec 000 §4, as a pure transition: the state after an event and what to do about it.
 * Events that do not apply in a state leave it as it is (a late popup message after a time-out, say).
 */
export function sessionTransition<U>(machine: SessionMachine<U>, event: SessionEvent<U>): SessionTransition<U> {
  switch (event.type) {
    case 'start':
      if (machine.state !== 'UNAUTHENTICATED') return to(machine);
      return event.hasCredentials ? to({ state: 'AUTHENTICATING' }, [{ kind: 'fetch-current-user' }]) : to(signedOut());
    case 'current-user-loaded':
      if (machine.state === 'AUTHENTICATING') return to({ state: 'AUTHENTICATED', user: event.user });
      if (machine.state === 'SIGNING_IN' && (machine.step.kind === 'fetching-user' || machine.step.kind === 'credentials')) {
        return to({ state: 'AUTHENTICATED', user: event.user }, machine.step.kind === 'fetching-user' ? endPopup : []);
      }
      if (machine.state === 'AUTHENTICATED') return to({ state: 'AUTHENTICATED', user: event.user });
      return to(machine);
    case 'current-user-failed':
      if (machine.state === 'AUTHENTICATING') return to(signedOut());
      if (machine.state === 'SIGNING_IN' && machine.step.kind === 'fetching-user') {
        return to(signedOut(machine.step.after === 'signup' ? sessionErrors.signupFailed() : undefined), endPopup);
      }
      return to(machine);
    case 'sign-in': {
      if (machine.state !== 'UNAUTHENTICATED') return to(machine);
      const path = signInPopupPath(event.provider, event.scope);
      return to({ state: 'SIGNING_IN', step: { kind: 'popup' } }, [
        { kind: 'open-popup', path, width: SIGN_IN_POPUP_WIDTH, height: SIGN_IN_POPUP_HEIGHT, pollMs: SIGN_IN_POPUP_POLL_MS },
        { kind: 'arm-timeout', ms: SIGN_IN_TIMEOUT_MS },
      ]);
    }
    case 'popup-message': {
      if (machine.state !== 'SIGNING_IN' || machine.step.kind !== 'popup') return to(machine);
      const message = event.message;
      if (message.type === 'signin') return to({ state: 'SIGNING_IN', step: { kind: 'fetching-user', after: 'signin' } }, [{ kind: 'fetch-current-user' }]);
      if (message.type === 'signup') {
        return to({ state: 'SIGNING_IN', step: { kind: 'fetching-pending-user', pendingUserId: message.pendingUserId } }, [
          { kind: 'fetch-pending-user', pendingUserId: message.pendingUserId },
        ]);
      }
      return to(signedOut(sessionErrors.duplicate()), endPopup);
    }
    case 'popup-closed':
      // Closed without a message: the person gave up. After a message the popup closing is expected.
      if (machine.state === 'SIGNING_IN' && machine.step.kind === 'popup') return to(signedOut(), [{ kind: 'clear-timeout' }]);
      return to(machine);
    case 'timed-out':
      if (machine.state === 'SIGNING_IN' && machine.step.kind !== 'credentials' && machine.step.kind !== 'choosing-username') {
        return to(signedOut(sessionErrors.timeout()), endPopup);
      }
      return to(machine);
    case 'pending-user-loaded':
      if (machine.state !== 'SIGNING_IN' || machine.step.kind !== 'fetching-pending-user') return to(machine);
      // The person takes the time they need to pick a name: the sign-in's timer stops here.
      return to({ state: 'SIGNING_IN', step: { kind: 'choosing-username', pendingUserId: machine.step.pendingUserId, suggestedUsername: event.suggestedUsername } }, endPopup);
    case 'finalize':
      if (machine.state !== 'SIGNING_IN' || machine.step.kind !== 'choosing-username') return to(machine);
      return to({ state: 'SIGNING_IN', step: { kind: 'finalizing', pendingUserId: machine.step.pendingUserId } }, [
        { kind: 'finalize-user', pendingUserId: machine.step.pendingUserId, username: event.username },
      ]);
    case 'finalized':
      if (machine.state !== 'SIGNING_IN' || machine.step.kind !== 'finalizing') return to(machine);
      return to({ state: 'SIGNING_IN', step: { kind: 'fetching-user', after: 'signup' } }, [{ kind: 'fetch-current-user' }]);
    case 'signup-failed':
      if (machine.state !== 'SIGNING_IN') return to(machine);
      return to(signedOut(sessionErrors.signupFailed()), endPopup);
    case 'signup-cancelled':
      if (machine.state !== 'SIGNING_IN' || machine.step.kind !== 'choosing-username') return to(machine);
      return to(signedOut());
    case 'credentials-sent':
      if (machine.state !== 'UNAUTHENTICATED') return to(machine);
      return to({ state: 'SIGNING_IN', step: { kind: 'credentials' } });
    case 'credentials-refused':
      if (machine.state !== 'SIGNING_IN' || machine.step.kind !== 'credentials') return to(machine);
      return to(signedOut(sessionErrors.signInFailed(event.message)));
    case 'sign-out':
      if (machine.state !== 'AUTHENTICATED') return to(machine);
      return to({ state: 'SIGNING_OUT', user: machine.user }, [{ kind: 'call-sign-out' }]);
    case 'signed-out':
      if (machine.state !== 'SIGNING_OUT') return to(machine);
      return to(signedOut());
    case 'sign-out-failed':
      if (machine.state !== 'SIGNING_OUT') return to(machine);
      return to({ state: 'AUTHENTICATED', user: machine.user, error: sessionErrors.signOutFailed() });
    case 'signed-in-cookie':
      if (event.value === false && machine.state === 'AUTHENTICATED') return to(signedOut());
      return to(machine);
  }
}
