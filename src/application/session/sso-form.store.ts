import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { SsoFormEffect, SsoFormEvent, SsoFormState, initialSsoForm, ssoFormTransition } from '../../domain/session/sso-form';
import { apiFailureMessage, ApiRequestError } from '../ports/api-request-error';
import { AuthPort } from '../ports/auth.port';
import { AuthWindowsPort } from '../ports/auth-windows.port';

/** The SSO form (spec 000 §2, §4, §5): the e-mail's organisation is asked for, then the browser goes to its issuer. */
@injectable()
export class SsoFormStore {
  form: SsoFormState = initialSsoForm;
  /** Whether the install has another sign-in method (the failure's 'sign in through a different method' link). */
  private otherMethods = false;

  constructor(
    @inject(AuthPort) private readonly auth: AuthPort,
    @inject(AuthWindowsPort) private readonly windows: AuthWindowsPort,
  ) {
    makeObservable<SsoFormStore, 'dispatch'>(this, { form: observable.ref, dispatch: action, reset: action });
  }

  submit(email: string, otherMethods: boolean): void {
    this.otherMethods = otherMethods;
    this.dispatch({ type: 'submit', email });
  }

  edited(): void {
    this.dispatch({ type: 'edit' });
  }

  reset(): void {
    this.form = initialSsoForm;
  }

  private dispatch(event: SsoFormEvent): void {
    const { form, effects } = ssoFormTransition(this.form, event, this.otherMethods);
    this.form = form;
    for (const effect of effects) this.run(effect);
  }

  private run(effect: SsoFormEffect): void {
    if (effect.kind === 'redirect') {
      this.windows.navigate(effect.url);
      return;
    }
    this.auth.ssoInitialize(effect.email).then(
      (redirectUrl) => this.dispatch({ type: 'initialized', redirectUrl }),
      (error: unknown) =>
        this.dispatch({
          type: 'initialize-failed',
          message: apiFailureMessage(error),
          ...(error instanceof ApiRequestError && error.status > 0 ? { status: error.status } : {}),
        }),
    );
  }
}
