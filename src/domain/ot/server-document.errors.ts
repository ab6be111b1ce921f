import { type DomainError, domainError } from '../../base/result';
import { editorErrors } from '../editor/editor.errors';
import type { OtErrorKind } from './text-operation.errors';
import type { TextValidityErrorKind } from './text-validity.errors';

/** Why the server rejected a client's operation (the client then resyncs). */
export type ServerDocumentErrorKind =
  | 'revision-out-of-range'
  | 'revision-too-old'
  | 'stale-seq'
  | 'file-too-large'
  | OtErrorKind
  | TextValidityErrorKind;

export type ServerDocumentError = DomainError<ServerDocumentErrorKind>;

export const serverDocumentErrors = {
  revisionOutOfRange: (revision: number, current: number): ServerDocumentError =>
    domainError('revision-out-of-range', `Operation revision ${revision} is out of range (expected an integer from 0 to the current revision ${current})`),
  revisionTooOld: (revision: number, oldestKept: number): ServerDocumentError =>
    domainError(
      'revision-too-old',
      `Operation revision ${revision} is older than the kept history (oldest kept revision ${oldestKept}); the client must resync`,
    ),
  staleSeq: (seq: number, lastSeq: number): ServerDocumentError =>
    domainError('stale-seq', `Operation sequence number ${seq} is older than the last one applied for this client (${lastSeq})`),
  /** The spec's limit text (spec 002 §5): an operation may not grow a document past what the editor can display. */
  tooLarge: (length: number, limit: number): ServerDocumentError => editorErrors.fileTooLarge(length, limit),
} as const;
