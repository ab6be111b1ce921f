import fc from 'fast-check';
import { unwrap } from '../../../../../src/base/result';
import { TextOperation } from '../../../../../src/domain/ot/text-operation';

/** Characters covering ASCII, BMP non-ASCII and an astral character (two UTF-16 units). */
export const CHARS = ['a', 'b', 'c', ' ', '\n', 'é', '€', '😀'] as const;

export const textArb = (maxChars = 30): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...CHARS), { maxLength: maxChars }).map((chars) => chars.join(''));

const insertArb = textArb(6).filter((s) => s.length > 0);

type Step = { kind: 'retain' | 'delete'; n: number } | { kind: 'insert'; text: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('retain' as const), n: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('delete' as const), n: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('insert' as const), text: insertArb }),
);

/**
 * A raw, possibly non-canonical wire operation (adjacent same kinds, deletes before inserts) whose base length is
 * exactly `length`.
 */
export const rawOperationArb = (length: number): fc.Arbitrary<Array<number | string>> =>
  fc.array(stepArb, { maxLength: 10 }).map((steps) => {
    const json: Array<number | string> = [];
    let remaining = length;
    for (const step of steps) {
      if (step.kind === 'insert') {
        json.push(step.text);
      } else {
        const n = Math.min(step.n, remaining);
        if (n === 0) continue;
        json.push(step.kind === 'retain' ? n : -n);
        remaining -= n;
      }
    }
    if (remaining > 0) json.push(remaining);
    return json;
  });

export const operationArb = (length: number): fc.Arbitrary<TextOperation> =>
  rawOperationArb(length).map((json) => unwrap(TextOperation.fromJSON(json)));

/** A random document and a random operation on it. */
export const docAndOpArb = textArb().chain((doc) => operationArb(doc.length).map((op) => ({ doc, op })));

/** A document and two concurrent operations on it. */
export const docAndConcurrentOpsArb = textArb().chain((doc) =>
  fc.tuple(operationArb(doc.length), operationArb(doc.length)).map(([a, b]) => ({ doc, a, b })),
);

/** A document, an operation on it, and an operation on the result. */
export const docAndConsecutiveOpsArb = docAndOpArb.chain(({ doc, op }) => {
  const after = unwrap(op.apply(doc));
  return operationArb(after.length).map((next) => ({ doc, a: op, b: next }));
});
