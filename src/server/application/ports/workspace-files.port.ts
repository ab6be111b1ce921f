/** The files of one workspace on disk, addressed by paths relative to its root ('' = root). */
export const WorkspaceFilesFactory = Symbol('WorkspaceFilesFactory');
export type WorkspaceFilesFactory = (rootDir: string) => WorkspaceFiles;

export interface DiskEntry {
  /** relative POSIX path, e.g. 'src/App.js' */
  path: string;
  type: 'file' | 'directory';
}

export type FileContent = { kind: 'text'; text: string } | { kind: 'binary'; bytes: Uint8Array };

export interface WorkspaceFiles {
  readonly rootDir: string;
  /** Every entry below the root (not the root itself), parents before children; skips .git. */
  scan(): Promise<DiskEntry[]>;
  read(path: string): Promise<FileContent>;
  /** Writes atomically (temp file + rename) so a crash never leaves a half-written file. */
  writeText(path: string, text: string): Promise<void>;
  /** Absolute path of a workspace path, refusing anything that escapes the root (also through symlinks). */
  resolve(path: string): Promise<string>;
}

export class PathOutsideWorkspaceError extends Error {
  constructor(readonly path: string) {
    super(`Path is outside the workspace: ${path}`);
  }
}
