import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { ServerDocument } from '../../../../src/domain/ot/server-document';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { rawOperationArb, textArb } from './support/arbitraries';
import { otjs } from './support/ot-js';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

/** Appends one character at the current revision. */
const typeOne = (doc: ServerDocument): void => {
  unwrap(doc.receive(doc.revision, op(doc.length > 0 ? [doc.length, 'a'] : ['a'])));
};

describe('ServerDocument.receive', () => {
  it('applies an operation based on the current revision and increments the revision', () => {
    const doc = new ServerDocument('hello', 7);
    const applied = unwrap(doc.receive(7, op([5, ' world'])));
    expect(applied.ops).toEqual([5, ' world']);
    expect(doc.revision).toBe(8);
    expect(doc.text).toBe('hello world');
    expect(doc.length).toBe(11);
  });

  it('transforms a late operation against the operations it missed', () => {
    const doc = new ServerDocument('abc');
    unwrap(doc.receive(0, op(['X', 3])));
    const applied = unwrap(doc.receive(0, op([3, 'Y'])));
    expect(applied.ops).toEqual([4, 'Y']);
    expect(doc.text).toBe('XabcY');
    expect(doc.revision).toBe(2);
  });

  it('puts the late operation first when both inserted at the same offset', () => {
    const doc = new ServerDocument('abc');
    unwrap(doc.receive(0, op([1, 'A', 2])));
    unwrap(doc.receive(0, op([1, 'B', 2])));
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

  it('rejects a revision older than the kept history', () => {
    const doc = new ServerDocument('', 0, { historyLimit: 2 });
    for (let i = 0; i < 3; i++) typeOne(doc);
    const result = doc.receive(0, op(['y']));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'revision-too-old',
        message: 'Operation revision 0 is older than the kept history (oldest kept revision 1); the client must resync',
      },
    });
    expect(unwrap(doc.receive(1, op([1, 'y']))).ops).toEqual([1, 'y', 2]);
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
    const doc = new ServerDocument('hello');
    unwrap(doc.receive(0, op([5, '!'])));
    const result = doc.receive(0, op([6]));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toBe("An operation's base length must equal the document length (operation base length 6, document length 5)");
    }
    expect(doc.text).toBe('hello!');
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

describe('ServerDocument history', () => {
  it('never holds more than historyLimit operations', () => {
    const doc = new ServerDocument('', 0, { historyLimit: 5 });
    for (let i = 0; i < 300; i++) {
      typeOne(doc);
      expect(doc.historyLength).toBeLessThanOrEqual(5);
    }
    expect(doc.historyLength).toBe(5);
    expect(doc.oldestRevision).toBe(295);
  });

  it('keeps 100 operations by default', () => {
    const doc = new ServerDocument('');
    for (let i = 0; i < 150; i++) typeOne(doc);
    expect(doc.historyLength).toBe(100);
  });

  it('drops operations every known client has acknowledged', () => {
    const doc = new ServerDocument('', 0, { historyLimit: 10 });
    for (let i = 0; i < 6; i++) typeOne(doc);
    doc.acknowledge('b', 2);
    doc.acknowledge('a', 4);
    expect(doc.oldestRevision).toBe(2);
    doc.acknowledge('b', 6);
    expect(doc.oldestRevision).toBe(4);
    expect(doc.historyLength).toBe(2);
  });

  it('lets history go once a lagging client is forgotten', () => {
    const doc = new ServerDocument('', 0, { historyLimit: 10 });
    doc.acknowledge('slow', 0);
    doc.acknowledge('fast', 0);
    for (let i = 0; i < 4; i++) typeOne(doc);
    doc.acknowledge('fast', 4);
    expect(doc.historyLength).toBe(4);
    doc.forgetClient('slow');
    expect(doc.historyLength).toBe(0);
    expect(doc.receive(3, op(['z', 3])).ok).toBe(false);
  });

  it('stays within historyLimit under random operations, acks and forgets', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('edit' as const), lag: fc.nat(12) }),
      fc.record({ kind: fc.constant('ack' as const), client: fc.constantFrom('a', 'b', 'c'), lag: fc.nat(12) }),
      fc.record({ kind: fc.constant('forget' as const), client: fc.constantFrom('a', 'b', 'c') }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.array(action, { maxLength: 80 }), (limit, actions) => {
        const doc = new ServerDocument('seed', 0, { historyLimit: limit });
        for (const a of actions) {
          if (a.kind === 'edit') {
            const revision = Math.max(doc.oldestRevision, doc.revision - a.lag);
            // Every edit inserts one character, so the document had 4 + revision characters at `revision`.
            expect(doc.receive(revision, op(['x', 4 + revision])).ok).toBe(true);
          } else if (a.kind === 'ack') {
            doc.acknowledge(a.client, doc.revision - a.lag);
          } else {
            doc.forgetClient(a.client);
          }
          expect(doc.historyLength).toBeLessThanOrEqual(limit);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('ServerDocument against ot.js Server', () => {
  it('applies and returns the same operations for random late operations', () => {
    const scenario = fc.tuple(textArb(20), fc.array(fc.tuple(fc.nat(5), fc.integer({ min: 0, max: 1_000_000 })), { minLength: 1, maxLength: 25 }));
    fc.assert(
      fc.property(scenario, ([initial, steps]) => {
        const ours = new ServerDocument(initial);
        const theirs = new otjs.Server(initial);
        const texts = [initial];
        for (const [lag, seed] of steps) {
          const revision = Math.max(0, ours.revision - lag);
          const base = texts[revision];
          const json = fc.sample(rawOperationArb(base.length), { numRuns: 1, seed })[0];
          const applied = unwrap(ours.receive(revision, op(json)));
          const expected = theirs.receiveOperation(revision, otjs.TextOperation.fromJSON(json));
          expect(applied.toJSON()).toEqual(expected.toJSON());
          expect(ours.text).toBe(theirs.document);
          texts.push(ours.text);
        }
      }),
      { numRuns: 200 },
    );
  });
});
