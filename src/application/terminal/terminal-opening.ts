import { OpenedShell, ShellInfo, ShellsPort, TerminalSize } from '../ports/shells.port';
import { NotifyError } from '../tokens';
import { TerminalKind, TerminalSession } from './terminal-session';
import { TerminalsState } from './terminals-state';

/** What opening reads and changes of the terminal panel (TerminalsStore's public side). */
export interface OpeningPanel {
  readonly state: TerminalsState;
  session(shellId: string | undefined): TerminalSession | undefined;
  activate(shellId: string): void;
  requestFocus(shellId: string): void;
}

/** The panel's own tab bookkeeping that opening drives (private to TerminalsStore). */
export interface OpeningTabs {
  /** Gives an opened shell a tab (or returns the tab it has); shown at once when `activate`. */
  add(shell: OpenedShell, kind: TerminalKind, activate: boolean): TerminalSession;
}

/**
 * How a shell gets a tab: a terminal this client creates, or a shell it opens to watch (a task's or a setup step's
 * command shell), is shown at once and its view takes the keyboard; another client's new terminal quietly gets a tab.
 */
export class TerminalOpening {
  constructor(
    private readonly shells: ShellsPort,
    private readonly notifyError: NotifyError,
    private readonly panel: OpeningPanel,
    private readonly tabs: OpeningTabs,
  ) {}

  /** A new terminal (shell/create) at `size`, shown at once. */
  async create(size: TerminalSize): Promise<void> {
    try {
      const shell = await this.shells.create(size);
      this.tabs.add(shell, 'terminal', true);
      this.panel.requestFocus(shell.shellId);
    } catch (error) {
      this.notifyError(`Could not create a terminal: ${(error as Error).message}`);
    }
  }

  /** Shows a shell in a tab, opening it (shell/open) when it is not watched yet. */
  async open(shellId: string): Promise<void> {
    const { panel } = this;
    if (panel.session(shellId)) {
      panel.activate(shellId);
      return panel.requestFocus(shellId);
    }
    try {
      const shell = await this.shells.open(shellId);
      this.tabs.add(shell, shell.isTerminal ? 'terminal' : 'command', true);
      panel.requestFocus(shellId);
    } catch (error) {
      this.notifyError(`Could not open the output: ${(error as Error).message}`);
    }
  }

  /** Another client's new terminal gets a tab here too (terminals are shared); it is opened without resizing it. */
  async adopt(info: ShellInfo): Promise<void> {
    if (!info.isTerminal || this.panel.session(info.shellId) || this.panel.state.kind !== 'ready') return;
    try {
      const shell = await this.shells.open(info.shellId);
      if (!this.panel.session(info.shellId)) this.tabs.add(shell, 'terminal', false);
    } catch {
      // Gone already, or not connected: the next attach lists it again.
    }
  }
}
