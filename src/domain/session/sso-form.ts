/** Spec 000 §2 "SSO form" and §5: its texts. */
export const SSO_TEXTS = {
  emailPlaceholder: 'Enter your email',
  submit: 'Continue with SSO',
  submitting: 'Signin in...',
  back: 'Not SSO? Sign in',
  /** What follows the failure's own text (spec 000 §5: 'Request failed with status code 422. Please contact your team admin'). */
  contactAdmin: 'Please contact your team admin',
  otherMethod: 'sign in through a different method',
} as const;

/** Spec 000 §4 "SSO form": IDLE, VALIDATING, VALID, INVALID. */
export type SsoFormState =
  | { readonly state: 'IDLE' }
  | { readonly state: 'VALIDATING'; readonly email: string }
  /** The organisation's sign-in page is known: the browser goes there. */
  | { readonly state: 'VALID'; readonly redirectUrl: string }
  | { readonly state: 'INVALID'; readonly message: string; readonly offerOtherMethod: boolean };

export type SsoFormEvent =
  | { readonly type: 'submit'; readonly email: string }
  | { readonly type: 'initialized'; readonly redirectUrl: string }
  /** The initialization failed: with the HTTP status when the server answered (422: no organisation for the domain). */
  | { readonly type: 'initialize-failed'; readonly status?: number; readonly message: string }
  /** The e-mail was edited after a failure: the form is ready again. */
  | { readonly type: 'edit' };

export type SsoFormEffect = { readonly kind: 'initialize'; readonly email: string } | { readonly kind: 'redirect'; readonly url: string };

export interface SsoFormTransition {
  readonly form: SsoFormState;
  readonly effects: readonly SsoFormEffect[];
}

export const initialSsoForm: SsoFormState = { state: 'IDLE' };

/** 'Request failed with status code 422. Please contact your team admin' (spec 000 §5); without an answer, the failure's own text. */
export function ssoFailureText(status: number | undefined, message: string): string {
  const failure = status === undefined ? message.replace(/\.$/, '') : `Request failed with status code ${status}`;
  return `${failure}. ${SSO_TEXTS.contactAdmin}`;
}

/**
 * The SSO form as a pure transition. A submit with an empty e-mail does nothing (spec 000 §5: the field is required);
 * one while validating is ignored. A failed initialization shows the 422 text of spec 000 §5 (the status is the
 * server's), with the link to another sign-in method when the install offers one (`otherMethods`).
 */
export function ssoFormTransition(form: SsoFormState, event: SsoFormEvent, otherMethods: boolean): SsoFormTransition {
  switch (event.type) {
    case 'submit': {
      const email = event.email.trim();
      if (email === '' || form.state === 'VALIDATING' || form.state === 'VALID') return { form, effects: [] };
      return { form: { state: 'VALIDATING', email }, effects: [{ kind: 'initialize', email }] };
    }
    case 'initialized':
      if (form.state !== 'VALIDATING') return { form, effects: [] };
      return { form: { state: 'VALID', redirectUrl: event.redirectUrl }, effects: [{ kind: 'redirect', url: event.redirectUrl }] };
    case 'initialize-failed':
      if (form.state !== 'VALIDATING') return { form, effects: [] };
      return { form: { state: 'INVALID', message: ssoFailureText(event.status, event.message), offerOtherMethod: otherMethods }, effects: [] };
    case 'edit':
      return form.state === 'INVALID' ? { form: initialSsoForm, effects: [] } : { form, effects: [] };
  }
}

/** The submit button's label: 'Signin in...' while validating (and while the browser leaves for the issuer). */
export const ssoSubmitLabel = (form: SsoFormState): string => (form.state === 'VALIDATING' || form.state === 'VALID' ? SSO_TEXTS.submitting : SSO_TEXTS.submit);
