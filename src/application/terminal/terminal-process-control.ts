import { PortError } from '../ports/port-error';
import { OpenedShell, ShellsPort, TerminalSize } from '../ports/shells.port';
import { NotifyError } from '../tokens';
import { TerminalSession } from './terminal-session';

/** What restarting and killing need of the terminal panel (TerminalsStore). */
export interface ControlledTabs {
  /** The size new terminals get. */
  size(): TerminalSize;
  /** A new terminal's shell takes a tab's place (in the list and on screen). */
  replace(session: TerminalSession, shell: OpenedShell): void;
  /** Asks the view of a terminal to take the keyboard. */
  requestFocus(shellId: string): void;
}

/** Restarting and killing the process of a terminal tab (shell/restart, shell/terminate); failures are told to the user. */
export class TerminalProcessControl {
  constructor(
    private readonly shells: ShellsPort,
    private readonly notifyError: NotifyError,
    private readonly tabs: ControlledTabs,
  ) {}

  /** Runs the terminal's shell again; one the server no longer has is replaced by a new terminal. */
  async restart(session: TerminalSession): Promise<void> {
    try {
      await this.shells.restart(session.shellId);
      // The restart notification resets the view; this client may get its answer first.
      if (!session.isRunning) session.restarted();
      this.tabs.requestFocus(session.shellId);
    } catch (error) {
      if (error instanceof PortError && error.kind === 'rejected' && !session.isRunning && session.kind === 'terminal') {
        return this.replace(session);
      }
      this.notifyError(`Could not restart the terminal: ${(error as Error).message}`);
    }
  }

  /** Stops the terminal's process; its tab stays and shows how it ended. */
  async kill(session: TerminalSession): Promise<void> {
    try {
      const info = await this.shells.terminate(session.shellId);
      if (info.status === 'KILLED') session.terminated(session.endedBy ?? 'you');
    } catch (error) {
      this.notifyError(`Could not kill the terminal: ${(error as Error).message}`);
    }
  }

  /** A terminal the server forgot (exited a while ago): a new one takes its tab's place. */
  private async replace(session: TerminalSession): Promise<void> {
    try {
      const shell = await this.shells.create(session.size ?? this.tabs.size());
      this.tabs.replace(session, shell);
    } catch (error) {
      this.notifyError(`Could not restart the terminal: ${(error as Error).message}`);
    }
  }
}
