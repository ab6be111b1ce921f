import { PortError } from '../ports/port-error';
import { ShellsPort } from '../ports/shells.port';
import { TerminalSession } from './terminal-session';

/** Shown once per lost connection when typed input could not be sent (it is never replayed later). */
export const NOT_CONNECTED_TERMINAL_TEXT = '[Not connected: input was not sent]';

/**
 * Keys typed into terminals, sent to their shells (shell/input). Input that finds no connection is dropped, and the
 * first time on each connection the terminal says so (NOT_CONNECTED_TERMINAL_TEXT).
 */
export class TerminalInput {
  private toldNotConnected = false;

  constructor(private readonly shells: ShellsPort) {}

  send(session: TerminalSession, data: string): void {
    this.shells.input(session.shellId, data).catch((error: unknown) => {
      if (!(error instanceof PortError) || error.kind !== 'disconnected' || this.toldNotConnected) return;
      this.toldNotConnected = true;
      session.note(NOT_CONNECTED_TERMINAL_TEXT);
    });
  }

  /** A (re)join: a new connection, so the next input that cannot be sent is told again. */
  reconnected(): void {
    this.toldNotConnected = false;
  }
}
