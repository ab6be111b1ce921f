import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { rawOperationArb, textArb } from './support/arbitraries';
import { otjs } from './support/ot-js';

const OtOp = otjs.TextOperation;
const RUNS = { numRuns: 500 };

const docAndRaw = textArb().chain((doc) => rawOperationArb(doc.length).map((json) => ({ doc, json })));
const docAndTwoRaw = textArb().chain((doc) =>
  fc.tuple(rawOperationArb(doc.length), rawOperationArb(doc.length)).map(([a, b]) => ({ doc, a, b })),
);
const docAndConsecutiveRaw = docAndRaw.chain(({ doc, json }) => {
  const after = OtOp.fromJSON(json).apply(doc);
  return rawOperationArb(after.length).map((next) => ({ doc, a: json, b: next }));
});

describe('TextOperation against ot.js 0.0.15', () => {
  it('canonicalises raw JSON exactly like ot.js fromJSON', () => {
    fc.assert(
      fc.property(docAndRaw, ({ json }) => {
        const ours = unwrap(TextOperation.fromJSON(json));
        const theirs = OtOp.fromJSON(json);
        expect(ours.toJSON()).toEqual(theirs.toJSON());
        expect([ours.baseLength, ours.targetLength]).toEqual([theirs.baseLength, theirs.targetLength]);
      }),
      RUNS,
    );
  });

  it('applies like ot.js', () => {
    fc.assert(
      fc.property(docAndRaw, ({ doc, json }) => {
        expect(unwrap(unwrap(TextOperation.fromJSON(json)).apply(doc))).toBe(OtOp.fromJSON(json).apply(doc));
      }),
      RUNS,
    );
  });

  it('inverts like ot.js', () => {
    fc.assert(
      fc.property(docAndRaw, ({ doc, json }) => {
        expect(unwrap(TextOperation.fromJSON(json)).invert(doc).toJSON()).toEqual(OtOp.fromJSON(json).invert(doc).toJSON());
      }),
      RUNS,
    );
  });

  it('composes like ot.js', () => {
    fc.assert(
      fc.property(docAndConsecutiveRaw, ({ a, b }) => {
        const ours = unwrap(unwrap(TextOperation.fromJSON(a)).compose(unwrap(TextOperation.fromJSON(b))));
        const theirs = OtOp.fromJSON(a).compose(OtOp.fromJSON(b));
        expect(ours.toJSON()).toEqual(theirs.toJSON());
        expect([ours.baseLength, ours.targetLength]).toEqual([theirs.baseLength, theirs.targetLength]);
      }),
      RUNS,
    );
  });

  it('transforms like ot.js, including the insert tie-break', () => {
    fc.assert(
      fc.property(docAndTwoRaw, ({ a, b }) => {
        const [oursA, oursB] = unwrap(TextOperation.transform(unwrap(TextOperation.fromJSON(a)), unwrap(TextOperation.fromJSON(b))));
        const [theirsA, theirsB] = OtOp.transform(OtOp.fromJSON(a), OtOp.fromJSON(b));
        expect([oursA.toJSON(), oursB.toJSON()]).toEqual([theirsA.toJSON(), theirsB.toJSON()]);
        expect([oursA.baseLength, oursA.targetLength, oursB.baseLength]).toEqual([theirsA.baseLength, theirsA.targetLength, theirsB.baseLength]);
      }),
      RUNS,
    );
  });
});
