import { type DomainError, domainError } from '../../base/result';

/** Why the editor refuses to show a file. */
export type EditorErrorKind = 'file-too-large' | 'file-deleted';

export type EditorError<K extends EditorErrorKind = EditorErrorKind> = DomainError<K>;

/** The exact user-facing texts of the editor context (spec 002 §5), kept in one place. */
export const editorErrors = {
  fileTooLarge: (length: number, limit: number): EditorError<'file-too-large'> =>
    domainError('file-too-large', `File is too large to display (${length} characters), limit is ${limit} characters`),
  /** Opening an editor for a file that is no longer there. */
  fileDeleted: (): EditorError<'file-deleted'> => domainError('file-deleted', 'This file does not exist anymore'),
} as const;
