/** `GET /api/meta/features`: which sign-in methods this install offers (spec 000 §7; `loginWithPassword` is Bullpen's). */
export interface MetaFeatures {
  loginWithGithub: boolean;
  loginWithGoogle: boolean;
  loginWithApple: boolean;
  /** Organisation SSO through OpenID Connect (the SSO form). */
  loginWithWorkos: boolean;
  loginWithPassword: boolean;
  /** Whether a person without an invitation may sign up with a password: 'open', 'invite' (default) or 'closed'. */
  signup: 'open' | 'invite' | 'closed';
}
