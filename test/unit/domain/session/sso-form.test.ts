import { SSO_TEXTS, SsoFormState, initialSsoForm, ssoFormTransition, ssoSubmitLabel } from '../../../../src/domain/session/sso-form';

const validating: SsoFormState = { state: 'VALIDATING', email: 'ada@acme.test' };

describe('ssoFormTransition (spec 000 §4 "SSO form": IDLE, VALIDATING, VALID, INVALID)', () => {
  it('starts IDLE with the button reading Continue with SSO', () => {
    expect(initialSsoForm).toEqual({ state: 'IDLE' });
    expect(ssoSubmitLabel(initialSsoForm)).toBe('Continue with SSO');
  });

  it('a submit with an e-mail: VALIDATING, the initialization is asked for, and the button reads Signin in...', () => {
    const next = ssoFormTransition(initialSsoForm, { type: 'submit', email: ' ada@acme.test ' }, true);
    expect(next).toEqual({ form: validating, effects: [{ kind: 'initialize', email: 'ada@acme.test' }] });
    expect(ssoSubmitLabel(next.form)).toBe('Signin in...');
  });

  it('an empty value does nothing (spec 000 §5)', () => {
    expect(ssoFormTransition(initialSsoForm, { type: 'submit', email: '  ' }, true)).toEqual({ form: initialSsoForm, effects: [] });
  });

  it('a second submit while validating is ignored', () => {
    expect(ssoFormTransition(validating, { type: 'submit', email: 'b@acme.test' }, true)).toEqual({ form: validating, effects: [] });
  });

  it('the redirect URL arriving: VALID, and the browser goes there', () => {
    expect(ssoFormTransition(validating, { type: 'initialized', redirectUrl: 'https://idp.test/auth' }, true)).toEqual({
      form: { state: 'VALID', redirectUrl: 'https://idp.test/auth' },
      effects: [{ kind: 'redirect', url: 'https://idp.test/auth' }],
    });
  });

  it('a 422: INVALID with the exact text, and the other-method link only when the install has another method', () => {
    const failed = { type: 'initialize-failed', status: 422, message: 'No organisation' } as const;
    expect(ssoFormTransition(validating, failed, true).form).toEqual({
      state: 'INVALID',
      message: 'Request failed with status code 422. Please contact your team admin',
      offerOtherMethod: true,
    });
    expect(ssoFormTransition(validating, failed, false).form).toMatchObject({ offerOtherMethod: false });
    expect(SSO_TEXTS.otherMethod).toBe('sign in through a different method');
  });

  it('a failure without an answer names it, then asks to contact the admin', () => {
    expect(ssoFormTransition(validating, { type: 'initialize-failed', message: 'Network Error' }, true).form).toMatchObject({
      message: 'Network Error. Please contact your team admin',
    });
  });

  it('editing the e-mail after a failure makes the form IDLE again; answers arriving when not validating change nothing', () => {
    const invalid = ssoFormTransition(validating, { type: 'initialize-failed', status: 422, message: '' }, true).form;
    expect(ssoFormTransition(invalid, { type: 'edit' }, true).form).toEqual(initialSsoForm);
    expect(ssoFormTransition(initialSsoForm, { type: 'initialized', redirectUrl: 'x' }, true).form).toEqual(initialSsoForm);
    expect(ssoFormTransition(initialSsoForm, { type: 'initialize-failed', message: 'x' }, true).form).toEqual(initialSsoForm);
  });
});
