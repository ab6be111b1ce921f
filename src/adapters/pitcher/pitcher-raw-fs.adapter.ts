import { Emitter } from '../../base/event';
import { PortError } from '../../application/ports/port-error';
import { FsDirectoryEntry, FsStat, FsWatchEvent, RawFsError, RawFsPort, UNKNOWN_FS_ERROR_TEXT, WatchOptions } from '../../application/ports/raw-fs.port';
import { PitcherErrorCode, WireNodeType } from '../../protocol';
import { PitcherClient } from './pitcher-client';

/**
 * RAWFS_ERROR carries `data.errno`; other rejections keep their message with errno null; anything unrecognised is
 * errno null and 'unknown error' (spec 002 §8). Transport failures stay PortErrors.
 */
export function toRawFsError(error: unknown): PortError {
  if (error instanceof PortError && error.kind !== 'rejected') return error;
  if (!(error instanceof PortError)) return new RawFsError(null, UNKNOWN_FS_ERROR_TEXT);
  const errno = error.code === PitcherErrorCode.RAWFS_ERROR ? (error.data as { errno?: unknown } | undefined)?.errno : undefined;
  return new RawFsError(typeof errno === 'number' ? errno : null, error.message || UNKNOWN_FS_ERROR_TEXT, error.code);
}

const typeOf = (t: WireNodeType): 'file' | 'directory' => (t === WireNodeType.Directory ? 'directory' : 'file');

export class PitcherRawFs implements RawFsPort {
  private readonly watchEvents = new Emitter<{ watchId: string; events: FsWatchEvent[] }>();
  readonly onDidReceiveWatchEvents = this.watchEvents.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('fs/watchEvent', (p) => this.watchEvents.fire({ watchId: p.watchId, events: p.events.map((e) => ({ type: e.type, paths: [...e.paths] })) }));
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw toRawFsError(error);
    }
  }

  readFile(path: string): Promise<Uint8Array> {
    return this.call(async () => (await this.client.request('fs/readFile', { path })).content);
  }
  writeFile(path: string, content: Uint8Array, options: { create?: boolean; overwrite?: boolean } = {}): Promise<void> {
    return this.call(async () => void (await this.client.request('fs/writeFile', { path, content, ...options })));
  }
  stat(path: string): Promise<FsStat> {
    return this.call(async () => {
      const s = await this.client.request('fs/stat', { path });
      return { type: typeOf(s.type), isSymlink: s.isSymlink, size: s.size, mtime: s.mtime, ctime: s.ctime, atime: s.atime };
    });
  }
  readdir(path: string): Promise<FsDirectoryEntry[]> {
    return this.call(async () => (await this.client.request('fs/readdir', { path })).entries.map((e) => ({ name: e.name, type: typeOf(e.type), isSymlink: e.isSymlink })));
  }
  copy(from: string, to: string, options: { recursive?: boolean; overwrite?: boolean } = {}): Promise<void> {
    return this.call(async () => void (await this.client.request('fs/copy', { from, to, ...options })));
  }
  rename(from: string, to: string, options: { overwrite?: boolean } = {}): Promise<void> {
    return this.call(async () => void (await this.client.request('fs/rename', { from, to, ...options })));
  }
  remove(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    return this.call(async () => void (await this.client.request('fs/remove', { path, ...options })));
  }
  mkdir(path: string, options: { recursive?: boolean } = {}): Promise<void> {
    return this.call(async () => void (await this.client.request('fs/mkdir', { path, ...options })));
  }
  watch(path: string, options: WatchOptions = {}): Promise<string> {
    return this.call(async () => (await this.client.request('fs/watch', { path, ...options })).watchId);
  }
  unwatch(watchId: string): Promise<void> {
    return this.call(async () => void (await this.client.request('fs/unwatch', { watchId })));
  }
  upload(parentId: string, filename: string, content: Uint8Array): Promise<string> {
    return this.call(async () => (await this.client.request('fs/upload', { parentId, filename, content })).fileId);
  }
  download(path: string, excludes?: string[]): Promise<string> {
    return this.call(async () => (await this.client.request('fs/download', excludes ? { path, excludes } : { path })).downloadUrl);
  }
}
