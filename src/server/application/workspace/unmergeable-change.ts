import { editorErrors } from '../../../domain/editor/editor.errors';
import { ServerDocumentError } from '../../../domain/ot/server-document.errors';
import { PitcherErrorCode } from '../../../protocol';
import { FileContent, ReadLimits } from '../ports/workspace-files.port';
import { HandlerResult, fail } from './handler-result';

/**
 * A change made on disk that an open document cannot take: the file is no longer text the editor can hold, or the
 * change cannot be merged with the unsaved edits. The document is then closed for editing (DocumentHub): `code` is
 * what its edits and saves are refused with from then on, `reason` what its users are told.
 */
export interface UnmergeableChange {
  readonly code: PitcherErrorCode;
  readonly reason: string;
  readonly data?: unknown;
}

/** The wire code of an error of the OT document (also for an operation a client sent). */
export function documentErrorCode(error: ServerDocumentError): PitcherErrorCode {
  switch (error.kind) {
    case 'revision-out-of-range':
    case 'revision-too-old':
    case 'stale-seq':
      return PitcherErrorCode.INVALID_REVISION;
    case 'file-too-large':
      return PitcherErrorCode.FILE_TOO_LARGE;
    case 'invalid-character':
    case 'splits-surrogate-pair':
      return PitcherErrorCode.INVALID_TEXT;
    default:
      return PitcherErrorCode.INVALID_OPERATION;
  }
}

/** The file on disk grew past the spec's limit (its exact text, spec 002 §5) or is binary now. */
export function unmergeableContent(read: Exclude<FileContent, { kind: 'text' }>, limits: ReadLimits): UnmergeableChange {
  if (read.kind === 'too-large' && !read.isBinary) {
    const limit = limits.maxTextCharacters;
    return { code: PitcherErrorCode.FILE_TOO_LARGE, reason: editorErrors.fileTooLarge(read.characters ?? read.bytes, limit).message, data: { limit } };
  }
  return { code: PitcherErrorCode.INVALID_TEXT, reason: 'it is not a text file any more' };
}

/** The change on disk and the unsaved edits do not merge (typically: together they pass the limit). */
export function unmergeableEdits(error: ServerDocumentError): UnmergeableChange {
  return { code: documentErrorCode(error), reason: `it cannot be merged with the unsaved edits: ${error.message}` };
}

/** What the users of the closed document are told, and the message its edits and saves are refused with. */
export const closedMessage = (path: string, change: UnmergeableChange): string =>
  `${path} changed on disk and was closed for editing, so that the change on disk is kept: ${change.reason}`;

/** The refusal of an edit or save of the closed document. */
export const closedForEditing = (message: string, change: UnmergeableChange): HandlerResult<never> => fail(change.code, message, change.data);
