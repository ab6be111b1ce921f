import { editorErrors } from '../../../domain/editor/editor.errors';
import { PitcherErrorCode } from '../../../protocol';
import { FileContent, FsFailure, ReadLimits } from '../ports/workspace-files.port';
import { HandlerResult, fail } from './handler-result';

/** A file-system failure as a wire error: the message plus `data.errno` (libuv's negative errno), as protocol.md §3 fs. */
export const fsFailure = (code: PitcherErrorCode, failure: FsFailure): HandlerResult<never> =>
  fail(code, failure.message, { errno: failure.errno, code: failure.code });

/** Errors that mean "this path does not lead to a usable file in the workspace". */
const PATH_ERRORS = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'ELOOP', 'EINVAL', 'ENAMETOOLONG']);

/** For requests that address a file (file/open, file/save): path problems get the path error code, the rest RAWFS_ERROR. */
export const pathFailure = (failure: FsFailure): HandlerResult<never> =>
  fsFailure(PATH_ERRORS.has(failure.code) ? PitcherErrorCode.INVALID_PATH : PitcherErrorCode.RAWFS_ERROR, failure);

/**
 * A save of a document whose file left the workspace's tree (deleted or moved away on disk, or a directory above it
 * swapped for a symlink) that could not write the file again at its path: INVALID_PATH with the reason and `data.errno`.
 */
export const notOnDisk = (path: string, failure: FsFailure): HandlerResult<never> =>
  fail(
    PitcherErrorCode.INVALID_PATH,
    `${path} is no longer in the workspace (deleted or moved on disk) and cannot be written there again: ${failure.message}. The edits are kept; save again once the path is back`,
    { errno: failure.errno, code: failure.code },
  );

/** A file the editor cannot hold: the spec's limit text for text files (spec 002 §5), a byte limit for binary ones. */
export function fileTooLarge(read: Extract<FileContent, { kind: 'too-large' }>, limits: ReadLimits): HandlerResult<never> {
  if (read.isBinary) {
    return fail(PitcherErrorCode.FILE_TOO_LARGE, `File is too large to open (${read.bytes} bytes), limit is ${limits.maxBinaryBytes} bytes`, {
      limit: limits.maxBinaryBytes,
    });
  }
  const characters = read.characters ?? read.bytes;
  return fail(PitcherErrorCode.FILE_TOO_LARGE, editorErrors.fileTooLarge(characters, limits.maxTextCharacters).message, {
    limit: limits.maxTextCharacters,
  });
}
