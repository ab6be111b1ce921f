import { Event } from '../../../base/event';

/** What every terminal's environment says about the terminal (xterm.js in the browser). */
export const TERMINAL_VARIABLES = { TERM: 'xterm-256color', COLORTERM: 'truecolor' } as const;

/** Runs terminal processes (node-pty by default). */
export const ShellHost = Symbol('ShellHost');
export interface ShellHost {
  /** A login bash (or `bash -c command`) in options.cwd; with a program, that program instead (a sandbox launcher). */
  spawn(options: SpawnOptions, program?: PtyProgram): ShellProcess;
}

/** What a pty runs instead of the shell: a launcher that starts the shell inside a sandbox (ProcessRuntime). */
export interface PtyProgram {
  file: string;
  args: readonly string[];
  /** The whole environment: the server's is not passed on. */
  env: Record<string, string>;
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
