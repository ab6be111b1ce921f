import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction, when } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { SessionEffect, SessionEvent, SessionMachine, initialSession, sessionTransition } from '../../domain/session/session-machine';
import { type GithubScopeOption, type PopupProvider, parsePopupMessage } from '../../domain/session/sign-in-popup';
import type { SignInFeatures } from '../../domain/session/sign-in-options';
import { apiFailureMessage } from '../ports/api-request-error';
import { AuthPort, CredentialsPort, CurrentUser } from '../ports/auth.port';
import { AuthWindow, AuthWindowsPort } from '../ports/auth-windows.port';
import { NotifyError } from '../tokens';

/** The server's sign-in methods, once asked for. */
export type FeaturesState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'loaded'; readonly features: SignInFeatures }
  | { readonly kind: 'failed'; readonly message: string };

export const POPUP_BLOCKED = 'The sign-in window was blocked by the browser. Allow pop-ups for this site and try again.';

/**
 * The session (spec 000 §4) for the whole page: runs the pure session machine against the AuthPort. Popup sign-in
 * (its window polled every 500 ms, 60 s time-out, messages parsed with parsePopupMessage), the new account's username
 * and finalize, password sign-in and sign-up, sign-out ('Not able to sign you out'), and the signed-in cookie read
 * after every response (false while AUTHENTICATED signs out).
 */
@injectable()
export class SessionStore extends DisposableBase {
  machine: SessionMachine<CurrentUser> = initialSession();
  features: FeaturesState = { kind: 'idle' };
  private popup: AuthWindow | undefined;
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private started = false;

  constructor(
    @inject(AuthPort) private readonly auth: AuthPort,
    @inject(CredentialsPort) private readonly credentials: CredentialsPort,
    @inject(AuthWindowsPort) private readonly windows: AuthWindowsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    super();
    makeObservable<SessionStore, 'dispatch'>(this, {
      machine: observable.ref,
      features: observable.ref,
      user: computed,
      state: computed,
      dispatch: action,
    });
    this.register(credentials.onDidReadSignedIn((value) => this.dispatch({ type: 'signed-in-cookie', value })));
    this.register(() => {
      clearTimeout(this.timeout);
      this.popup?.dispose();
    });
  }

  get state(): SessionMachine<CurrentUser>['state'] {
    return this.machine.state;
  }

  /** The person signed in (also while signing out). */
  get user(): CurrentUser | undefined {
    return this.machine.state === 'AUTHENTICATED' || this.machine.state === 'SIGNING_OUT' ? this.machine.user : undefined;
  }

  /** The page starts: a signed-in cookie of 'true' or a held dev token means there is a session to load. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.dispatch({ type: 'start', hasCredentials: this.credentials.signedIn() === true || this.credentials.devToken() !== undefined });
  }

  /** Asks the server for its sign-in methods (once; again after a failure). */
  async loadFeatures(): Promise<void> {
    if (this.features.kind === 'loading' || this.features.kind === 'loaded') return;
    runInAction(() => (this.features = { kind: 'loading' }));
    try {
      const features = await this.auth.features();
      runInAction(() => (this.features = { kind: 'loaded', features }));
    } catch (error) {
      runInAction(() => (this.features = { kind: 'failed', message: apiFailureMessage(error) }));
    }
  }

  signIn(provider: PopupProvider, scope?: GithubScopeOption): void {
    this.dispatch(scope ? { type: 'sign-in', provider, scope } : { type: 'sign-in', provider });
  }

  /** The username the person chose for their new account (after a provider's 'signup'). */
  chooseUsername(username: string): void {
    this.dispatch({ type: 'finalize', username });
  }

  /** The person closed the username choice: no account is made. */
  cancelSignUp(): void {
    this.dispatch({ type: 'signup-cancelled' });
  }

  signInWithPassword(login: string, password: string): Promise<void> {
    return this.sendCredentials(() => this.auth.passwordSignIn({ login, password }));
  }

