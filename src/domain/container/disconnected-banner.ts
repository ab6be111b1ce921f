import { assertNever } from '../../base/assert';
import { RECONNECT_POLICY } from '../connection/retry-policy';
import type { ContainerState } from './container-state';

/**
 * The banner over the workbench while the workspace connection is lost (spec 001 §4 container states; spec 000 §4
 * banner variants warning and error). `attempt` / `attempts` is the reconnect progress. `action` is the button:
 * Reconnect, or Reload page for a workspace that was not found; `actionEnabled` is false while a reconnect runs (a
 * second one is refused: 'Already reconnecting').
 */
export interface DisconnectedBanner {
  readonly variant: 'warning' | 'error';
  readonly message: string;
  readonly detail: string | undefined;
  readonly attempt: number | undefined;
  readonly attempts: number;
  readonly action: 'reconnect' | 'reload';
  readonly actionEnabled: boolean;
}

export const DISCONNECTED_TEXTS = {
  reconnecting: 'Connection to the workspace lost. Reconnecting…',
  reconnectingDetail: (attempt: number, of: number) => `Attempt ${attempt} of ${of}`,
  retrying: 'You are disconnected. Retrying in the background…',
  disconnected: 'You are disconnected.',
  hibernated: 'The workspace is hibernating.',
  notFound: 'You are disconnected: the workspace was not found.',
  unsavedHint: 'Edits made now are kept here and sent once the connection is back.',
  reconnect: 'Reconnect',
  reload: 'Reload page',
} as const;

const banner = (b: Partial<DisconnectedBanner> & Pick<DisconnectedBanner, 'variant' | 'message'>): DisconnectedBanner => ({
  detail: undefined,
  attempt: undefined,
  attempts: RECONNECT_POLICY.attempts,
  action: 'reconnect',
  actionEnabled: true,
  ...b,
});

/** The banner for a container state, undefined while connected (READY), restarting or failed (the start-up screen shows errors). */
export function disconnectedBanner(state: ContainerState, hibernated = false): DisconnectedBanner | undefined {
  switch (state.kind) {
    case 'RECONNECTING': {
      const attempt = Math.min(state.attempt, RECONNECT_POLICY.attempts);
      return banner({
        variant: 'warning',
        message: DISCONNECTED_TEXTS.reconnecting,
        detail: DISCONNECTED_TEXTS.reconnectingDetail(attempt, RECONNECT_POLICY.attempts),
        attempt,
        actionEnabled: false,
      });
    }
    case 'DISCONNECTED_RECONNECTING':
      return banner({ variant: 'error', message: DISCONNECTED_TEXTS.retrying, detail: DISCONNECTED_TEXTS.unsavedHint });
    case 'DISCONNECTED':
      if (state.wasNotFound) return banner({ variant: 'error', message: DISCONNECTED_TEXTS.notFound, action: 'reload' });
      return banner({ variant: 'error', message: hibernated ? DISCONNECTED_TEXTS.hibernated : DISCONNECTED_TEXTS.disconnected, detail: DISCONNECTED_TEXTS.unsavedHint });
    case 'READY':
    case 'RESTARTING':
    case 'ERROR':
      return undefined;
    default:
      return assertNever(state);
  }
}
