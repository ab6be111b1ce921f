import { Event } from '../../base/event';
import { FsOperation, JsonTreeNode } from '../../domain/fs/file-tree.types';

export const FileTreePort = Symbol('FileTreePort');

export interface FileTreePort {
  readonly onDidReceiveOperations: Event<Array<{ operation: FsOperation; clock: number }>>;
  read(): Promise<{ nodes: JsonTreeNode[]; clock: number }>;
}
