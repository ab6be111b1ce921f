import { type DomainError, type Result, err, ok } from '../../base/result';
import { editorErrors } from './editor.errors';

/** Longest file, in characters (UTF-16 code units), the editor displays (spec 002 §9). */
export const MAX_DISPLAYED_FILE_SIZE = 5_000_000;

/** Refuses a file whose text is longer than MAX_DISPLAYED_FILE_SIZE characters. */
export function checkDisplayable(length: number): Result<void, DomainError<'file-too-large'>> {
  if (length > MAX_DISPLAYED_FILE_SIZE) return err(editorErrors.fileTooLarge(length, MAX_DISPLAYED_FILE_SIZE));
  return ok(undefined);
}
