import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { CliLoginEffect, CliLoginEvent, CliLoginState, cliLoginTransition, parseCliTokenMessage } from '../../domain/session/cli-login';
import { SIGN_IN_POPUP_HEIGHT, SIGN_IN_POPUP_POLL_MS, SIGN_IN_POPUP_WIDTH } from '../../domain/session/sign-in-popup';
import { apiFailureMessage } from '../ports/api-request-error';
import { AuthPort, CredentialsPort } from '../ports/auth.port';
import { AuthWindow, AuthWindowsPort } from '../ports/auth-windows.port';
import { SessionStore } from './session.store';

export const CLI_LOGIN_PATH = '/cli/login';
export const CLI_LOGIN_BLOCKED = 'The login window was blocked by the browser';
export const CLI_LOGIN_NOT_AUTHENTICATED = 'The dev token did not sign you in';

/**
 * Command-line login (spec 000 §4), for a page that signs in with a dev token (an embedded editor, say): opens the
 * login window (/cli/login), waits for its CLI_TOKEN message, verifies the token, stores the dev token, authenticates.
 */
@injectable()
export class CliLoginStore extends DisposableBase {
  login: CliLoginState = { step: 'idle' };
  private window: AuthWindow | undefined;

  constructor(
    @inject(AuthPort) private readonly auth: AuthPort,
    @inject(CredentialsPort) private readonly credentials: CredentialsPort,
    @inject(AuthWindowsPort) private readonly windows: AuthWindowsPort,
    @inject(SessionStore) private readonly session: SessionStore,
  ) {
    super();
    makeObservable<CliLoginStore, 'dispatch'>(this, { login: observable.ref, dispatch: action });
    this.register(() => this.window?.dispose());
  }

  start(): void {
    this.dispatch({ type: 'start' });
  }

  private dispatch(event: CliLoginEvent): void {
    const { login, effects } = cliLoginTransition(this.login, event);
    this.login = login;
    for (const effect of effects) this.run(effect);
  }

  private run(effect: CliLoginEffect): void {
    switch (effect.kind) {
      case 'open-login-window': {
        this.window?.dispose();
        const opened = this.windows.open(CLI_LOGIN_PATH, { width: SIGN_IN_POPUP_WIDTH, height: SIGN_IN_POPUP_HEIGHT, pollMs: SIGN_IN_POPUP_POLL_MS });
        if (!opened) {
          this.dispatch({ type: 'window-closed' });
          return;
        }
        this.window = opened;
        opened.onDidPostMessage((data) => {
          const token = parseCliTokenMessage(data);
          if (token) this.dispatch({ type: 'token-received', token });
        });
        opened.onDidClose(() => this.dispatch({ type: 'window-closed' }));
        return;
      }
      case 'close-login-window':
        this.window?.close();
        this.window = undefined;
        return;
      case 'verify-token':
        this.auth.verifyToken(effect.token).then(
          (devToken) => this.dispatch({ type: 'verified', devToken }),
          (error: unknown) => this.dispatch({ type: 'verify-failed', message: apiFailureMessage(error) }),
        );
        return;
      case 'store-dev-token':
        this.credentials.storeDevToken(effect.devToken);
        return;
      case 'authenticate':
        this.session.authenticate().then(
          (ok) => this.dispatch(ok ? { type: 'authenticated' } : { type: 'authenticate-failed', message: CLI_LOGIN_NOT_AUTHENTICATED }),
          (error: unknown) => this.dispatch({ type: 'authenticate-failed', message: apiFailureMessage(error) }),
        );
        return;
    }
  }
}
