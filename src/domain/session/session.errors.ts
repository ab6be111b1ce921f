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
