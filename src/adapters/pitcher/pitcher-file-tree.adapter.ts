import { Emitter } from '../../base/event';
import { FileTreeOperationResult, FileTreePort, ListedEntry } from '../../application/ports/file-tree.port';
import { FsOperation, JsonTreeNode } from '../../domain/fs/file-tree.types';
import { WireFsOperation } from '../../protocol';
import { PitcherClient } from './pitcher-client';

export class PitcherFileTree implements FileTreePort {
  private readonly operations = new Emitter<Array<{ operation: FsOperation; clock: number }>>();
  readonly onDidReceiveOperations = this.operations.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('fs/operations', (p) => this.operations.fire(p.operations as Array<{ operation: FsOperation; clock: number }>));
  }

  async read(): Promise<{ nodes: JsonTreeNode[]; clock: number }> {
    const result = await this.client.request('fs/read', null);
    return { nodes: result.treeNodes as unknown as JsonTreeNode[], clock: result.clock };
  }

  async readdir(path: string): Promise<ListedEntry[]> {
    const result = await this.client.request('fs/readdir', { path });
    return result.entries.map((e) => ({ name: e.name, isDirectory: e.type === 1, isSymlink: e.isSymlink }));
  }

  operation(operation: FsOperation): Promise<FileTreeOperationResult> {
    return this.client.request('fs/operation', { operation: operation as WireFsOperation });
  }
}