  signUpWithPassword(username: string, email: string, password: string): Promise<void> {
    return this.sendCredentials(() => this.auth.passwordSignUp({ username, email, password }));
  }

  signOut(): void {
    this.dispatch({ type: 'sign-out' });
  }

  /** Loads the current user with the credentials held now (a stored dev token): AUTHENTICATED, or not. */
  async authenticate(): Promise<boolean> {
    this.dispatch({ type: 'start', hasCredentials: true });
    await when(() => this.machine.state !== 'AUTHENTICATING');
    return this.machine.state === 'AUTHENTICATED';
  }

  /** The account page changed the person (a new username, say). */
  userChanged(user: CurrentUser): void {
    if (this.machine.state === 'AUTHENTICATED') this.dispatch({ type: 'current-user-loaded', user });
  }

  /** The account was deleted: nothing of the session is left. */
  forget(): void {
    this.credentials.clearDevToken();
    if (this.machine.state === 'AUTHENTICATED') this.dispatch({ type: 'signed-in-cookie', value: false });
  }

  private async sendCredentials(call: () => Promise<CurrentUser>): Promise<void> {
    if (this.machine.state !== 'UNAUTHENTICATED') return;
    this.dispatch({ type: 'credentials-sent' });
    try {
      this.dispatch({ type: 'current-user-loaded', user: await call() });
    } catch (error) {
      this.dispatch({ type: 'credentials-refused', message: apiFailureMessage(error) });
    }
  }

  private dispatch(event: SessionEvent<CurrentUser>): void {
    const { machine, effects } = sessionTransition(this.machine, event);
    this.machine = machine;
    for (const effect of effects) this.run(effect);
  }

  private run(effect: SessionEffect): void {
    switch (effect.kind) {
      case 'fetch-current-user':
        this.auth.currentUser().then(
          (user) => this.dispatch({ type: 'current-user-loaded', user }),
          () => this.dispatch({ type: 'current-user-failed' }),
        );
        return;
      case 'open-popup':
        this.openPopup(effect.path, effect.width, effect.height, effect.pollMs);
        return;
      case 'close-popup':
        this.popup?.close();
        this.popup = undefined;
        return;
      case 'arm-timeout':
        clearTimeout(this.timeout);
        this.timeout = setTimeout(() => this.dispatch({ type: 'timed-out' }), effect.ms);
        return;
      case 'clear-timeout':
        clearTimeout(this.timeout);
        this.timeout = undefined;
        return;
      case 'fetch-pending-user':
        this.auth.pendingUser(effect.pendingUserId).then(
          (pending) => this.dispatch({ type: 'pending-user-loaded', suggestedUsername: pending.username }),
          () => this.dispatch({ type: 'signup-failed' }),
        );
        return;
      case 'finalize-user':
        this.auth.finalize(effect.pendingUserId, effect.username).then(
          () => this.dispatch({ type: 'finalized' }),
          () => this.dispatch({ type: 'signup-failed' }),
        );
        return;
      case 'call-sign-out':
        this.auth.signOut().then(
          () => {
            this.credentials.clearDevToken();
            this.dispatch({ type: 'signed-out' });
          },
          () => {
            this.dispatch({ type: 'sign-out-failed' });
            this.notifyError('Not able to sign you out');
          },
        );
        return;
    }
  }

  private openPopup(path: string, width: number, height: number, pollMs: number): void {
    this.popup?.dispose();
    const popup = this.windows.open(this.auth.popupUrl(path), { width, height, pollMs });
    if (!popup) {
      this.notifyError(POPUP_BLOCKED);
      this.dispatch({ type: 'popup-closed' });
      return;
    }
    this.popup = popup;
    popup.onDidPostMessage((data) => {
      const message = parsePopupMessage(data);
      if (message) this.dispatch({ type: 'popup-message', message });
    });
    popup.onDidClose(() => {
      if (this.popup === popup) this.popup = undefined;
      this.dispatch({ type: 'popup-closed' });
    });
  }
}
