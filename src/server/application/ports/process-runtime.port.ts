import { Event } from '../../../base/event';
import { ShellProcess, SpawnOptions } from './shell-host.port';

/**
 * Runs a workspace's processes: terminals, tasks, setup, git, search and language servers. The isolating adapter
 * (bubblewrap) confines each to its workspace; the direct adapter runs them as the server's user (a local
 * single-user install). Swapping one for the other is a binding in the server container.
 */
export const ProcessRuntime = Symbol('ProcessRuntime');
export interface ProcessRuntime {
  /** True when processes are confined to their workspace. */
  readonly isolated: boolean;
  /** A process with a pseudo-terminal (terminals, tasks, setup steps). */
  spawnPty(box: WorkspaceBox, options: SpawnOptions): ShellProcess;
  /** A process with pipes (git, ripgrep, language servers). `file` is looked up on the sandbox's PATH. */
  spawn(box: WorkspaceBox, file: string, args: readonly string[], options: PipedSpawnOptions): PipedProcess;
}

/** Where one workspace's processes live. */
export interface WorkspaceBox {
  sandboxId: string;
  /** The workspace's files (real path on the host): the only writable directory its processes see. */
  rootDir: string;
  /** A per-workspace home directory kept between runs (bash history, git config, caches). */
  homeDir: string;
}

export interface PipedSpawnOptions {
  /** Real path of the working directory (inside rootDir). */
  cwd: string;
  env?: Record<string, string>;
  /**
   * Standard output goes to an unlinked temporary file that is read in large blocks, not to a pipe: for a program
   * that writes many small pieces quickly (ripgrep writes once per file with a match), where a pipe wakes the server
   * for each piece and the program waits on it.
   */
  spoolStdout?: boolean;
}

export interface PipedProcess {
  readonly pid: number;
  readonly onStdout: Event<Uint8Array>;
  readonly onStderr: Event<Uint8Array>;
  /** Fires once; exitCode is null when a signal ended the process. */
  readonly onExit: Event<{ exitCode: number | null; signal: string | null }>;
  write(data: Uint8Array | string): void;
  /** Closes stdin. */
  end(): void;
  kill(signal?: 'SIGTERM' | 'SIGKILL'): void;
}
