import { Event } from '../../../base/event';

/** Runs terminal processes (node-pty by default). */
export const ShellHost = Symbol('ShellHost');
export interface ShellHost {
  spawn(options: SpawnOptions): ShellProcess;
}

export interface SpawnOptions {
  cwd: string;
  cols: number;
  rows: number;
  /** A command line for bash -c; a login shell when absent. */
  command?: string;
}

export interface ShellProcess {
  readonly pid: number;
  readonly onDidOutput: Event<string>;
  readonly onDidExit: Event<{ exitCode: number; signal?: number }>;
  write(data: string): void;
  resize(cols: number, rows: number): void;
  kill(): void;
  /** Stops reading the process's output (it blocks once the terminal's buffer is full): back-pressure. Idempotent. */
  pause(): void;
  /** Reads its output again. Idempotent. */
  resume(): void;
}
