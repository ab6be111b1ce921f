import { Event } from '../../base/event';

export const ShellsPort = Symbol('ShellsPort');

export type ShellState = 'RUNNING' | 'FINISHED' | 'ERROR' | 'KILLED' | 'RESTARTING';

export interface ShellInfo {
  shellId: string;
  name: string;
  status: ShellState;
  isTerminal: boolean;
  exitCode?: number;
}

export interface OpenedShell extends ShellInfo {
  buffer: string[];
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

export interface ShellsPort {
  readonly onDidOutput: Event<{ shellId: string; out: string }>;
  readonly onDidExit: Event<{ shellId: string; exitCode: number }>;
  /** Another client started a shell (the creator learns it from its answer). */
  readonly onDidCreate: Event<ShellInfo>;
  /** A shell was stopped; `author` is who stopped it. */
  readonly onDidTerminate: Event<{ shellId: string; author: string }>;
  /** A shell runs again under the same id; its scroll-back starts again. */
  readonly onDidRestart: Event<{ shellId: string }>;
  /** Another client renamed a shell. */
  readonly onDidRename: Event<ShellInfo>;
  list(): Promise<ShellInfo[]>;
  create(size: TerminalSize): Promise<OpenedShell>;
  /** Watches a shell (its output comes to this client) and answers its scroll-back; a size resizes it. */
  open(shellId: string, size?: TerminalSize): Promise<OpenedShell>;
  /** Stops watching a shell. */
  close(shellId: string): Promise<void>;
  input(shellId: string, data: string): Promise<void>;
  resize(shellId: string, size: TerminalSize): Promise<void>;
  rename(shellId: string, name: string): Promise<void>;
  restart(shellId: string): Promise<void>;
  terminate(shellId: string): Promise<ShellInfo>;
}
