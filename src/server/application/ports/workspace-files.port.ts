import { Result } from '../../../base/result';

/** The files of one workspace on disk, addressed by paths relative to its root ('' = root). */
export const WorkspaceFilesFactory = Symbol('WorkspaceFilesFactory');
export type WorkspaceFilesFactory = (rootDir: string) => WorkspaceFiles;

export interface DiskEntry {
  /** relative POSIX path, e.g. 'src/App.js' */
  path: string;
  type: 'file' | 'directory';
}

/** A failed file-system call: the libuv errno (negative, e.g. -2 for ENOENT), its code and a workspace-relative message. */
export interface FsFailure {
  errno: number;
  code: string;
  message: string;
}

export type FileContent =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'too-large'; isBinary: boolean; characters?: number; bytes: number };

export interface ReadLimits {
  /** Longest text file, in UTF-16 code units. */
  maxTextCharacters: number;
  /** Largest binary file, in bytes. */
  maxBinaryBytes: number;
}

/** What fs/stat reports: a final symlink inside the workspace reports its target (isSymlink true); one that leaves
 * the workspace, dangles or loops reports the link itself. Times are milliseconds since the epoch. */
export interface FileStat {
  type: 'file' | 'directory';
  isSymlink: boolean;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  atimeMs: number;
}

/** Raw bytes of a file, or its size when it is larger than the caller's limit (then nothing was held in memory). */
export type FileBytes = { kind: 'bytes'; bytes: Uint8Array } | { kind: 'too-large'; size: number };

/** An opened file, read in chunks (downloads); close it when done, also when not read to the end. */
export interface FileReader {
  readonly size: number;
  readonly mtimeMs: number;
  chunks(): AsyncIterable<Uint8Array>;
  close(): Promise<void>;
}

/** How a raw write treats an existing or missing target: both default to true (create and replace). */
export interface WriteOptions {
  create?: boolean;
  overwrite?: boolean;
}

/** What a path leads to (ConfinedFs.entryType); undefined when nothing is there. */
export type EntryType = 'file' | 'directory' | 'symlink-outside' | undefined;

/**
 * Every call resolves its path once, confined to the workspace root (symlinks inside are followed, symlinks that
 * leave it are refused with EACCES), and operates on what it checked, so no path can be swapped between the check
 * and the access.
 */
export interface WorkspaceFiles {
  readonly rootDir: string;
  /**
   * Every entry below `path` (default: the root), parents before children. `node_modules` directories are listed but
   * not descended into; `.git` and Bullpen's temporary files are not listed.
   */
  scan(path?: string): Promise<DiskEntry[]>;
  /** Reads a file, size-checked (stat on the opened file) before its content is read. */
  read(path: string, limits: ReadLimits): Promise<Result<FileContent, FsFailure>>;
  /** Writes atomically (unique temporary file, fsync, rename); through a symlink it writes the target. */
  writeText(path: string, text: string): Promise<Result<void, FsFailure>>;
  readdir(path: string): Promise<Result<Array<{ name: string; type: 'file' | 'directory'; isSymlink: boolean }>, FsFailure>>;
  /** Raw bytes, refused above `maxBytes` without reading them. */
  readBytes(path: string, maxBytes: number): Promise<Result<FileBytes, FsFailure>>;
  /** Writes bytes atomically like writeText. `create: false` fails with ENOENT, `overwrite: false` with EEXIST. */
  writeBytes(path: string, data: Uint8Array, options?: WriteOptions): Promise<Result<void, FsFailure>>;
  stat(path: string): Promise<Result<FileStat, FsFailure>>;
  /** Creates a directory (0755); `recursive` creates missing parents and accepts an existing directory. */
  mkdir(path: string, options?: { recursive?: boolean }): Promise<Result<void, FsFailure>>;
  /**
   * Removes a file, a symlink (never its target) or a directory (empty unless `recursive`). A recursive removal
   * descends through directory handles and never follows a symlink, even one swapped in meanwhile.
   */
  remove(path: string, options?: { recursive?: boolean }): Promise<Result<void, FsFailure>>;
  /** Renames an entry (a final symlink itself); without `overwrite` an existing target is EEXIST. */
  rename(from: string, to: string, options?: { overwrite?: boolean }): Promise<Result<void, FsFailure>>;
  /**
   * Copies a file (following symlinks inside the workspace) or, with `recursive`, a directory tree (symlinks inside
   * it are copied as symlinks). Without `overwrite` an existing target is EEXIST; with it, directories are merged.
   */
  copy(from: string, to: string, options?: { recursive?: boolean; overwrite?: boolean }): Promise<Result<void, FsFailure>>;
  /** Opens a regular file for streaming (confined like read). */
  openRead(path: string): Promise<Result<FileReader, FsFailure>>;
  /** True for names the tree never shows: `.git` and Bullpen's temporary files. */
  isHidden(name: string): boolean;
  /** The absolute real path of a directory of the workspace (a shell's working directory). */
  realDirectory(path: string): Promise<Result<string, FsFailure>>;
}
