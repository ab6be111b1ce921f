import { type DomainError, domainError } from '../../base/result';

/** Why a tree operation, a tree snapshot or a workspace path was refused. */
export type FileTreeErrorKind =
  | 'file-name-undefined'
  | 'directory-name-undefined'
  | 'invalid-name'
  | 'parent-not-found'
  | 'not-a-directory'
  | 'exists-not-a-directory'
  | 'already-exists'
  | 'cannot-delete-root'
  | 'root-cannot-be-moved'
  | 'root-cannot-be-renamed'
  | 'move-requires-parent'
  | 'move-into-itself'
  | 'node-not-found'
  | 'duplicate-id'
  | 'malformed-node'
  | 'cyclic-tree'
  | 'invalid-path';

export type FileTreeError = DomainError<FileTreeErrorKind>;

/** The exact user-facing texts of the fs context (spec 002 §5 and §8, spec 001 §5), kept in one place. */
export const fileTreeErrors = {
  fileNameUndefined: (): FileTreeError => domainError('file-name-undefined', 'File name is undefined'),
  directoryNameUndefined: (): FileTreeError => domainError('directory-name-undefined', 'Directory name is undefined'),
  invalidName: (name: string): FileTreeError =>
    domainError(
      'invalid-name',
      `Invalid name ${JSON.stringify(name)}: a name cannot contain "/" or a NUL character, or be "." or ".."`,
    ),
  parentNotFound: (): FileTreeError => domainError('parent-not-found', 'Parent directory not found'),
  notADirectory: (path: string): FileTreeError => domainError('not-a-directory', `${path} is not a directory`),
  existsNotADirectory: (path: string): FileTreeError =>
    domainError('exists-not-a-directory', `${path} already exists but is not a directory`),
  alreadyExists: (path: string): FileTreeError => domainError('already-exists', `${path} already exists`),
  cannotDeleteRoot: (): FileTreeError => domainError('cannot-delete-root', 'Cannot delete root directory'),
  rootCannotBeMoved: (): FileTreeError => domainError('root-cannot-be-moved', 'Root directory cannot be moved'),
  rootCannotBeRenamed: (): FileTreeError => domainError('root-cannot-be-renamed', 'Root directory cannot be renamed'),
  moveRequiresParent: (): FileTreeError => domainError('move-requires-parent', 'Move requires a parentId'),
  moveIntoItself: (path: string, targetPath: string): FileTreeError =>
    domainError('move-into-itself', `Cannot move ${path} into itself or one of its subdirectories (${targetPath})`),
  nodeNotFound: (id: string): FileTreeError =>
    domainError('node-not-found', `Failed to retrieve a path for the file (id: ${id}): file not found.`),
  duplicateId: (id: string): FileTreeError => domainError('duplicate-id', `A file or directory with id ${id} already exists`),
  malformedNode: (id: string): FileTreeError => domainError('malformed-node', `Malformed file tree node (id: ${id})`),
  cyclicTree: (id: string): FileTreeError =>
    domainError('cyclic-tree', `The file tree is not connected to the root directory (id: ${id})`),
  invalidPath: (): FileTreeError => domainError('invalid-path', 'Invalid path'),
} as const;
