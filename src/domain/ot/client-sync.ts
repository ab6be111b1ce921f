import { assertNever } from '../../base/assert';
import { type Result, ok } from '../../base/result';
import { type ClientSyncError, clientSyncErrors } from './client-sync.errors';
import { type OffsetSelection, transformSelection } from './selection-transform';
import { TextOperation } from './text-operation';
import type { OtError } from './text-operation.errors';

/** The three states of the ot.js client (protocol.md 4.2). */
export type ClientSyncState =
  | { readonly kind: 'synchronized' }
  | { readonly kind: 'awaiting-confirm'; readonly outstanding: TextOperation }
  | { readonly kind: 'awaiting-with-buffer'; readonly outstanding: TextOperation; readonly buffer: TextOperation };

/** An operation to send to the server, based on server revision `revision`. */
export interface OutgoingOperation {
  readonly revision: number;
  readonly operation: TextOperation;
}

/**
 * What the caller must do after an event: send `send` if present. `error` reports an anomaly that changed nothing
 * (an unexpected ack, or a local operation that does not follow the buffered one: the caller lost track of its text).
 */
export interface SyncEffect {
  readonly send?: OutgoingOperation;
  readonly error?: ClientSyncError | OtError;
}

const SYNCHRONIZED: ClientSyncState = { kind: 'synchronized' };
const NOTHING: SyncEffect = {};

/**
 * Client side of the OT protocol as a pure state machine: it holds at most one outstanding operation and one buffer,
 * and returns effects (operations to send, operations to apply) instead of doing I/O.
 * Local operations must apply to the client's current document; a violation is a broken invariant and throws.
 */
export class ClientSync {
  private currentRevision: number;
  private currentState: ClientSyncState = SYNCHRONIZED;

  constructor(revision: number) {
    this.currentRevision = revision;
  }

  /** The last server revision this client has seen. */
  get revision(): number {
    return this.currentRevision;
  }

  get state(): ClientSyncState {
    return this.currentState;
  }

  /** The user changed the document by `op`. */
  applyLocal(op: TextOperation): SyncEffect {
    const state = this.currentState;
    switch (state.kind) {
      case 'synchronized':
        this.currentState = { kind: 'awaiting-confirm', outstanding: op };
        return { send: { revision: this.currentRevision, operation: op } };
      case 'awaiting-confirm':
        this.currentState = { kind: 'awaiting-with-buffer', outstanding: state.outstanding, buffer: op };
        return NOTHING;
      case 'awaiting-with-buffer': {
        const buffer = state.buffer.compose(op);
        if (!buffer.ok) return { error: buffer.error };
        this.currentState = { kind: 'awaiting-with-buffer', outstanding: state.outstanding, buffer: buffer.value };
        return NOTHING;
      }
      default:
        return assertNever(state, 'Unknown client sync state');
    }
  }

  /**
   * Another client's operation arrived from the server. Returns the operation to apply to the local document.
   * On error (lengths disagree: the documents diverged, resync) state and revision are unchanged.
   */
  applyServer(op: TextOperation): Result<TextOperation, OtError> {
    const state = this.currentState;
    switch (state.kind) {
      case 'synchronized':
        this.currentRevision++;
        return ok(op);
      case 'awaiting-confirm': {
        const pair = TextOperation.transform(state.outstanding, op);
        if (!pair.ok) return pair;
        this.currentState = { kind: 'awaiting-confirm', outstanding: pair.value[0] };
        this.currentRevision++;
        return ok(pair.value[1]);
      }
      case 'awaiting-with-buffer': {
        const first = TextOperation.transform(state.outstanding, op);
        if (!first.ok) return first;
        const second = TextOperation.transform(state.buffer, first.value[1]);
        if (!second.ok) return second;
        this.currentState = { kind: 'awaiting-with-buffer', outstanding: first.value[0], buffer: second.value[0] };
        this.currentRevision++;
        return ok(second.value[1]);
      }
      default:
        return assertNever(state, 'Unknown client sync state');
    }
  }

  /**
   * The server confirmed the outstanding operation. With a buffer, the buffer is sent next.
   * An ack while synchronized (e.g. a late response after `reset`) changes nothing and is reported in `error`.
   */
  serverAck(): SyncEffect {
    const state = this.currentState;
    switch (state.kind) {
      case 'synchronized':
        return { error: clientSyncErrors.unexpectedAck(this.currentRevision) };
      case 'awaiting-confirm':
        this.currentRevision++;
        this.currentState = SYNCHRONIZED;
        return NOTHING;
      case 'awaiting-with-buffer':
        this.currentRevision++;
        this.currentState = { kind: 'awaiting-confirm', outstanding: state.buffer };
        return { send: { revision: this.currentRevision, operation: state.buffer } };
      default:
        return assertNever(state, 'Unknown client sync state');
    }
  }

  /** Maps a selection expressed on the latest server document onto the local document (through outstanding, then buffer). */
  transformSelectionForRemote(selection: OffsetSelection): OffsetSelection {
    const state = this.currentState;
    switch (state.kind) {
      case 'synchronized':
        return { anchor: selection.anchor, head: selection.head };
      case 'awaiting-confirm':
        return transformSelection(state.outstanding, selection);
      case 'awaiting-with-buffer':
        return transformSelection(state.buffer, transformSelection(state.outstanding, selection));
      default:
        return assertNever(state, 'Unknown client sync state');
    }
  }

  /** Everything not yet confirmed, as one operation on the last server document (for resync after reconnect). */
  pending(): TextOperation | undefined {
    const state = this.currentState;
    switch (state.kind) {
      case 'synchronized':
        return undefined;
      case 'awaiting-confirm':
        return state.outstanding;
      case 'awaiting-with-buffer': {
        // The buffer always follows the outstanding operation (applyLocal checks it), so this composes.
        const composed = state.outstanding.compose(state.buffer);
        return composed.ok ? composed.value : undefined;
      }
      default:
        return assertNever(state, 'Unknown client sync state');
    }
  }

  /** Forgets unconfirmed work and starts over at `revision` (after a resync). */
  reset(revision: number): void {
    this.currentRevision = revision;
    this.currentState = SYNCHRONIZED;
  }
}
