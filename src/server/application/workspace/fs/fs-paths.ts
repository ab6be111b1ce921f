import { Result, err, ok } from '../../../../base/result';
import { isListedOnDemand } from '../../../../domain/fs/listing-rules';
import { workspacePathFrom } from '../../../../domain/fs/workspace-path';
import { HandlerResult } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { invalidPath } from './raw-fs-failure';

/**
 * A client's path as a clean workspace path: relative and '/'-rooted paths are inside the workspace; an absolute
 * path is taken relative to the workspace directory when it lies inside it (what a terminal's `pwd` shows).
 * Anything that leaves the workspace is 'Invalid path'. Symlinks are confined later, by the WorkspaceFiles port.
 */
export function workspacePath(ctx: WorkspaceContext, path: string): Result<string, HandlerResult<never>> {
  const clean = workspacePathFrom(path, [ctx.files.rootDir, ctx.box.rootDir]);
  return clean.ok ? ok(clean.value) : err(invalidPath());
}

/** 'a/b/c' → ['a', 'a/b', 'a/b/c']: announcing every level lets the tree create what is new below what it knows. */
export function withParents(path: string): string[] {
  const segments = path.split('/').filter((s) => s !== '');
  return segments.map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** Whether the synced tree shows an entry at `path` (not hidden, not inside a directory listed on demand). */
export function treeShows(ctx: WorkspaceContext, path: string): boolean {
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length === 0) return false;
  if (segments.some((segment) => ctx.files.isHidden(segment))) return false;
  return !segments.slice(0, -1).some(isListedOnDemand);
}

/** Joins a directory path ('' = root) and a name. */
export const joinPath = (directory: string, name: string): string => (directory === '' ? name : `${directory}/${name}`);
