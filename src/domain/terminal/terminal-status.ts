/** How a terminal tab ended or runs (spec 002 §3 Shell: RUNNING, then FINISHED, ERROR or KILLED with an exit code). */
export type TerminalStatus = 'RUNNING' | 'FINISHED' | 'ERROR' | 'KILLED' | 'RESTARTING';

/** The line written into a terminal when its process exits. */
export const exitedText = (exitCode: number): string => `[Process exited with code ${exitCode}]`;
/** Who ended a terminal the client had, when the server no longer has it after a reconnect (spec 002 §8). */
export const CONNECTION_LOSS_AUTHOR = 'connection loss';
export const terminalLostText = (author: string): string => `[Terminal ended: ${author}]`;

/** The status after an exit: a KILLED shell stays KILLED, otherwise the exit code says FINISHED or ERROR. */
export function statusAfterExit(before: TerminalStatus, exitCode: number): TerminalStatus {
  if (before === 'KILLED') return 'KILLED';
  return exitCode > 0 ? 'ERROR' : 'FINISHED';
}

/** What a tab says after its name: nothing while it runs, else how it ended and its exit code when known. */
export function terminalStatusLabel(status: TerminalStatus, exitCode: number | undefined): string {
  if (status === 'RUNNING') return '';
  if (status === 'RESTARTING') return 'restarting';
  const code = exitCode === undefined ? '' : `exit code ${exitCode}`;
  if (status === 'KILLED') return code ? `killed, ${code}` : 'killed';
  return code || status.toLowerCase();
}

export const TERMINAL_NAME_MAX = 4096;

export type TerminalNameError = 'empty' | 'too-long';

/** A new terminal name (shell/rename): trimmed, not empty, at most 4096 characters. */
export function checkTerminalName(raw: string): { ok: true; name: string } | { ok: false; error: TerminalNameError } {
  const name = raw.trim();
  if (name === '') return { ok: false, error: 'empty' };
  if (name.length > TERMINAL_NAME_MAX) return { ok: false, error: 'too-long' };
  return { ok: true, name };
}
