import { assertNever } from '../../base/assert';
import type { ConnectionState } from '../connection/connection-state';
import { RETRY_POLICIES } from '../connection/retry-policy';

/**
 * The micro VM container state of spec 001 §4: READY, RESTARTING, DISCONNECTED (wasClean, wasNotFound),
 * RECONNECTING (attempt count), DISCONNECTED_RECONNECTING, ERROR.
 */
export type ContainerState =
  | { readonly kind: 'READY' }
  | { readonly kind: 'RESTARTING' }
  | { readonly kind: 'DISCONNECTED'; readonly wasClean: boolean; readonly wasNotFound: boolean }
  | { readonly kind: 'RECONNECTING'; readonly attempt: number }
  | { readonly kind: 'DISCONNECTED_RECONNECTING' }
  | { readonly kind: 'ERROR'; readonly message: string };

export type ContainerEvent =
  | { readonly type: 'connected' }
  | { readonly type: 'disconnected'; readonly wasClean: boolean; readonly wasNotFound: boolean }
  | { readonly type: 'reconnect-attempt'; readonly attempt: number }
  /** The connection gave up (its time-out text) and keeps trying in the background (docs/client/workspace-connection.md). */
  | { readonly type: 'retrying-in-background' }
  | { readonly type: 'restart' }
  | { readonly type: 'error'; readonly message: string };

/** "RESTARTING disconnects and stops the environment." */
export type ContainerEffect = { readonly kind: 'disconnect' } | { readonly kind: 'stop-environment' };

export const CONTAINER_READY: ContainerState = { kind: 'READY' };

/** Spec 001 §4: asked before unload while disconnected (the spelling is the spec's). */
export const DISCONNECTED_UNLOAD_WARNING = 'You are disconnected, are you sure you want to reload. You risk loosing changes';

const stay = (state: ContainerState) => ({ state, effects: [] as readonly ContainerEffect[] });

/**
 * Spec 001 §4 transitions: READY goes to DISCONNECTED on pitcher disconnect, to RECONNECTING on a reconnect attempt,
 * to RESTARTING on restart; DISCONNECTED and ERROR go to RESTARTING on restart; a successful connection returns to
 * READY. A reconnect attempt while DISCONNECTED is DISCONNECTED_RECONNECTING, and so is a connection that gave up and
 * keeps trying in the background. A restart is refused while RECONNECTING or RESTARTING.
 */
export function containerTransition(state: ContainerState, event: ContainerEvent): { state: ContainerState; effects: readonly ContainerEffect[] } {
  switch (event.type) {
    case 'connected':
      return state.kind === 'RESTARTING' ? stay(state) : stay(CONTAINER_READY);
    case 'disconnected':
      return state.kind === 'RESTARTING' || state.kind === 'ERROR'
        ? stay(state)
        : stay({ kind: 'DISCONNECTED', wasClean: event.wasClean, wasNotFound: event.wasNotFound });
    case 'reconnect-attempt':
      switch (state.kind) {
        case 'READY':
        case 'RECONNECTING':
          return stay({ kind: 'RECONNECTING', attempt: event.attempt });
        case 'DISCONNECTED':
        case 'DISCONNECTED_RECONNECTING':
          return stay({ kind: 'DISCONNECTED_RECONNECTING' });
        default:
          return stay(state);
      }
    case 'retrying-in-background':
      return state.kind === 'RESTARTING' || state.kind === 'ERROR' ? stay(state) : stay({ kind: 'DISCONNECTED_RECONNECTING' });
    case 'restart':
      return state.kind === 'READY' || state.kind === 'DISCONNECTED' || state.kind === 'DISCONNECTED_RECONNECTING' || state.kind === 'ERROR'
        ? { state: { kind: 'RESTARTING' }, effects: [{ kind: 'disconnect' }, { kind: 'stop-environment' }] }
        : stay(state);
    case 'error':
      return stay({ kind: 'ERROR', message: event.message });
    default:
      return assertNever(event);
  }
}

/** The reasons a connection gives up with while its transport keeps trying (the retry policies' time-out texts). */
const GAVE_UP_REASONS: ReadonlySet<string> = new Set(Object.values(RETRY_POLICIES).map((policy) => policy.timeoutMessage));

/** The container event a connection state amounts to (undefined when it changes nothing). */
export function containerEventOf(connection: ConnectionState): ContainerEvent | undefined {
  switch (connection.kind) {
    case 'CONNECTED':
      return { type: 'connected' };
    case 'RECONNECTING':
      return { type: 'reconnect-attempt', attempt: connection.attempt };
    case 'DISCONNECTED':
      if (GAVE_UP_REASONS.has(connection.reason)) return { type: 'retrying-in-background' };
      return { type: 'disconnected', wasClean: connection.wasClean, wasNotFound: connection.wasNotFound === true };
    case 'HIBERNATED':
      return { type: 'disconnected', wasClean: true, wasNotFound: false };
    case 'CONNECTING':
      return undefined;
    default:
      return assertNever(connection);
  }
}

/** Whether leaving the page must be confirmed with DISCONNECTED_UNLOAD_WARNING. */
export const needsUnloadConfirmation = (state: ContainerState): boolean => state.kind === 'DISCONNECTED' || state.kind === 'DISCONNECTED_RECONNECTING';
