import { Event } from '../../base/event';
import { PortError, PortErrorKind } from './port-error';

/** Raw file-system calls on workspace paths (spec 002 §7 "Raw fs", protocol.md §3 fs ◆ rows). */
export const RawFsPort = Symbol('RawFsPort');

export interface FsStat {
  type: 'file' | 'directory';
  isSymlink: boolean;
  size: number;
  /** Milliseconds since the epoch. */
  mtime: number;
  ctime: number;
  atime: number;
}

export interface FsDirectoryEntry {
  name: string;
  type: 'file' | 'directory';
  isSymlink: boolean;
}

export type FsWatchEventType = 'add' | 'change' | 'remove';

export interface FsWatchEvent {
  type: FsWatchEventType;
  paths: string[];
}

export interface WatchOptions {
  recursive?: boolean;
  /** Globs of paths to leave out. */
  excludes?: string[];
}

/** Spec 002 §8: raw fs errors carry a message and an errno; unrecognised errors give errno null and 'unknown error'. */
export const UNKNOWN_FS_ERROR_TEXT = 'unknown error';

export class RawFsError extends PortError {
  constructor(
    readonly errno: number | null,
    message: string,
    code?: number,
    kind: PortErrorKind = 'rejected',
  ) {
    super(kind, message, code);
    this.name = 'RawFsError';
  }
}

export interface RawFsPort {
  readonly onDidReceiveWatchEvents: Event<{ watchId: string; events: FsWatchEvent[] }>;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, content: Uint8Array, options?: { create?: boolean; overwrite?: boolean }): Promise<void>;
  stat(path: string): Promise<FsStat>;
  readdir(path: string): Promise<FsDirectoryEntry[]>;
  copy(from: string, to: string, options?: { recursive?: boolean; overwrite?: boolean }): Promise<void>;
  rename(from: string, to: string, options?: { overwrite?: boolean }): Promise<void>;
  remove(path: string, options?: { recursive?: boolean }): Promise<void>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void>;
  watch(path: string, options?: WatchOptions): Promise<string>;
  unwatch(watchId: string): Promise<void>;
  /** Uploads a file into a tree directory; resolves with the new file's node id. */
  upload(parentId: string, filename: string, content: Uint8Array): Promise<string>;
  /** A URL to download a path (a directory as a zip). */
  download(path: string, excludes?: string[]): Promise<string>;
}
