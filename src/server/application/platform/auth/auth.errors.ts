import { type DomainError, domainError } from '../../../../base/result';

export type AuthErrorKind =
  | 'unauthenticated'
  | 'invalid-credentials'
  | 'rate-limited'
  | 'signup-closed'
  | 'signup-invite-only'
  | 'username-taken'
  | 'email-taken'
  | 'not-found'
  | 'wrong-password'
  | 'confirmation-mismatch'
  | 'invalid-token'
  | 'forbidden';

export type AuthError<K extends AuthErrorKind = AuthErrorKind> = DomainError<K> & { readonly retryAfterSeconds?: number };

/** The texts of the account and sign-in calls, in one place. The edge maps the kinds to statuses. */
export const authErrors = {
  unauthenticated: (): AuthError<'unauthenticated'> => domainError('unauthenticated', 'Sign in to do this'),
  invalidCredentials: (): AuthError<'invalid-credentials'> => domainError('invalid-credentials', 'Wrong username, e-mail or password'),
  rateLimited: (retryAfterSeconds: number): AuthError<'rate-limited'> => ({
    ...domainError('rate-limited', `Too many attempts: try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute${retryAfterSeconds > 60 ? 's' : ''}`),
    retryAfterSeconds,
  }),
  signupClosed: (): AuthError<'signup-closed'> => domainError('signup-closed', 'Sign-up is closed on this Bullpen: ask its owner for an account'),
  signupInviteOnly: (): AuthError<'signup-invite-only'> =>
    domainError('signup-invite-only', 'Sign-up on this Bullpen is by invitation: ask a team admin to invite your e-mail address'),
  usernameTaken: (): AuthError<'username-taken'> => domainError('username-taken', 'That username is taken'),
  emailTaken: (): AuthError<'email-taken'> => domainError('email-taken', 'An account with that e-mail address exists: sign in instead'),
  notFound: (what: string): AuthError<'not-found'> => domainError('not-found', `${what} not found`),
  wrongPassword: (): AuthError<'wrong-password'> => domainError('wrong-password', 'The current password is wrong'),
  confirmationMismatch: (): AuthError<'confirmation-mismatch'> => domainError('confirmation-mismatch', 'Type your username to confirm'),
  invalidToken: (): AuthError<'invalid-token'> => domainError('invalid-token', 'This token is not valid: it was used, revoked or has expired'),
  forbidden: (): AuthError<'forbidden'> => domainError('forbidden', 'You may not do this'),
} as const;
