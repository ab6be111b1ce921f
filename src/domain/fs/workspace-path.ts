import { type Result, err, ok } from '../../base/result';
import { type FileTreeError, fileTreeErrors } from './file-tree.errors';

/**
 * Workspace paths: clean relative POSIX paths ('' is the workspace root), e.g. 'src/App.js'.
 * Clients may send '/src/App.js' or './src/App.js'; both mean the same file.
 * Confinement is lexical only: symlinks are checked by the server.
 */

/**
 * Turns a client path into a clean relative path: drops leading '/' and './', collapses '//' and '.',
 * resolves '..' inside the workspace. A '..' climbing above the root, or a NUL character, gives 'Invalid path'.
 */
export function normalizeWorkspacePath(path: string): Result<string, FileTreeError> {
  if (path.includes('\0')) return err(fileTreeErrors.invalidPath());
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return err(fileTreeErrors.invalidPath());
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return ok(segments.join('/'));
}

/** Joins path parts ('/' between them) and normalizes the result. */
export function joinWorkspacePath(...parts: readonly string[]): Result<string, FileTreeError> {
  return normalizeWorkspacePath(parts.join('/'));
}

/** The path's segments, without empty ones: 'src//App.js/' → ['src', 'App.js']. Does not resolve '.' or '..'. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Last segment of a path ('' for the root): basename('src/App.js') === 'App.js'. */
export function basename(path: string): string {
  const segments = segmentsOf(path);
  return segments.length === 0 ? '' : segments[segments.length - 1];
}

/** Parent of a path in relative form ('' for a top-level entry and for the root): dirname('/src/App.js') === 'src'. */
export function dirname(path: string): string {
  return segmentsOf(path).slice(0, -1).join('/');
}

/**
 * A path a client sent, as a clean workspace path: relative paths and '/'-rooted ones are workspace paths (the
 * workspace is presented at '/'); an absolute path that lies inside one of `roots` (the workspace directory as
 * processes see it) is taken relative to it. Leaving the workspace ('..' above it) gives 'Invalid path'.
 */
export function workspacePathFrom(path: string, roots: readonly string[]): Result<string, FileTreeError> {
  for (const root of roots) {
    const base = root.replace(/\/+$/, '');
    if (base !== '' && (path === base || path.startsWith(`${base}/`))) return normalizeWorkspacePath(path.slice(base.length));
  }
  return normalizeWorkspacePath(path);
}
