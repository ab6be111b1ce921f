import fc from 'fast-check';
import {
  DOCUMENT_SYNCED,
  DocumentSyncEvent,
  DocumentSyncState,
  asksToReset,
  documentSyncTransition,
  sendsLocalEdits,
  showsOutOfSyncMarker,
} from '../../../../src/domain/editor/sync-state';

const run = (events: DocumentSyncEvent[], from: DocumentSyncState = DOCUMENT_SYNCED) => {
  let state = from;
  const effects: unknown[] = [];
  for (const event of events) {
    const next = documentSyncTransition(state, event);
    state = next.state;
    effects.push(...next.effects);
  }
  return { state, effects };
};

describe('document sync state (workbench)', () => {
  it('flags the file on an operation error and asks the user', () => {
    const { state } = run([{ type: 'operation-error' }]);
    expect(state).toEqual({ kind: 'NOTIFIED_OUT_OF_SYNC' });
    expect(asksToReset(state)).toBe(true);
    expect(sendsLocalEdits(state)).toBe(false);
  });

  it('resets from client or from server, then is SYNCED once the document synced', () => {
    for (const source of ['client', 'server'] as const) {
      const asked = run([{ type: 'operation-error' }, { type: 'reset', source }]);
      expect(asked.state).toEqual({ kind: 'SYNCING', source });
      expect(asked.effects).toEqual([{ kind: 'reset', source }]);
      expect(run([{ type: 'synced' }], asked.state).state).toEqual(DOCUMENT_SYNCED);
    }
  });

  it('stays OUT_OF_SYNC after cancelling, with the marker, and can ask again', () => {
    const cancelled = run([{ type: 'operation-error' }, { type: 'cancel' }]).state;
    expect(cancelled).toEqual({ kind: 'OUT_OF_SYNC' });
    expect(showsOutOfSyncMarker(cancelled)).toBe(true);
    expect(asksToReset(cancelled)).toBe(false);
    expect(run([{ type: 'operation-error' }], cancelled).state).toEqual({ kind: 'OUT_OF_SYNC' }); // not asked again unprompted
    expect(run([{ type: 'review' }], cancelled).state).toEqual({ kind: 'NOTIFIED_OUT_OF_SYNC' });
    expect(run([{ type: 'reset', source: 'server' }], cancelled).effects).toEqual([{ kind: 'reset', source: 'server' }]);
  });

  it('asks again when a reset fails', () => {
    expect(run([{ type: 'operation-error' }, { type: 'reset', source: 'client' }, { type: 'operation-error' }]).state).toEqual({ kind: 'NOTIFIED_OUT_OF_SYNC' });
  });

  it('is SYNCED again when the document recovered by itself, whatever was asked', () => {
    for (const events of [[{ type: 'operation-error' }], [{ type: 'operation-error' }, { type: 'cancel' }]] as DocumentSyncEvent[][]) {
      expect(run([...events, { type: 'synced' }]).state).toEqual(DOCUMENT_SYNCED);
    }
  });

  it('ignores answers nobody asked for', () => {
    expect(run([{ type: 'reset', source: 'client' }, { type: 'cancel' }, { type: 'review' }])).toEqual({ state: DOCUMENT_SYNCED, effects: [] });
    const syncing = run([{ type: 'operation-error' }, { type: 'reset', source: 'client' }]).state;
    expect(run([{ type: 'reset', source: 'server' }, { type: 'cancel' }], syncing)).toEqual({ state: syncing, effects: [] });
  });

  it('only resets on a user choice, and only from a question or the out-of-sync state', () => {
    const events = fc.oneof(
      fc.constant<DocumentSyncEvent>({ type: 'operation-error' }),
      fc.constantFrom<DocumentSyncEvent>({ type: 'reset', source: 'client' }, { type: 'reset', source: 'server' }),
      fc.constant<DocumentSyncEvent>({ type: 'cancel' }),
      fc.constant<DocumentSyncEvent>({ type: 'review' }),
      fc.constant<DocumentSyncEvent>({ type: 'synced' }),
    );
    fc.assert(
      fc.property(fc.array(events, { maxLength: 30 }), (list) => {
        let state = DOCUMENT_SYNCED;
        for (const event of list) {
          const next = documentSyncTransition(state, event);
          if (next.effects.length > 0) {
            expect(event.type).toBe('reset');
            expect(['NOTIFIED_OUT_OF_SYNC', 'OUT_OF_SYNC']).toContain(state.kind);
          }
          if (event.type === 'synced') expect(next.state).toEqual(DOCUMENT_SYNCED);
          state = next.state;
        }
      }),
    );
  });
});
