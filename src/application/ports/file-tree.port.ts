import { Event } from '../../base/event';
import { FsOperation, JsonTreeNode } from '../../domain/fs/file-tree.types';

export const FileTreePort = Symbol('FileTreePort');

/** One entry of a directory listed on demand (outside the synced tree, e.g. node_modules). */
export interface ListedEntry {
  name: string;
  isDirectory: boolean;
  isSymlink: boolean;
}

/** `fs/operation`'s answer: applied at `clock`, or ignored because it would change nothing. */
export type FileTreeOperationResult = { code: 0; clock: number } | { code: 1 };

export interface FileTreePort {
  readonly onDidReceiveOperations: Event<Array<{ operation: FsOperation; clock: number }>>;
  read(): Promise<{ nodes: JsonTreeNode[]; clock: number }>;
  /** Lists one directory on disk (workspace-relative path). */
  readdir(path: string): Promise<ListedEntry[]>;
  /** Sends one tree operation; rejects with the server's text (spec 002 §5) when it is refused. */
  operation(operation: FsOperation): Promise<FileTreeOperationResult>;
}
