import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { docAndConcurrentOpsArb, docAndConsecutiveOpsArb, docAndOpArb, rawOperationArb, textArb } from './support/arbitraries';

const RUNS = { numRuns: 500 };

const isCanonical = (op: TextOperation): boolean =>
  op.ops.every((c, i) => {
    if (c === 0 || c === '') return false;
    if (i === 0) return true;
    const previous = op.ops[i - 1];
    const kind = (x: number | string): string => (typeof x === 'string' ? 'insert' : x > 0 ? 'retain' : 'delete');
    if (kind(previous) === kind(c)) return false;
    return !(kind(previous) === 'delete' && kind(c) === 'insert');
  });

describe('TextOperation laws', () => {
  it('applies to a document of its base length and yields its target length', () => {
    fc.assert(
      fc.property(docAndOpArb, ({ doc, op }) => {
        expect(op.baseLength).toBe(doc.length);
        expect(unwrap(op.apply(doc)).length).toBe(op.targetLength);
      }),
      RUNS,
    );
  });

  it('converges after transform: apply(apply(doc, a), b\') equals apply(apply(doc, b), a\')', () => {
    fc.assert(
      fc.property(docAndConcurrentOpsArb, ({ doc, a, b }) => {
        const [aPrime, bPrime] = unwrap(TextOperation.transform(a, b));
        const viaA = unwrap(bPrime.apply(unwrap(a.apply(doc))));
        const viaB = unwrap(aPrime.apply(unwrap(b.apply(doc))));
        expect(viaA).toBe(viaB);
        expect(isCanonical(aPrime) && isCanonical(bPrime)).toBe(true);
      }),
      RUNS,
    );
  });

  it('composes: apply(compose(a, b)) equals apply(b, apply(a))', () => {
    fc.assert(
      fc.property(docAndConsecutiveOpsArb, ({ doc, a, b }) => {
        const composed = unwrap(a.compose(b));
        expect(unwrap(composed.apply(doc))).toBe(unwrap(b.apply(unwrap(a.apply(doc)))));
        expect(composed.baseLength).toBe(a.baseLength);
        expect(composed.targetLength).toBe(b.targetLength);
        expect(isCanonical(composed)).toBe(true);
      }),
      RUNS,
    );
  });

  it('inverts: apply(invert(a), apply(a, doc)) equals doc', () => {
    fc.assert(
      fc.property(docAndOpArb, ({ doc, op }) => {
        const inverse = op.invert(doc);
        expect(unwrap(inverse.apply(unwrap(op.apply(doc))))).toBe(doc);
        expect(isCanonical(inverse)).toBe(true);
      }),
      RUNS,
    );
  });

  it('round-trips through JSON', () => {
    fc.assert(
      fc.property(docAndOpArb, ({ op }) => {
        const decoded = unwrap(TextOperation.fromJSON(JSON.parse(JSON.stringify(op))));
        expect(decoded.equals(op)).toBe(true);
      }),
      RUNS,
    );
  });

  it('canonicalises any valid raw operation without changing its effect', () => {
    fc.assert(
      fc.property(
        textArb().chain((doc) => rawOperationArb(doc.length).map((json) => ({ doc, json }))),
        ({ doc, json }) => {
          const op = unwrap(TextOperation.fromJSON(json));
          expect(isCanonical(op)).toBe(true);
          let expected = doc;
          let index = 0;
          for (const c of json) {
            if (typeof c === 'string') {
              expected = expected.slice(0, index) + c + expected.slice(index);
              index += c.length;
            } else if (c > 0) index += c;
            else expected = expected.slice(0, index) + expected.slice(index - c);
          }
          expect(unwrap(op.apply(doc))).toBe(expected);
        },
      ),
      RUNS,
    );
  });

  it('never throws on random junk in fromJSON', () => {
    const junk = fc.oneof(
      fc.anything(),
      fc.array(fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.object(), fc.bigInt(), fc.boolean())),
    );
    fc.assert(
      fc.property(junk, (value) => {
        const result = TextOperation.fromJSON(value);
        if (!result.ok) expect(result.error.kind).toBe('malformed-operation');
      }),
      { numRuns: 1000 },
    );
  });
});
