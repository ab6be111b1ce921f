import { validateEntryName } from '../../../../domain/fs/entry-name';
import { fileTreeErrors } from '../../../../domain/fs/file-tree.errors';
import { FsOperation, NodeType, ROOT_ID } from '../../../../domain/fs/file-tree.types';
import { FsOperationResult, FsUploadResult, WireFsOperation } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { joinPath } from './fs-paths';
import { rawFsFailure, treeFailure } from './raw-fs-failure';

const EMPTY = new Uint8Array(0);

/**
 * fs/operation and fs/upload: tree changes a client asks for. Each is checked against the tree (spec 002 §5 texts),
 * carried out on disk through the confined WorkspaceFiles, then applied to the tree with the ids the client chose,
 * all while no batch of disk changes runs (so the watcher's report of the same paths finds them in place). The
 * operation goes to every other client with its clock; the sender has it from the response (protocol.md §5).
 */
export class TreeOperations {
  constructor(private readonly ctx: WorkspaceContext) {}

  async apply(session: ClientSession, wire: WireFsOperation): Promise<HandlerResult<FsOperationResult>> {
    const operation = wire as FsOperation;
    const touched: string[] = [];
    const result = await this.ctx.exclusive(async (): Promise<HandlerResult<FsOperationResult>> => {
      const { tree } = this.ctx;
      if (tree.isNoop(operation)) return done({ code: 1 });
      const checked = tree.check(operation);
      if (!checked.ok) return treeFailure(checked.error);
      const onDisk = await this.applyToDisk(operation, touched);
      if (!onDisk.ok) return onDisk;
      const applied = tree.applyOperation(operation);
      if (!applied.ok) return treeFailure(applied.error);
      this.ctx.broadcast('fs/operations', { operations: [applied.value as never] }, session);
      return done({ code: 0, clock: applied.value.clock });
    });
    // Whatever happened on disk (also a half-done delete), the tree catches up and the watchers hear of it.
    if (touched.length > 0) void this.ctx.diskChanged(touched);
    return result;
  }

  /**
   * Writes an uploaded file into a tree directory. A file of that name is replaced (it keeps its id, and an open
   * document of it takes the new content); a new file gets a new id, announced to every client, the sender too.
   */
  async upload(parentId: string, filename: string | undefined, content: Uint8Array): Promise<HandlerResult<FsUploadResult>> {
    let path: string | undefined;
    const result = await this.ctx.exclusive(async (): Promise<HandlerResult<FsUploadResult>> => {
      const { tree } = this.ctx;
      const parent = tree.get(parentId);
      if (!parent) return treeFailure(fileTreeErrors.parentNotFound());
      const parentPath = tree.pathOf(parentId);
      if (!parentPath.ok) return treeFailure(fileTreeErrors.parentNotFound());
      if (parent.type !== NodeType.Directory) return treeFailure(fileTreeErrors.notADirectory(`/${parentPath.value}`));
      const name = validateEntryName(filename, NodeType.File);
      if (!name.ok) return treeFailure(name.error);
      path = joinPath(parentPath.value, name.value);
      const existing = tree.findByPath(path);
      if (existing?.type === NodeType.Directory) return treeFailure(fileTreeErrors.alreadyExists(`/${path}`));
      const written = await this.ctx.files.writeBytes(path, content, { create: true, overwrite: true });
      if (!written.ok) return rawFsFailure(written.error, 'upload', path);
      if (existing) return done({ fileId: existing.id });
      const operation: FsOperation = { type: 'create', parentId, newEntry: { id: this.ctx.newId(), type: NodeType.File, name: name.value } };
      const applied = tree.applyOperation(operation);
      if (!applied.ok) return treeFailure(applied.error);
      this.ctx.broadcast('fs/operations', { operations: [applied.value as never] });
      return done({ fileId: operation.newEntry.id });
    });
    // Open documents of a replaced file merge the new content before the client hears back.
    if (path !== undefined) await this.ctx.diskChanged([path]);
    return result;
  }

  private async applyToDisk(operation: FsOperation, touched: string[]): Promise<HandlerResult<void>> {
    const { tree, files } = this.ctx;
    const pathOf = (id: string): string => {
      const path = tree.pathOf(id);
      return path.ok ? path.value : '';
    };
    switch (operation.type) {
      case 'create': {
        const path = joinPath(pathOf(operation.parentId), operation.newEntry.name);
        touched.push(path);
        const made =
          operation.newEntry.type === NodeType.Directory
            ? await files.mkdir(path)
            : await files.writeBytes(path, EMPTY, { create: true, overwrite: false });
        return made.ok ? done(undefined) : rawFsFailure(made.error, operation.newEntry.type === NodeType.Directory ? 'mkdir' : 'writeFile', path);
      }
      case 'delete': {
        const path = pathOf(operation.id);
        if (operation.id === ROOT_ID || path === '') return treeFailure(fileTreeErrors.cannotDeleteRoot());
        touched.push(path);
        const removed = await files.remove(path, { recursive: true });
        // Already gone from disk (the watcher has not told the tree yet): the tree follows.
        return removed.ok || removed.error.code === 'ENOENT' ? done(undefined) : rawFsFailure(removed.error, 'remove', path);
      }
      case 'move': {
        const node = tree.get(operation.id);
        const from = pathOf(operation.id);
        const to = joinPath(pathOf(operation.parentId ?? node?.parentId ?? ROOT_ID), operation.name ?? node?.name ?? '');
        touched.push(from, to);
        const moved = await files.rename(from, to, { overwrite: false });
        return moved.ok ? done(undefined) : rawFsFailure(moved.error, 'rename', from);
      }
    }
  }
}
