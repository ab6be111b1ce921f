import { type DomainError, domainError } from '../../base/result';

/** Why an operation could not be applied, composed, transformed or decoded. */
export type OtErrorKind = 'base-length-mismatch' | 'compose-length-mismatch' | 'transform-length-mismatch' | 'malformed-operation';

export type OtError = DomainError<OtErrorKind>;

/** The exact user-facing texts of the OT context, kept in one place. */
export const otErrors = {
  baseLengthMismatch: (baseLength: number, documentLength: number): OtError =>
    domainError(
      'base-length-mismatch',
      `An operation's base length must equal the document length (operation base length ${baseLength}, document length ${documentLength})`,
    ),
  composeLengthMismatch: (firstTargetLength: number, secondBaseLength: number): OtError =>
    domainError(
      'compose-length-mismatch',
      `The base length of the second operation must equal the target length of the first (first target length ${firstTargetLength}, second base length ${secondBaseLength})`,
    ),
  transformLengthMismatch: (firstBaseLength: number, secondBaseLength: number): OtError =>
    domainError(
      'transform-length-mismatch',
      `Concurrent operations must have the same base length (first base length ${firstBaseLength}, second base length ${secondBaseLength})`,
    ),
  malformedOperation: (detail: string): OtError => domainError('malformed-operation', `Malformed operation: ${detail}`),
} as const;
