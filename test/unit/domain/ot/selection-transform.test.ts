import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { transformIndex, transformSelection } from '../../../../src/domain/ot/selection-transform';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { rawOperationArb, textArb } from './support/arbitraries';
import { otjs } from './support/ot-js';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

describe('transformIndex', () => {
  it('shifts an offset right by text inserted before it', () => {
    expect(transformIndex(op([2, 'xyz', 3]), 4)).toBe(7);
  });

  it('leaves an offset before the edit alone', () => {
    expect(transformIndex(op([2, 'xyz', 3]), 1)).toBe(1);
  });

  it('moves an offset inside a deleted range to the start of the range', () => {
    expect(transformIndex(op([1, -3, 1]), 3)).toBe(1);
    expect(transformIndex(op([1, -3, 1]), 5)).toBe(2);
  });

  it('moves an offset past an insert at the same position by default, as ot.js', () => {
    expect(transformIndex(op([2, 'xy', 1]), 2)).toBe(4);
  });

  it('keeps an offset in front of an insert at the same position when ownInsertAfter is false', () => {
    expect(transformIndex(op([2, 'xy', 1]), 2, false)).toBe(2);
    expect(transformIndex(op(['ab', 3]), 0, false)).toBe(0);
  });
});

describe('transformSelection', () => {
  it('transforms both ends of a range', () => {
    expect(transformSelection(op(['ab', 3]), { anchor: 1, head: 3 })).toEqual({ anchor: 3, head: 5 });
  });

  it('keeps a cursor a cursor', () => {
    expect(transformSelection(op([1, -2, 'x']), { anchor: 2, head: 2 })).toEqual({ anchor: 2, head: 2 });
  });

  it('matches ot.js Selection.Range.transform on random operations', () => {
    const arb = textArb().chain((doc) =>
      fc.record({
        json: rawOperationArb(doc.length),
        anchor: fc.integer({ min: 0, max: doc.length }),
        head: fc.integer({ min: 0, max: doc.length }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ json, anchor, head }) => {
        const theirs = new otjs.Selection.Range(anchor, head).transform(otjs.TextOperation.fromJSON(json));
        expect(transformSelection(op(json), { anchor, head })).toEqual({ anchor: theirs.anchor, head: theirs.head });
      }),
      { numRuns: 500 },
    );
  });
});
