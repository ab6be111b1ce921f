import type { PopupProvider } from './sign-in-popup';

/** Spec 000 §2 "Sign-in modal": its texts (Bullpen where the spec says 'the product'). */
export const SIGN_IN_TEXTS = {
  title: 'Sign in to Bullpen',
  intro: 'Login or register to start building your projects today.',
  sso: 'Sign in with SSO',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  /** The footer: continuing means agreeing to both. */
  footerBefore: 'By continuing, you agree to the ',
  footerBetween: ' and the ',
  footerAfter: '.',
  signInEntry: 'Sign in',
  signOut: 'Sign out',
  accountSettings: 'Account settings',
  noMethods: 'No sign-in method is configured on this server.',
} as const;

export const PROVIDER_LABELS: Readonly<Record<PopupProvider, string>> = {
  github: 'Sign in with GitHub',
  google: 'Sign in with Google',
  apple: 'Sign in with Apple',
};

/** Which sign-in methods the server offers (`GET /api/meta/features`, spec 000 §7). */
export interface SignInFeatures {
  readonly loginWithGithub: boolean;
  readonly loginWithGoogle: boolean;
  readonly loginWithApple: boolean;
  readonly loginWithWorkos: boolean;
  readonly loginWithPassword: boolean;
  readonly signup: 'open' | 'invite' | 'closed';
}

/** What the sign-in modal shows for the server's features. */
export interface SignInOptions {
  /** Provider buttons, in the spec's order, only for the enabled providers. */
  readonly providers: readonly PopupProvider[];
  /** The 'Sign in with SSO' link (or, alone, the form). */
  readonly sso: boolean;
  /** Bullpen's own password form (self-hosted installs). */
  readonly password: boolean;
  /** Only SSO is on: the modal shows the SSO form alone (spec 000 §2). */
  readonly ssoOnly: boolean;
  /** Whether the password form offers to create an account. */
  readonly passwordSignUp: boolean;
}

export function signInOptions(features: SignInFeatures): SignInOptions {
  const providers = (
    [
      ['github', features.loginWithGithub],
      ['google', features.loginWithGoogle],
      ['apple', features.loginWithApple],
    ] as const
  )
    .filter(([, on]) => on)
    .map(([provider]) => provider);
  const sso = features.loginWithWorkos;
  const password = features.loginWithPassword;
  return { providers, sso, password, ssoOnly: sso && providers.length === 0 && !password, passwordSignUp: password && features.signup !== 'closed' };
}

/** Whether a method other than SSO exists (the SSO failure's 'sign in through a different method' link). */
export const hasOtherMethod = (options: SignInOptions): boolean => options.providers.length > 0 || options.password;
