import { CONNECTION_LOSS_AUTHOR, terminalLostText } from '../../domain/terminal';
import { TabLayout, settleTabs } from '../../domain/terminal/tab-layout';
import { ShellsPort } from '../ports/shells.port';
import { OpeningTabs } from './terminal-opening';
import { ControlledTabs } from './terminal-process-control';
import { TerminalSession } from './terminal-session';
import { TerminalsState } from './terminals-state';

/** What re-opening reads and changes of the terminal panel (TerminalsStore's public side). */
export interface ResyncedPanel {
  readonly sessions: readonly TerminalSession[];
  readonly active: TerminalSession | undefined;
  readonly canCreate: boolean;
  session(shellId: string | undefined): TerminalSession | undefined;
  setState(state: TerminalsState): void;
}

/** The panel's own tab bookkeeping that re-opening drives (private to TerminalsStore). */
export interface ResyncedTabs extends OpeningTabs, Pick<ControlledTabs, 'size'> {
  /** A watched terminal ended without this client ending it (the panel's lastTermination). */
  ended(termination: { shellId: string; author: string }): void;
  /** The tabs, the active one and the split one. */
  layout(): TabLayout<TerminalSession>;
  /** Puts a layout on screen. */
  show(layout: TabLayout<TerminalSession>): void;
}

/**
 * Re-opening the panel's shells so their tabs show what the server has. Joining (attach, and the shells step of the
 * resync after a reconnect): every tab opens again with its scroll-back, a terminal the server lost is reported as
 * ended by 'connection loss', the workspace's other running terminals get tabs, and a terminal is created when none
 * runs and this client may. Catching up: a view that fell too far behind is reset to its shell's scroll-back.
 */
export class TerminalResync {
  constructor(
    private readonly shells: ShellsPort,
    private readonly panel: ResyncedPanel,
    private readonly tabs: ResyncedTabs,
  ) {}

  /** Joins the workspace's terminals; a failure sets the panel's 'failed' state and is thrown. */
  async join(): Promise<void> {
    const { panel, tabs } = this;
    try {
      const listed = await this.shells.list();
      const onServer = new Map(listed.map((s) => [s.shellId, s]));
      for (const session of panel.sessions) {
        if (onServer.has(session.shellId)) await this.reopen(session);
        else if (session.isRunning) this.lost(session);
      }
      const known = new Set(panel.sessions.map((s) => s.shellId));
      for (const shell of listed.filter((s) => s.isTerminal && s.status === 'RUNNING' && !known.has(s.shellId))) {
        tabs.add(await this.shells.open(shell.shellId, tabs.size()), 'terminal', false);
      }
      if (!panel.sessions.some((s) => s.kind === 'terminal' && s.isRunning) && panel.canCreate) {
        // Shown at once when the tab on screen ended (with the connection).
        tabs.add(await this.shells.create(tabs.size()), 'terminal', !panel.active?.isRunning);
      }
      // No active tab (or it went away): a running terminal becomes the active one, else the first tab.
      tabs.show(settleTabs(tabs.layout(), () => panel.sessions.find((s) => s.kind === 'terminal' && s.isRunning) ?? panel.sessions[0]));
      panel.setState(!panel.canCreate && !panel.sessions.some((s) => s.isRunning) ? { kind: 'readonly' } : { kind: 'ready' });
    } catch (error) {
      const message = `Could not start a terminal: ${(error as Error).message}`;
      panel.setState({ kind: 'failed', message });
      throw new Error(message);
    }
  }

  /** A view fell too far behind: its queue was dropped; the shell's scroll-back replaces it. */
  async catchUp(session: TerminalSession): Promise<void> {
    if (session.catchingUp) return;
    session.catchingUp = true;
    try {
      const shell = await this.shells.open(session.shellId, session.kind === 'terminal' ? session.size : undefined);
      session.catchingUp = false;
      if (this.panel.session(session.shellId) === session) session.showScrollBack(shell);
    } catch {
      // Not connected: the next join opens it again and writes the scroll-back.
    } finally {
      session.catchingUp = false;
    }
  }

  /** A tab the server still has: opened again (a terminal at its view's size), it shows the scroll-back. */
  private async reopen(session: TerminalSession): Promise<void> {
    const shell = await this.shells.open(session.shellId, session.kind === 'terminal' ? (session.size ?? this.tabs.size()) : undefined);
    session.showScrollBack(shell);
  }

  /** A running terminal the server no longer has after a reconnect: it ended with the connection. */
  private lost(session: TerminalSession): void {
    session.terminated(CONNECTION_LOSS_AUTHOR);
    session.note(terminalLostText(CONNECTION_LOSS_AUTHOR));
    this.tabs.ended({ shellId: session.shellId, author: CONNECTION_LOSS_AUTHOR });
  }
}
