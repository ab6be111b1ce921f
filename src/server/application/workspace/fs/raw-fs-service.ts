import { NodeType } from '../../../../domain/fs/file-tree.types';
import { basename, dirname } from '../../../../domain/fs/workspace-path';
import {
  FsDownloadResult,
  FsReadFileResult,
  FsReaddirResult,
  FsStatResult,
  FsWatchResult,
  PitcherErrorCode,
} from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { WorkspaceContext } from '../workspace-context';
import { DownloadLinks } from './download-links';
import { treeShows, withParents, workspacePath } from './fs-paths';
import { rawFsError, rawFsFailure } from './raw-fs-failure';
import { TreeOperations } from './tree-operations';
import { MAX_WATCHES_PER_CLIENT, WatchHub } from './watch-hub';

export interface RawFsOptions {
  /** Largest file fs/readFile returns (BULLPEN_MAX_BINARY_BYTES). */
  maxReadBytes: number;
  /** Signs fs/download URLs; without it downloads are unavailable. */
  downloads?: DownloadLinks;
}

// eslint-disable-next-line @typescript-eslint/ban-types
type Empty = {};
const EMPTY: Empty = {};

/**
 * One workspace's raw fs/* calls (paths, not tree ids), fs/operation and fs/upload (TreeOperations), watches
 * (WatchHub) and download links. Every call goes through the confined WorkspaceFiles; after a change the tree and
 * open documents catch up before the answer (ctx.diskChanged), so a client sees its change in the tree at once.
 */
