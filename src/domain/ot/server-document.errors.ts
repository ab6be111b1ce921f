import { type DomainError, domainError } from '../../base/result';
import type { OtErrorKind } from './text-operation.errors';

/** Why the server rejected a client's operation (the client then resyncs). */
export type ServerDocumentErrorKind = 'revision-out-of-range' | 'revision-too-old' | OtErrorKind;

export type ServerDocumentError = DomainError<ServerDocumentErrorKind>;

export const serverDocumentErrors = {
  revisionOutOfRange: (revision: number, current: number): ServerDocumentError =>
    domainError('revision-out-of-range', `Operation revision ${revision} is out of range (expected an integer from 0 to the current revision ${current})`),
  revisionTooOld: (revision: number, oldestKept: number): ServerDocumentError =>
    domainError(
      'revision-too-old',
      `Operation revision ${revision} is older than the kept history (oldest kept revision ${oldestKept}); the client must resync`,
    ),
} as const;
