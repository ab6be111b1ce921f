import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { Received, ServerDocument } from '../../../../src/domain/ot/server-document';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { otjs } from './support/ot-js';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

/** The applied operation of a receive that must have applied. */
const applied = (received: Received): TextOperation => {
  if (received.kind !== 'applied') throw new Error(`expected an applied operation, got ${JSON.stringify(received)}`);
  return received.operation;
};

/** A document with participants that opened it at its initial revision. */
function documentWith(text: string, participants: string[], revision = 0, options?: ConstructorParameters<typeof ServerDocument>[2]): ServerDocument {
  const doc = new ServerDocument(text, revision, options);
  for (const p of participants) doc.join(p);
  return doc;
}

/** Appends one character at the current revision, as `clientId`. */
const typeOne = (doc: ServerDocument, clientId = 'typist'): void => {
  unwrap(doc.receive(doc.revision, op(doc.length > 0 ? [doc.length, 'a'] : ['a']), { clientId }));
};

describe('ServerDocument.receive', () => {
  it('applies an operation based on the current revision and increments the revision', () => {
    const doc = new ServerDocument('hello', 7);
    const received = unwrap(doc.receive(7, op([5, ' world'])));
    expect(received).toMatchObject({ kind: 'applied', revision: 8 });
    expect(applied(received).ops).toEqual([5, ' world']);
    expect(doc.revision).toBe(8);
    expect(doc.text).toBe('hello world');
    expect(doc.length).toBe(11);
  });

  it('transforms a late operation against the operations it missed', () => {
    const doc = documentWith('abc', ['a', 'b']);
    unwrap(doc.receive(0, op(['X', 3]), { clientId: 'a' }));
    expect(applied(unwrap(doc.receive(0, op([3, 'Y']), { clientId: 'b' }))).ops).toEqual([4, 'Y']);
    expect(doc.text).toBe('XabcY');
    expect(doc.revision).toBe(2);
  });

  it('puts the late operation first when both inserted at the same offset', () => {
    const doc = documentWith('abc', ['a', 'b']);
    unwrap(doc.receive(0, op([1, 'A', 2]), { clientId: 'a' }));
    unwrap(doc.receive(0, op([1, 'B', 2]), { clientId: 'b' }));
    expect(doc.text).toBe('aBAbc');
  });

  it('rejects a negative, fractional or future revision', () => {
    const doc = new ServerDocument('abc', 2);
    for (const revision of [-1, 1.5, 3, NaN]) {
      const result = doc.receive(revision, op([3]));
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('revision-out-of-range');
        expect(result.error.message).toContain(`Operation revision ${revision} is out of range`);
      }
    }
    expect(doc.revision).toBe(2);
  });

  it('rejects an operation whose base length differs from the document with the exact message', () => {
    const doc = new ServerDocument('hello');
    expect(doc.receive(0, op([3, 'x']))).toEqual({
      ok: false,
      error: {
        kind: 'base-length-mismatch',
        message: "An operation's base length must equal the document length (operation base length 3, document length 5)",
      },
    });
  });

  it('checks a late operation against the document length at its revision', () => {
    const doc = documentWith('hello', ['a', 'b']);
    unwrap(doc.receive(0, op([5, '!']), { clientId: 'a' }));
    const result = doc.receive(0, op([6]), { clientId: 'b' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toBe("An operation's base length must equal the document length (operation base length 6, document length 5)");
    expect(doc.text).toBe('hello!');
  });
});

describe('ServerDocument participants and history', () => {
  it("keeps the history a second participant's in-flight operation needs after the first acknowledges past it", () => {
    const doc = documentWith('abc', ['a', 'b']);
    // a types three times and acknowledges each revision; b's operation, based on revision 0, is still in flight.
    for (let i = 0; i < 3; i++) {
      unwrap(doc.receive(doc.revision, op([doc.length, 'a']), { clientId: 'a' }));
      doc.acknowledge('a', doc.revision);
    }
    expect(doc.oldestRevision).toBe(0);
    expect(applied(unwrap(doc.receive(0, op(['B', 3]), { clientId: 'b' }))).ops).toEqual(['B', 6]);
    expect(doc.text).toBe('Babcaaa');
  });

  it('keeps history from the revision at which a participant opened the file', () => {
    const doc = documentWith('', ['a']);
    for (let i = 0; i < 5; i++) typeOne(doc, 'a');
    doc.acknowledge('a', 5);
    expect(doc.historyLength).toBe(0);
    doc.join('late'); // opens at revision 5
    for (let i = 0; i < 3; i++) typeOne(doc, 'a');
    doc.acknowledge('a', 8);
    expect(doc.oldestRevision).toBe(5);
    expect(doc.receive(5, op(['L', 5]), { clientId: 'late' }).ok).toBe(true);
  });

  it('trims below the lowest acknowledgement of the current participants only', () => {
    const doc = documentWith('', ['a', 'b']);
    for (let i = 0; i < 6; i++) typeOne(doc, 'editor');
    doc.acknowledge('b', 2);
    doc.acknowledge('a', 4);
    expect(doc.oldestRevision).toBe(2);
    doc.acknowledge('b', 6);
    expect(doc.oldestRevision).toBe(4);
    doc.leave('a');
    expect(doc.oldestRevision).toBe(6);
  });

  it('ignores acknowledgements from clients that have not opened the file', () => {
    const doc = documentWith('', ['a']);
    for (let i = 0; i < 4; i++) typeOne(doc, 'editor');
    doc.acknowledge('stranger', 4);
    expect(doc.oldestRevision).toBe(0);
    expect(doc.isParticipant('stranger')).toBe(false);
  });

  it('never moves an acknowledgement back', () => {
    const doc = documentWith('', ['a', 'b']);
    for (let i = 0; i < 4; i++) typeOne(doc, 'editor');
    doc.acknowledge('a', 4);
    doc.acknowledge('b', 3);
    doc.acknowledge('b', 1);
    expect(doc.oldestRevision).toBe(3);
  });

  it("counts an operation's revision as its sender's acknowledgement", () => {
    const doc = documentWith('', ['a', 'b']);
    for (let i = 0; i < 4; i++) typeOne(doc, 'editor');
    doc.acknowledge('a', 4);
    unwrap(doc.receive(3, op([3, 'b']), { clientId: 'b' }));
    expect(doc.oldestRevision).toBe(3);
  });

  it('keeps nothing once nobody has the document open', () => {
    const doc = documentWith('', ['a']);
    for (let i = 0; i < 4; i++) typeOne(doc, 'editor');
    expect(doc.historyLength).toBe(4);
    doc.leave('a');
    expect(doc.historyLength).toBe(0);
  });

  it('drops the history of a participant that lags behind by more than the hard cap, which then must resync', () => {
    const doc = documentWith('', ['fast', 'stalled'], 0, { historyLimit: 5 });
    for (let i = 0; i < 8; i++) {
      typeOne(doc, 'fast');
      doc.acknowledge('fast', doc.revision);
      expect(doc.historyLength).toBeLessThanOrEqual(5);
    }
    expect(doc.oldestRevision).toBe(3);
    const late = doc.receive(0, op(['x']), { clientId: 'stalled' });
    expect(late.ok).toBe(false);
    if (!late.ok) expect(late.error.kind).toBe('revision-too-old');
  });

  it('keeps the lowest acknowledgement equal to a brute-force minimum for any joins, acknowledgements and leaves', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('edit' as const) }),
      fc.record({ kind: fc.constant('join' as const), client: fc.constantFrom('a', 'b', 'c', 'd') }),
      fc.record({ kind: fc.constant('leave' as const), client: fc.constantFrom('a', 'b', 'c', 'd') }),
      fc.record({ kind: fc.constant('ack' as const), client: fc.constantFrom('a', 'b', 'c', 'd'), lag: fc.nat(6) }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 120 }), (actions) => {
        const doc = new ServerDocument('', 0);
        const model = new Map<string, number>();
        for (const a of actions) {
          if (a.kind === 'edit') {
            typeOne(doc, 'editor');
          } else if (a.kind === 'join') {
            doc.join(a.client);
            model.set(a.client, Math.max(model.get(a.client) ?? 0, doc.revision));
          } else if (a.kind === 'leave') {
            doc.leave(a.client);
            model.delete(a.client);
          } else {
            const revision = Math.max(0, doc.revision - a.lag);
            doc.acknowledge(a.client, revision);
            if (model.has(a.client)) model.set(a.client, Math.max(model.get(a.client)!, revision));
          }
          const expectedOldest = model.size === 0 ? doc.revision : Math.min(...model.values());
          expect(doc.oldestRevision).toBe(expectedOldest);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ServerDocument exactly once', () => {
  it('answers a re-sent operation with its original revision and does not apply it again', () => {
    const doc = documentWith('abc', ['a', 'b']);
    unwrap(doc.receive(0, op(['X', 3]), { clientId: 'a', seq: 7 }));
    unwrap(doc.receive(1, op([4, 'Z']), { clientId: 'b', seq: 1 }));
    expect(unwrap(doc.receive(0, op(['X', 3]), { clientId: 'a', seq: 7 }))).toEqual({ kind: 'duplicate', revision: 1 });
    expect(doc.text).toBe('XabcZ');
    expect(doc.revision).toBe(2);
  });

  it('refuses an operation whose seq is older than the last one applied for that client', () => {
    const doc = documentWith('abc', ['a']);
    unwrap(doc.receive(0, op(['X', 3]), { clientId: 'a', seq: 7 }));
    const old = doc.receive(1, op(['Y', 4]), { clientId: 'a', seq: 6 });
    expect(old.ok).toBe(false);
    if (!old.ok) expect(old.error.kind).toBe('stale-seq');
    expect(doc.text).toBe('Xabc');
  });

  it('keeps the sequence numbers of different clients apart', () => {
    const doc = documentWith('', ['a', 'b']);
    unwrap(doc.receive(0, op(['a']), { clientId: 'a', seq: 1 }));
    expect(unwrap(doc.receive(0, op(['b']), { clientId: 'b', seq: 1 })).kind).toBe('applied');
    expect(doc.appliedSeq('a')).toEqual({ seq: 1, revision: 1 });
    expect(doc.appliedSeq('b')).toEqual({ seq: 1, revision: 2 });
  });
});

describe('ServerDocument limits and text', () => {
  it('refuses an operation that would grow the document past maxLength with the spec text', () => {
    const doc = new ServerDocument('abc', 0, { maxLength: 5 });
    expect(doc.receive(0, op([3, 'defg']))).toEqual({
      ok: false,
      error: { kind: 'file-too-large', message: 'File is too large to display (7 characters), limit is 5 characters' },
    });
    expect(doc.receive(0, op([3, 'de'])).ok).toBe(true);
    expect(doc.text).toBe('abcde');
  });

  it.each([
    ['a NUL character', ['a\u0000b', 2]],
    ['a lone high surrogate', ['\ud83d', 2]],
    ['a lone low surrogate', [1, '\ude00', 1]],
  ])('refuses an insert containing %s and stays unchanged', (_name, json) => {
    const doc = new ServerDocument('ab');
    const result = doc.receive(0, op(json as Array<number | string>));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('invalid-character');
    expect(doc.text).toBe('ab');
  });

  it.each([
    [['\u0000', 2], 0],
    [['a\u0000b', 2], 1],
    [[2, 'xyz\u0000'], 5],
    [[1, 'x', -1, 'yy\u0000'], 4],
  ])('says where the NUL of %j would be in the edited text: at offset %d', (json, offset) => {
    const result = new ServerDocument('ab').receive(0, op(json as Array<number | string>));
    expect(result.ok || result.error.message).toBe(`Text documents cannot contain a NUL character (at offset ${offset}); it would not be stored unchanged`);
  });

  it.each([
    ['inserting between the halves of a pair', [1, 'x', 1]],
    ['deleting the high half', [-1, 1]],
    ['deleting the low half', [1, -1]],
  ])('refuses %s', (_name, json) => {
    const doc = new ServerDocument('😀');
    const result = doc.receive(0, op(json as Array<number | string>));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('splits-surrogate-pair');
    expect(doc.text).toBe('😀');
  });

  it('accepts whole surrogate pairs', () => {
    const doc = new ServerDocument('😀');
    unwrap(doc.receive(0, op([2, '🎉'])));
    unwrap(doc.receive(1, op([-2, 2])));
    expect(doc.text).toBe('🎉');
  });
});

describe('ServerDocument.prepare and commit', () => {
  it('changes nothing until commit', () => {
    const doc = new ServerDocument('abc');
    const prepared = unwrap(doc.prepare(0, op([3, 'd']), { clientId: 'a', seq: 1 }));
    expect(prepared.kind).toBe('apply');
    expect(doc.text).toBe('abc');
    expect(doc.revision).toBe(0);
    if (prepared.kind === 'apply') expect(doc.commit(prepared)).toMatchObject({ kind: 'applied', revision: 1 });
    expect(doc.text).toBe('abcd');
    expect(doc.appliedSeq('a')).toEqual({ seq: 1, revision: 1 });
  });

  it('refuses a stale preparation', () => {
    const doc = new ServerDocument('abc');
    const prepared = unwrap(doc.prepare(0, op([3, 'd'])));
    unwrap(doc.receive(0, op([3, 'e'])));
    expect(() => prepared.kind === 'apply' && doc.commit(prepared)).toThrow('prepared for revision 1, document is at 1');
  });
});

describe('ServerDocument.text', () => {
  it('is cached until the next change', () => {
    const doc = new ServerDocument('x'.repeat(5000));
    const first = doc.text;
    expect(doc.text).toBe(first);
    unwrap(doc.receive(0, op([2500, 'y', 2500])));
    expect(doc.text).toBe('x'.repeat(2500) + 'y' + 'x'.repeat(2500));
  });
});

/** BMP characters only: random retains and deletes then never split a surrogate pair (the server refuses that). */
const bmpText = (max: number) => fc.array(fc.constantFrom('a', 'b', ' ', '\n', 'é', '€'), { maxLength: max }).map((c) => c.join(''));
const bmpOperation = (length: number) =>
  fc
    .array(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: -5, max: -1 }), bmpText(5).filter((t) => t.length > 0)), { maxLength: 8 })
    .map((steps) => {
      const json: Array<number | string> = [];
      let remaining = length;
      for (const step of steps) {
        if (typeof step === 'string') json.push(step);
        else {
          const n = Math.min(Math.abs(step), remaining);
          if (n === 0) continue;
          json.push(step > 0 ? n : -n);
          remaining -= n;
        }
      }
      if (remaining > 0) json.push(remaining);
      return json;
    });

describe('ServerDocument against ot.js Server', () => {
  it('applies and returns the same operations for random late operations', () => {
    const scenario = fc.tuple(bmpText(20), fc.array(fc.tuple(fc.nat(5), fc.integer({ min: 0, max: 1_000_000 })), { minLength: 1, maxLength: 25 }));
    fc.assert(
      fc.property(scenario, ([initial, steps]) => {
        const ours = documentWith(initial, ['reader']);
        const theirs = new otjs.Server(initial);
        const texts = [initial];
        for (const [lag, seed] of steps) {
          const revision = Math.max(0, ours.revision - lag);
          const base = texts[revision];
          const json = fc.sample(bmpOperation(base.length), { numRuns: 1, seed })[0];
          const ourOp = applied(unwrap(ours.receive(revision, op(json))));
          const expected = theirs.receiveOperation(revision, otjs.TextOperation.fromJSON(json));
          expect(ourOp.toJSON()).toEqual(expected.toJSON());
          expect(ours.text).toBe(theirs.document);
          texts.push(ours.text);
        }
      }),
      { numRuns: 200 },
    );
  });
});