export class RawFsService {
  readonly operations: TreeOperations;
  readonly watches: WatchHub;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly options: RawFsOptions = { maxReadBytes: 50 * 1024 * 1024 },
  ) {
    this.operations = new TreeOperations(ctx);
    this.watches = new WatchHub(ctx);
  }

  async readFile(rawPath: string): Promise<HandlerResult<FsReadFileResult>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const read = await this.ctx.files.readBytes(path.value, this.options.maxReadBytes);
    if (!read.ok) return rawFsFailure(read.error, 'readFile', path.value);
    if (read.value.kind === 'too-large') {
      const limit = this.options.maxReadBytes;
      return rawFsError('EFBIG', `File is too large to read (${read.value.size} bytes), limit is ${limit} bytes`, path.value);
    }
    return done({ content: read.value.bytes });
  }

  async writeFile(rawPath: string, content: Uint8Array, create = true, overwrite = true): Promise<HandlerResult<Empty>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const written = await this.ctx.files.writeBytes(path.value, content, { create, overwrite });
    if (!written.ok) return rawFsFailure(written.error, 'writeFile', path.value);
    await this.ctx.diskChanged([path.value]);
    return done(EMPTY);
  }

  async stat(rawPath: string): Promise<HandlerResult<FsStatResult>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const stat = await this.ctx.files.stat(path.value);
    if (!stat.ok) return rawFsFailure(stat.error, 'stat', path.value);
    const s = stat.value;
    const type = s.type === 'directory' ? NodeType.Directory : NodeType.File;
    return done({ type: type as number, isSymlink: s.isSymlink, size: s.size, mtime: Math.round(s.mtimeMs), ctime: Math.round(s.ctimeMs), atime: Math.round(s.atimeMs) });
  }

  async readdir(rawPath: string): Promise<HandlerResult<FsReaddirResult>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const listed = await this.ctx.files.readdir(path.value);
    if (!listed.ok) return rawFsFailure(listed.error, 'readdir', path.value);
    return done({ entries: listed.value.map((e) => ({ name: e.name, type: e.type === 'directory' ? 1 : 0, isSymlink: e.isSymlink })) });
  }

  async copy(rawFrom: string, rawTo: string, recursive = false, overwrite = false): Promise<HandlerResult<Empty>> {
    const from = workspacePath(this.ctx, rawFrom);
    if (!from.ok) return from.error;
    const to = workspacePath(this.ctx, rawTo);
    if (!to.ok) return to.error;
    const copied = await this.ctx.files.copy(from.value, to.value, { recursive, overwrite });
    if (!copied.ok) {
      await this.ctx.diskChanged(withParents(to.value)); // a copy that failed half-way leaves what it made
      return rawFsFailure(copied.error, 'copy', copied.error.code === 'EEXIST' ? to.value : from.value);
    }
    await this.ctx.diskChanged(withParents(to.value));
    return done(EMPTY);
  }

  /**
   * Renames on disk. When the tree shows both places, the node moves in the tree with its id (announced to every
   * client), so open documents of a renamed file stay open; otherwise the tree follows the disk.
   */
  async rename(rawFrom: string, rawTo: string, overwrite = false): Promise<HandlerResult<Empty>> {
    const from = workspacePath(this.ctx, rawFrom);
    if (!from.ok) return from.error;
    const to = workspacePath(this.ctx, rawTo);
    if (!to.ok) return to.error;
    if (from.value === '') return rawFsError('EPERM', 'Root directory cannot be moved', '');
    const result = await this.ctx.exclusive(async (): Promise<HandlerResult<Empty>> => {
      const renamed = await this.ctx.files.rename(from.value, to.value, { overwrite });
      if (!renamed.ok) return rawFsFailure(renamed.error, 'rename', renamed.error.code === 'EEXIST' ? to.value : from.value);
      this.moveInTree(from.value, to.value);
      return done(EMPTY);
    });
    await this.ctx.diskChanged([...withParents(to.value), from.value]);
    return result;
  }

  async remove(rawPath: string, recursive = false): Promise<HandlerResult<Empty>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    if (path.value === '') return rawFsError('EPERM', 'Cannot delete root directory', '');
    const removed = await this.ctx.files.remove(path.value, { recursive });
    await this.ctx.diskChanged([path.value]);
    return removed.ok ? done(EMPTY) : rawFsFailure(removed.error, 'remove', path.value);
  }

  async mkdir(rawPath: string, recursive = false): Promise<HandlerResult<Empty>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const made = await this.ctx.files.mkdir(path.value, { recursive });
    if (!made.ok) return rawFsFailure(made.error, 'mkdir', path.value);
    await this.ctx.diskChanged(withParents(path.value));
    return done(EMPTY);
  }

  async watch(session: ClientSession, rawPath: string, recursive = false, excludes: readonly string[] = []): Promise<HandlerResult<FsWatchResult>> {
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const stat = await this.ctx.files.stat(path.value);
    if (!stat.ok) return rawFsFailure(stat.error, 'watch', path.value);
    const watchId = this.watches.watch(session, path.value, recursive, excludes);
    if (watchId === undefined) return rawFsError('EMFILE', `Too many watches (limit ${MAX_WATCHES_PER_CLIENT}): unwatch some first`, path.value);
    return done({ watchId });
  }

  unwatch(session: ClientSession, watchId: string): HandlerResult<Empty> {
    // Unwatching twice is harmless, like closing a closed watcher.
    this.watches.unwatch(session, watchId);
    return done(EMPTY);
  }

  /** A signed, short-lived URL that serves the file as is, or the directory as a .zip (docs/protocol/fs.md). */
  async download(rawPath: string, excludes: readonly string[] = []): Promise<HandlerResult<FsDownloadResult>> {
    const { downloads } = this.options;
    if (!downloads) return fail(PitcherErrorCode.FEATURE_UNAVAILABLE, 'Downloads are not available on this server');
    const path = workspacePath(this.ctx, rawPath);
    if (!path.ok) return path.error;
    const stat = await this.ctx.files.stat(path.value);
    if (!stat.ok) return rawFsFailure(stat.error, 'download', path.value);
    if (stat.value.type === 'file') {
      // Refused now rather than at the link: a symlink that leaves the workspace is stat-able but not readable.
      const opened = await this.ctx.files.openRead(path.value);
      if (!opened.ok) return rawFsFailure(opened.error, 'download', path.value);
      await opened.value.close();
    }
    const name = basename(path.value) || this.ctx.sandboxId;
    const filename = stat.value.type === 'directory' ? `${name}.zip` : name;
    return done({ downloadUrl: downloads.link({ sandboxId: this.ctx.sandboxId, path: path.value, excludes: [...excludes] }, filename) });
  }

  dispose(): void {
    this.watches.dispose();
  }

  /** After a rename on disk: the node keeps its id in the tree when both places are in the tree's view. */
  private moveInTree(from: string, to: string): void {
    const { tree } = this.ctx;
    const node = tree.findByPath(from);
    const parent = tree.findByPath(dirname(to));
    if (!node || !parent || parent.type !== NodeType.Directory || !treeShows(this.ctx, to)) return;
    const replaced = tree.findByPath(to);
    if (replaced && replaced.id !== node.id) {
      const deleted = tree.applyOperation({ type: 'delete', id: replaced.id });
      if (deleted.ok) this.ctx.broadcast('fs/operations', { operations: [deleted.value as never] });
    }
    const moved = tree.applyOperation({ type: 'move', id: node.id, parentId: parent.id, name: basename(to) });
    if (moved.ok) this.ctx.broadcast('fs/operations', { operations: [moved.value as never] });
  }
}
