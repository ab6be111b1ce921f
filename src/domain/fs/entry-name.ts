import { type Result, err, ok } from '../../base/result';
import { type FileTreeError, fileTreeErrors } from './file-tree.errors';
import { NodeType } from './file-tree.types';

/**
 * Checks the name of a new or renamed entry: one non-empty path segment.
 * Empty names give the spec's 'File name is undefined' / 'Directory name is undefined'.
 */
export function validateEntryName(name: string | null | undefined, type: NodeType): Result<string, FileTreeError> {
  if (name === undefined || name === null || name === '') {
    return err(type === NodeType.Directory ? fileTreeErrors.directoryNameUndefined() : fileTreeErrors.fileNameUndefined());
  }
  if (name === '.' || name === '..' || name.includes('/') || name.includes('\0')) {
    return err(fileTreeErrors.invalidName(name));
  }
  return ok(name);
}
