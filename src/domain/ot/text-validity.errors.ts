import { type DomainError, domainError } from '../../base/result';

/** Why text cannot be stored in a text document. */
export type TextValidityErrorKind = 'invalid-character' | 'splits-surrogate-pair';

export type TextValidityError = DomainError<TextValidityErrorKind>;

const describe = (code: number): string => (code === 0 ? 'a NUL character' : `an unpaired surrogate (U+${code.toString(16).toUpperCase().padStart(4, '0')})`);

export const textValidityErrors = {
  /** `offset`: where the character is in the text being checked (for an edit: in the text after it). */
  invalidCharacter: (offset: number, code: number): TextValidityError =>
    domainError(
      'invalid-character',
      `Text documents cannot contain ${describe(code)} (at offset ${offset}); it would not be stored unchanged`,
    ),
  splitsPair: (offset: number): TextValidityError =>
    domainError('splits-surrogate-pair', `An edit at offset ${offset} would split a character in two (a UTF-16 surrogate pair)`),
} as const;
