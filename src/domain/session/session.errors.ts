import { type DomainError, domainError } from '../../base/result';

export type SessionErrorKind = 'SIGNUP_FAILED' | 'DUPLICATE' | 'TIMEOUT' | 'SIGN_OUT_FAILED' | 'SIGN_IN_FAILED';

export type SessionError<K extends SessionErrorKind = SessionErrorKind> = DomainError<K>;

/** The session context's errors (spec 000 §4, §8); the kinds are the spec's names, the messages its texts. */
export const sessionErrors = {
  signupFailed: (): SessionError<'SIGNUP_FAILED'> => domainError('SIGNUP_FAILED', 'SIGNUP_FAILED'),
  duplicate: (): SessionError<'DUPLICATE'> => domainError('DUPLICATE', 'DUPLICATE'),
  timeout: (): SessionError<'TIMEOUT'> => domainError('TIMEOUT', 'TIMEOUT'),
  signOutFailed: (): SessionError<'SIGN_OUT_FAILED'> => domainError('SIGN_OUT_FAILED', 'Not able to sign you out'),
  /** A password sign-in the server refused: its message (wrong password, rate limited, …). */
  signInFailed: (message: string): SessionError<'SIGN_IN_FAILED'> => domainError('SIGN_IN_FAILED', message),
} as const;

/** What the sign-in dialog says for an error: a sentence, then the spec's name of the error where it has one. */
export function sessionErrorText(error: SessionError): string {
  switch (error.kind) {
    case 'SIGNUP_FAILED':
      return 'Your account could not be created. Try again (SIGNUP_FAILED).';
    case 'DUPLICATE':
      return 'An account with this e-mail signs in another way. Sign in with that method; you can link this one afterwards (DUPLICATE).';
    case 'TIMEOUT':
      return 'The sign-in took too long. Try again (TIMEOUT).';
    default:
      return error.message;
  }
}
