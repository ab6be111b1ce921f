import { constants } from 'node:os';
import { getSystemErrorMap } from 'node:util';

import type { FsFailure } from '../../application/ports/workspace-files.port';

/**
 * A file-system failure as a value (the port's FsFailure): Node's negative errno and code, and a message naming
 * the workspace-relative path (never the host path), e.g. "ENOENT: no such file or directory, open 'src/x.ts'".
 */
export type { FsFailure };

/** An errno error as Node's fs raises it; the confined adapter also raises its own (EACCES on escape). */
export interface ErrnoError extends Error {
  errno: number;
  code: string;
}

export function isErrnoError(error: unknown): error is ErrnoError {
  // Duck-typed: errors made by Node's fs need not be instances of this realm's Error (jest, vm).
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as Partial<ErrnoError>).code === 'string' &&
    typeof (error as Partial<ErrnoError>).errno === 'number'
  );
}

/** Node's (negative, libuv-style) errno of a POSIX error code, e.g. -13 for 'EACCES'. */
export function errnoOf(code: string): number {
  const errno = (constants.errno as Record<string, number | undefined>)[code];
  if (errno === undefined) throw new Error(`Unknown errno code ${code}`);
  return -errno;
}

/** An errno error made here, carrying no host path; turned into an FsFailure at the module's edge. */
export function errnoError(code: string): ErrnoError {
  const errno = errnoOf(code);
  const error = new Error(`${code}: ${describe(errno, code)}`) as ErrnoError;
  error.errno = errno;
  error.code = code;
  return error;
}

/**
 * The failure for an errno error, named after the operation the caller asked for (`syscall`), not
 * the internal call that failed; any other exception is a broken invariant and is rethrown.
 */
export function failureFromError(error: unknown, path: string, syscall: string): FsFailure {
  if (!isErrnoError(error)) throw error;
  return fsFailure(error.code, path, syscall);
}

export function fsFailure(code: string, path: string, syscall: string): FsFailure {
  const errno = errnoOf(code);
  return { errno, code, message: `${code}: ${describe(errno, code)}, ${syscall} '${path}'` };
}

/** A path that is not a clean workspace path ('..' above the root, NUL). */
export function invalidPathFailure(): FsFailure {
  return { errno: errnoOf('EINVAL'), code: 'EINVAL', message: 'Invalid path' };
}

function describe(errno: number, code: string): string {
  return getSystemErrorMap().get(errno)?.[1] ?? code;
}
