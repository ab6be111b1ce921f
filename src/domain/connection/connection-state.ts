/**
 * The service-level connection states of spec 002 §4: CONNECTING, CONNECTED, RECONNECTING (attempt number),
 * HIBERNATED and DISCONNECTED (wasClean, reason, code). A reason containing 'not found' marks wasNotFound.
 */
export type ConnectionState =
  | { readonly kind: 'CONNECTING' }
  | { readonly kind: 'CONNECTED' }
  | { readonly kind: 'RECONNECTING'; readonly attempt: number }
  | { readonly kind: 'HIBERNATED' }
  | DisconnectedState;

export interface DisconnectedState {
  readonly kind: 'DISCONNECTED';
  readonly reason: string;
  readonly wasClean: boolean;
  /** The websocket close code, when the transport gave one. */
  readonly code?: number;
  /** Present (true) only when the reason contains 'not found': the workspace is gone, retrying cannot help. */
  readonly wasNotFound?: true;
}

export type ConnectionStateName = ConnectionState['kind'];

export const CONNECTING: ConnectionState = { kind: 'CONNECTING' };
export const CONNECTED: ConnectionState = { kind: 'CONNECTED' };
export const HIBERNATED: ConnectionState = { kind: 'HIBERNATED' };
export const reconnecting = (attempt: number): ConnectionState => ({ kind: 'RECONNECTING', attempt });

/** Builds DISCONNECTED; undefined fields are left out so states compare structurally. */
export function disconnected(reason: string, wasClean: boolean, code?: number): DisconnectedState {
  return {
    kind: 'DISCONNECTED',
    reason,
    wasClean,
    ...(code === undefined ? {} : { code }),
    ...(isNotFoundReason(reason) ? { wasNotFound: true as const } : {}),
  };
}

export const isNotFoundReason = (reason: string): boolean => reason.toLowerCase().includes('not found');

/** What the workbench shows (spec 002 §4: "The workbench sees them as Connecting, Connected, Disconnected"). */
export type WorkbenchConnectionLabel = 'Connecting' | 'Connected' | 'Disconnected';

export function workbenchLabel(state: ConnectionState): WorkbenchConnectionLabel {
  switch (state.kind) {
    case 'CONNECTED':
      return 'Connected';
    case 'CONNECTING':
    case 'RECONNECTING':
      return 'Connecting';
    case 'HIBERNATED':
    case 'DISCONNECTED':
      return 'Disconnected';
  }
}
