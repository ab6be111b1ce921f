import { IReactionDisposer, reaction } from 'mobx';
import { TerminalSession } from './terminal-session';
import { TerminalsState } from './terminals-state';

/** What following the permissions reads and changes of the terminal panel (TerminalsStore). */
export interface PermittedPanel {
  /** Whether this client may create, restart and kill terminals (shell create permission, now). */
  readonly canCreate: boolean;
  readonly state: TerminalsState;
  readonly sessions: readonly TerminalSession[];
  setState(state: TerminalsState): void;
  create(): Promise<void>;
  cancelRename(): void;
}

/**
 * The panel follows this client's shell create permission while joined (client/permissions): without it a panel with
 * nothing running becomes the read-only placeholder and a rename in progress ends; with it back, the placeholder gets
 * a terminal.
 */
export function followCreatePermission(panel: PermittedPanel): IReactionDisposer {
  return reaction(
    () => panel.canCreate,
    (canCreate) => {
      if (canCreate) {
        if (panel.state.kind === 'readonly') void panel.create();
        return;
      }
      panel.cancelRename();
      if (panel.state.kind === 'ready' && !panel.sessions.some((s) => s.isRunning)) panel.setState({ kind: 'readonly' });
    },
  );
}
