import { assertNever } from '../../base/assert';

/** Which side wins a reset (spec 002 §4): the client's text replaces the server's, or the server's the client's. */
export type ResetSource = 'client' | 'server';

/**
 * The workbench's view of one document's sync (spec 002 §4 "Collaborative file sync"): SYNCED, NOTIFIED_OUT_OF_SYNC
 * (the user is being asked to reset from client or from server), SYNCING (a reset runs), OUT_OF_SYNC (the user
 * cancelled: the file stays out of sync, marked on its tab, until a reset or until it syncs again by itself).
 */
export type DocumentSyncState =
  | { readonly kind: 'SYNCED' }
  | { readonly kind: 'NOTIFIED_OUT_OF_SYNC' }
  | { readonly kind: 'SYNCING'; readonly source: ResetSource }
  | { readonly kind: 'OUT_OF_SYNC' };

export type DocumentSyncEvent =
  /** An operation error the document could not recover from by itself (its own resync failed). */
  | { readonly type: 'operation-error' }
  /** The user chose a side. */
  | { readonly type: 'reset'; readonly source: ResetSource }
  /** The user dismissed the question. */
  | { readonly type: 'cancel' }
  /** The user asks again (the tab's out-of-sync marker). */
  | { readonly type: 'review' }
  /** The document is synchronised with the server again. */
  | { readonly type: 'synced' };

export type DocumentSyncEffect = { readonly kind: 'reset'; readonly source: ResetSource };

export interface DocumentSyncTransition {
  readonly state: DocumentSyncState;
  readonly effects: readonly DocumentSyncEffect[];
}

export const DOCUMENT_SYNCED: DocumentSyncState = { kind: 'SYNCED' };
const NOTIFIED: DocumentSyncState = { kind: 'NOTIFIED_OUT_OF_SYNC' };
const OUT_OF_SYNC: DocumentSyncState = { kind: 'OUT_OF_SYNC' };

/** The prompt's texts (the spec names the choices "reset from client" and "reset from server"). */
export const OUT_OF_SYNC_TEXTS = {
  title: (path: string) => `${path} is out of sync`,
  description: "Your copy of this file no longer matches the server's and could not be synchronised automatically. Choose which version to keep.",
  resetFromClient: 'Keep my version',
  resetFromClientHint: "Your text replaces the server's.",
  resetFromServer: 'Use the server version',
  resetFromServerHint: "The server's text replaces yours; your unsent changes are lost.",
  cancel: 'Cancel',
  marker: 'Out of sync',
  markerHint: (path: string) => `${path} is out of sync with the server: choose which version to keep`,
} as const;

const stay = (state: DocumentSyncState): DocumentSyncTransition => ({ state, effects: [] });

/**
 * Spec 002 §4: "On an operation error the file is flagged out of sync and the user is asked to reset from client or
 * from server. Cancelling leaves it out of sync." A failed reset asks again; a document that syncs again by itself
 * (e.g. after a reconnect) is SYNCED whatever was asked. Anything else leaves the state as it is.
 */
export function documentSyncTransition(state: DocumentSyncState, event: DocumentSyncEvent): DocumentSyncTransition {
  switch (event.type) {
    case 'operation-error':
      return state.kind === 'SYNCED' || state.kind === 'SYNCING' ? stay(NOTIFIED) : stay(state);
    case 'reset':
      return state.kind === 'NOTIFIED_OUT_OF_SYNC' || state.kind === 'OUT_OF_SYNC'
        ? { state: { kind: 'SYNCING', source: event.source }, effects: [{ kind: 'reset', source: event.source }] }
        : stay(state);
    case 'cancel':
      return state.kind === 'NOTIFIED_OUT_OF_SYNC' ? stay(OUT_OF_SYNC) : stay(state);
    case 'review':
      return state.kind === 'OUT_OF_SYNC' ? stay(NOTIFIED) : stay(state);
    case 'synced':
      return stay(DOCUMENT_SYNCED);
    default:
      return assertNever(event);
  }
}

/** Local edits are sent as operations only in the synced state (spec 002 §4); otherwise they are kept. */
export const sendsLocalEdits = (state: DocumentSyncState): boolean => state.kind === 'SYNCED';

/** The tab's marker shows while the file is out of sync or being reset. */
export const showsOutOfSyncMarker = (state: DocumentSyncState): boolean => state.kind !== 'SYNCED';

/** The question is on screen. */
export const asksToReset = (state: DocumentSyncState): boolean => state.kind === 'NOTIFIED_OUT_OF_SYNC';
