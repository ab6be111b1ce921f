import { FileTreeError } from '../../../../domain/fs/file-tree.errors';
import { RAW_ERRNO, RawFsCall, rawFsMessage, rawFsTexts } from '../../../../domain/fs/raw-fs.errors';
import { PitcherErrorCode } from '../../../../protocol';
import { FsFailure } from '../../ports/workspace-files.port';
import { HandlerResult, fail } from '../handler-result';

/**
 * Wire errors of the fs family. Raw calls fail with RAWFS_ERROR and `data.errno` (libuv's negative errno, which the
 * SDK prints as "<errno>: <message>"), with spec 002 §5's texts where one applies; `data.path` names the path.
 */
export const rawFsFailure = (failure: FsFailure, call: RawFsCall, path: string): HandlerResult<never> =>
  fail(PitcherErrorCode.RAWFS_ERROR, rawFsMessage(failure.code, call) ?? failure.message, {
    errno: failure.errno,
    code: failure.code,
    path: `/${path}`,
  });

/** A failure the server decides itself (root protection, size limits), as a raw error with an errno. */
export const rawFsError = (code: keyof typeof RAW_ERRNO, message: string, path: string): HandlerResult<never> =>
  fail(PitcherErrorCode.RAWFS_ERROR, message, { errno: RAW_ERRNO[code], code, path: `/${path}` });

/** A path that leaves the workspace ('..' above it) or holds a NUL: INVALID_PATH, with EINVAL for raw-fs clients. */
export const invalidPath = (): HandlerResult<never> =>
  fail(PitcherErrorCode.INVALID_PATH, rawFsTexts.invalidPath, { errno: RAW_ERRNO.EINVAL, code: 'EINVAL' });

const ID_ERRORS = new Set(['node-not-found', 'parent-not-found', 'duplicate-id', 'malformed-node']);

/** A tree operation the tree refuses: INVALID_ID for unknown or clashing ids, INVALID_PATH for names and places. */
export const treeFailure = (error: FileTreeError): HandlerResult<never> =>
  fail(ID_ERRORS.has(error.kind) ? PitcherErrorCode.INVALID_ID : PitcherErrorCode.INVALID_PATH, error.message);
