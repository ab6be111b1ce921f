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
  /** True for names the tree never shows: `.git` and Bullpen's temporary files. */
  isHidden(name: string): boolean;
  /** The absolute real path of a directory of the workspace (a shell's working directory). */
  realDirectory(path: string): Promise<Result<string, FsFailure>>;
}
