/** Where a sandbox's workspace lives on disk: its files, and a home for its processes. */
export const WorkspaceStorage = Symbol('WorkspaceStorage');

export interface WorkspaceStorage {
  /** Writes the starter files (and makes the home); an existing workspace is left as it is. */
  create(id: string, files: Record<string, string | Uint8Array>): Promise<void>;
  /** The directory holding the sandbox's files. */
  filesDir(id: string): string;
  /** The sandbox's home directory for its processes (kept between runs). */
  homeDir(id: string): string;
}
