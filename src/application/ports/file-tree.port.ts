import { Event } from '../../base/event';
import { FsOperation, JsonTreeNode } from '../../domain/fs/file-tree.types';

export const FileTreePort = Symbol('FileTreePort');

/** One entry of a directory listed on demand (outside the synced tree, e.g. node_modules). */
export interface ListedEntry {
  name: string;
  isDirectory: boolean;
  isSymlink: boolean;
}

export interface FileTreePort {
  readonly onDidReceiveOperations: Event<Array<{ operation: FsOperation; clock: number }>>;
  read(): Promise<{ nodes: JsonTreeNode[]; clock: number }>;
  /** Lists one directory on disk (workspace-relative path). */
  readdir(path: string): Promise<ListedEntry[]>;
}
