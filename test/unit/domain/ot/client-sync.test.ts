import { unwrap } from '../../../../src/base/result';
import { ClientSync } from '../../../../src/domain/ot/client-sync';
import { TextOperation } from '../../../../src/domain/ot/text-operation';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

describe('ClientSync in the synchronized state', () => {
  it('starts synchronized at the given revision', () => {
    const sync = new ClientSync(4);
    expect(sync.revision).toBe(4);
    expect(sync.state).toEqual({ kind: 'synchronized' });
    expect(sync.pending()).toBeUndefined();
  });

  it('sends a local operation at once and awaits its confirmation', () => {
    const sync = new ClientSync(4);
    const local = op([3, 'x']);
    expect(sync.applyLocal(local)).toEqual({ send: { revision: 4, operation: local } });
    expect(sync.state).toEqual({ kind: 'awaiting-confirm', outstanding: local });
  });

  it('passes a server operation through unchanged and counts it', () => {
    const sync = new ClientSync(0);
    const remote = op(['a', 3]);
    expect(unwrap(sync.applyServer(remote))).toBe(remote);
    expect(sync.revision).toBe(1);
  });

  it('reports an unexpected ack without changing anything', () => {
    const sync = new ClientSync(2);
    const effect = sync.serverAck();
    expect(effect.send).toBeUndefined();
    expect(effect.error?.kind).toBe('unexpected-ack');
    expect(sync.revision).toBe(2);
    expect(sync.state.kind).toBe('synchronized');
  });

  it('leaves a remote selection untouched', () => {
    expect(new ClientSync(0).transformSelectionForRemote({ anchor: 1, head: 2 })).toEqual({ anchor: 1, head: 2 });
  });
});

describe('ClientSync in the awaiting-confirm state', () => {
  const awaiting = (): ClientSync => {
    const sync = new ClientSync(0);
    sync.applyLocal(op(['X', 3]));
    return sync;
  };

  it('buffers a further local operation without sending it', () => {
    const sync = awaiting();
    const next = op([4, 'Y']);
    expect(sync.applyLocal(next)).toEqual({});
    expect(sync.state).toEqual({ kind: 'awaiting-with-buffer', outstanding: op(['X', 3]), buffer: next });
  });

  it('returns to synchronized on ack', () => {
    const sync = awaiting();
    expect(sync.serverAck()).toEqual({});
    expect(sync.state.kind).toBe('synchronized');
    expect(sync.revision).toBe(1);
  });

  it('transforms a server operation against the outstanding one', () => {
    const sync = awaiting();
    const toApply = unwrap(sync.applyServer(op(['R', 3])));
    expect(toApply.ops).toEqual([1, 'R', 3]);
    expect(sync.state).toEqual({ kind: 'awaiting-confirm', outstanding: op(['X', 4]) });
    expect(sync.revision).toBe(1);
  });

  it('leaves state and revision alone when a server operation does not fit', () => {
    const sync = awaiting();
    const result = sync.applyServer(op([7]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('transform-length-mismatch');
    expect(sync.revision).toBe(0);
    expect(sync.state).toEqual({ kind: 'awaiting-confirm', outstanding: op(['X', 3]) });
  });

  it('moves a remote selection through the outstanding operation', () => {
    expect(awaiting().transformSelectionForRemote({ anchor: 0, head: 2 })).toEqual({ anchor: 1, head: 3 });
  });

  it('reports the outstanding operation as pending', () => {
    expect(awaiting().pending()?.ops).toEqual(['X', 3]);
  });
});

describe('ClientSync in the awaiting-with-buffer state', () => {
  const buffered = (): ClientSync => {
    const sync = new ClientSync(0);
    sync.applyLocal(op(['X', 3]));
    sync.applyLocal(op([4, 'Y']));
    return sync;
  };

  it('composes further local operations into the buffer', () => {
    const sync = buffered();
    expect(sync.applyLocal(op([5, 'Z']))).toEqual({});
    expect(sync.state).toEqual({ kind: 'awaiting-with-buffer', outstanding: op(['X', 3]), buffer: op([4, 'YZ']) });
  });

  it('sends the buffer on ack and awaits its confirmation', () => {
    const sync = buffered();
    expect(sync.serverAck()).toEqual({ send: { revision: 1, operation: op([4, 'Y']) } });
    expect(sync.state).toEqual({ kind: 'awaiting-confirm', outstanding: op([4, 'Y']) });
  });

  it('transforms a server operation through outstanding and buffer', () => {
    const sync = buffered();
    const toApply = unwrap(sync.applyServer(op([3, 'R'])));
    // Both the buffer and the server inserted at the end: the local buffer goes first, as on the server.
    expect(toApply.ops).toEqual([5, 'R']);
    expect(sync.state).toEqual({ kind: 'awaiting-with-buffer', outstanding: op(['X', 4]), buffer: op([4, 'Y', 1]) });
    expect(sync.revision).toBe(1);
  });

  it('moves a remote selection through outstanding then buffer', () => {
    expect(buffered().transformSelectionForRemote({ anchor: 3, head: 3 })).toEqual({ anchor: 5, head: 5 });
  });

  it('reports outstanding composed with buffer as pending', () => {
    expect(buffered().pending()?.ops).toEqual(['X', 3, 'Y']);
  });

  it('reports a local operation that does not fit the buffer and changes nothing', () => {
    const sync = buffered();
    const before = sync.state;
    expect(sync.applyLocal(op([2])).error?.kind).toBe('compose-length-mismatch');
    expect(sync.state).toBe(before);
  });
});

describe('ClientSync.reset', () => {
  it('drops pending work and synchronizes at the given revision', () => {
    const sync = new ClientSync(0);
    sync.applyLocal(op(['X']));
    sync.applyLocal(op([1, 'Y']));
    sync.reset(9);
    expect(sync.state.kind).toBe('synchronized');
    expect(sync.revision).toBe(9);
    expect(sync.pending()).toBeUndefined();
  });
});
