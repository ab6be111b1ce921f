import { checkTerminalName } from '../../domain/terminal';
import { ShellsPort } from '../ports/shells.port';
import { NotifyError } from '../tokens';
import { TerminalSession } from './terminal-session';

/**
 * Gives a tab the name the user typed (shell/rename): it shows at once, and the old one comes back, with the error
 * told, when the server refuses it. An empty name, or the same one, changes nothing.
 */
export async function renameTerminal(shells: ShellsPort, notifyError: NotifyError, session: TerminalSession, raw: string): Promise<void> {
  const checked = checkTerminalName(raw);
  if (!checked.ok || checked.name === session.name) return;
  const before = session.name;
  session.rename(checked.name);
  try {
    await shells.rename(session.shellId, checked.name);
  } catch (error) {
    session.rename(before);
    notifyError(`Could not rename the terminal: ${(error as Error).message}`);
  }
}
