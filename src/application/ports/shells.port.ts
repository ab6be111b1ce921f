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
  list(): Promise<ShellInfo[]>;
  create(size: TerminalSize): Promise<OpenedShell>;
  open(shellId: string, size: TerminalSize): Promise<OpenedShell>;
  input(shellId: string, data: string): Promise<void>;
  resize(shellId: string, size: TerminalSize): Promise<void>;
}
