import { SignInFeatures, hasOtherMethod, signInOptions } from '../../../../src/domain/session/sign-in-options';

const none: SignInFeatures = {
  loginWithGithub: false,
  loginWithGoogle: false,
  loginWithApple: false,
  loginWithWorkos: false,
  loginWithPassword: false,
  signup: 'invite',
};

describe('signInOptions (spec 000 §2: buttons follow the server feature flags)', () => {
  it('offers a button for each enabled provider only, in the order GitHub, Google, Apple', () => {
    expect(signInOptions({ ...none, loginWithApple: true, loginWithGithub: true }).providers).toEqual(['github', 'apple']);
    expect(signInOptions(none).providers).toEqual([]);
  });

  it('shows the SSO form alone when only SSO is on', () => {
    expect(signInOptions({ ...none, loginWithWorkos: true })).toMatchObject({ sso: true, ssoOnly: true });
    expect(signInOptions({ ...none, loginWithWorkos: true, loginWithGoogle: true })).toMatchObject({ sso: true, ssoOnly: false });
    expect(signInOptions({ ...none, loginWithWorkos: true, loginWithPassword: true })).toMatchObject({ ssoOnly: false });
  });

  it('offers the password form, with sign-up unless sign-up is closed', () => {
    expect(signInOptions({ ...none, loginWithPassword: true })).toMatchObject({ password: true, passwordSignUp: true });
    expect(signInOptions({ ...none, loginWithPassword: true, signup: 'closed' })).toMatchObject({ password: true, passwordSignUp: false });
  });

  it('knows whether a method other than SSO exists', () => {
    expect(hasOtherMethod(signInOptions({ ...none, loginWithWorkos: true }))).toBe(false);
    expect(hasOtherMethod(signInOptions({ ...none, loginWithWorkos: true, loginWithPassword: true }))).toBe(true);
  });
});
