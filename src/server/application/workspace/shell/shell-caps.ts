import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';

/** How many shells the clients may run at once (the server's own, tasks' and setup steps', do not count). */
export interface ShellCaps {
  /** Running shells one client (one client id: it keeps it across reconnects) may have started. */
  maxShellsPerClient: number;
  /** Running shells the clients of one workspace may have started together. */
  maxShellsPerWorkspace: number;
}

/**
 * A login shell is three processes or so, and a workspace may run at most BULLPEN_SANDBOX_PIDS (1,024) processes:
 * 50 shells leave room for what runs in them. One client rarely has more than a few terminals open; 20 leaves room
 * for an SDK script running commands side by side.
 */
export const SHELL_CAPS: ShellCaps = { maxShellsPerClient: 20, maxShellsPerWorkspace: 50 };

/** The shells the caps look at: running ones, with the client that started each (undefined: the server). */
export interface CountedShell {
  readonly startedBy: string | undefined;
  readonly isRunning: boolean;
}

/**
 * Whether `clientId` may start one more shell (shell/create, or shell/restart of an exited shell): refused with
 * SHELL_NOT_ACCESSIBLE (200, the protocol's error for a shell that could not be started), `data: {limit}`.
 */
export function checkShellCaps(shells: Iterable<CountedShell>, clientId: string, caps: ShellCaps): HandlerResult<void> {
  let ofClient = 0;
  let ofClients = 0;
  for (const shell of shells) {
    if (!shell.isRunning || shell.startedBy === undefined) continue;
    ofClients++;
    if (shell.startedBy === clientId) ofClient++;
  }
  if (ofClient >= caps.maxShellsPerClient) {
    return fail(
      PitcherErrorCode.SHELL_NOT_ACCESSIBLE,
      `Too many shells: this client already runs ${ofClient}, the most one client may run at once. Terminate one to start another`,
      { limit: caps.maxShellsPerClient },
    );
  }
  if (ofClients >= caps.maxShellsPerWorkspace) {
    return fail(
      PitcherErrorCode.SHELL_NOT_ACCESSIBLE,
      `Too many shells: this workspace's clients already run ${ofClients}, the most a workspace may run at once. Terminate one to start another`,
      { limit: caps.maxShellsPerWorkspace },
    );
  }
  return done(undefined);
}
