import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, reaction } from 'mobx';
import { Disposable, DisposableBase, toDisposable } from '../../base/lifecycle';
import { CLI_TOKEN_MESSAGE } from '../../domain/session/cli-login';
import { apiFailureMessage } from '../ports/api-request-error';
import { AuthPort } from '../ports/auth.port';
import { AuthWindowsPort } from '../ports/auth-windows.port';
import { SessionStore } from './session.store';

export type CliTokenPageState =
  | { readonly kind: 'waiting' }
  /** The token to paste; also posted to the page that opened this one, when there is one. */
  | { readonly kind: 'ready'; readonly token: string }
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'failed'; readonly message: string };

/**
 * The command-line login page (/cli/login, spec 000 §2): 'Waiting for token...' while the session settles and the
 * token is fetched, then a one-time token to copy; signed out, it asks to sign in first and goes on once signed in.
 */
@injectable()
export class CliTokenPageStore extends DisposableBase {
  state: CliTokenPageState = { kind: 'waiting' };
  private request = 0;
  /** The page's visits still open (ended with the store too). */
  private readonly visits = new Set<Disposable>();

  constructor(
    @inject(AuthPort) private readonly auth: AuthPort,
    @inject(AuthWindowsPort) private readonly windows: AuthWindowsPort,
    @inject(SessionStore) private readonly session: SessionStore,
  ) {
    super();
    makeObservable(this, { state: observable.ref, set: action });
    this.register(() => {
      for (const visit of [...this.visits]) visit.dispose();
    });
  }

  set(state: CliTokenPageState): void {
    this.state = state;
  }

  /** The page shows: follows the session until the returned disposable is disposed (the page left). */
  open(): Disposable {
    this.set({ kind: 'waiting' });
    const stop = reaction(
      () => this.session.state,
      (state) => {
        if (state === 'AUTHENTICATED' && this.state.kind !== 'ready') void this.fetchToken();
        else if (state === 'UNAUTHENTICATED') this.set({ kind: 'signed-out' });
        else if (state === 'AUTHENTICATING') this.set({ kind: 'waiting' });
      },
      { fireImmediately: true },
    );
    const visit = toDisposable(() => {
      stop();
      this.request++;
      this.visits.delete(visit);
    });
    this.visits.add(visit);
    return visit;
  }

  private async fetchToken(): Promise<void> {
    const request = ++this.request;
    this.set({ kind: 'waiting' });
    try {
      const token = await this.auth.authToken();
      if (request !== this.request) return;
      this.set({ kind: 'ready', token });
      this.windows.postToOpener({ type: CLI_TOKEN_MESSAGE, token });
    } catch (error) {
      if (request === this.request) this.set({ kind: 'failed', message: apiFailureMessage(error) });
    }
  }
}
