import fc from 'fast-check';
import { AssertionError } from '../../../../src/base/assert';
import { TextBuffer } from '../../../../src/domain/ot/text-buffer';

type Edit = { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number; count: number } | { kind: 'slice'; at: number; count: number };

/** Where an edit lands, as a fraction of the current length. */
const fractionArb = fc.double({ min: 0, max: 1, noNaN: true });

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fractionArb, text: fc.oneof(fc.string({ maxLength: 3 }), fc.string({ minLength: 500, maxLength: 5000 })) }),
  fc.record({ kind: fc.constant('delete' as const), at: fractionArb, count: fc.oneof(fc.nat(3), fc.nat(6000)) }),
  fc.record({ kind: fc.constant('slice' as const), at: fractionArb, count: fc.nat(5000) }),
);

describe('TextBuffer', () => {
  it('starts with the given text', () => {
    const buffer = new TextBuffer('hello');
    expect(buffer.length).toBe(5);
    expect(buffer.toString()).toBe('hello');
  });

  it('inserts, deletes and slices in UTF-16 units', () => {
    const buffer = new TextBuffer('a😀b');
    buffer.insert(1, 'é');
    expect(buffer.toString()).toBe('aé😀b');
    buffer.delete(2, 2);
    expect(buffer.toString()).toBe('aéb');
    expect(buffer.slice(1, 3)).toBe('éb');
  });

  it('handles the empty document', () => {
    const buffer = new TextBuffer('');
    expect(buffer.chunkCount).toBe(0);
    buffer.insert(0, 'abc');
    buffer.delete(0, 3);
    expect(buffer.toString()).toBe('');
    expect(buffer.chunkCount).toBe(0);
  });

  it('splits a large text into chunks and keeps them bounded under typing', () => {
    const buffer = new TextBuffer('x'.repeat(100_000));
    expect(buffer.chunkCount).toBeGreaterThan(10);
    for (let i = 0; i < 5000; i++) buffer.insert(50_000 + i, 'y');
    expect(buffer.length).toBe(105_000);
    expect(buffer.chunkCount).toBeLessThan(200);
    expect(buffer.slice(50_000, 55_000)).toBe('y'.repeat(5000));
  });

  it('throws on out-of-range arguments (a programming error)', () => {
    const buffer = new TextBuffer('abc');
    expect(() => buffer.insert(4, 'x')).toThrow(AssertionError);
    expect(() => buffer.delete(2, 2)).toThrow(AssertionError);
    expect(() => buffer.slice(2, 1)).toThrow(AssertionError);
  });

  it('agrees with a plain string model under random edits', () => {
    fc.assert(
      fc.property(fc.nat(12_000), fc.array(editArb, { maxLength: 60 }), (initialLength, edits) => {
        const alphabet = 'abcdefghij😀é\n';
        let model = Array.from({ length: initialLength }, (_, i) => alphabet[i % alphabet.length]).join('').slice(0, initialLength);
        const buffer = new TextBuffer(model);
        for (const edit of edits) {
          const at = Math.floor(edit.at * model.length);
          if (edit.kind === 'insert') {
            buffer.insert(at, edit.text);
            model = model.slice(0, at) + edit.text + model.slice(at);
          } else if (edit.kind === 'delete') {
            const count = Math.min(edit.count, model.length - at);
            buffer.delete(at, count);
            model = model.slice(0, at) + model.slice(at + count);
          } else {
            const end = Math.min(model.length, at + edit.count);
            expect(buffer.slice(at, end)).toBe(model.slice(at, end));
          }
          expect(buffer.length).toBe(model.length);
        }
        expect(buffer.toString()).toBe(model);
        expect(buffer.chunkCount === 0).toBe(model.length === 0);
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with a plain string model under many local single-character edits', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -40, max: 40 })), { minLength: 200, maxLength: 2000 }), (steps) => {
        let model = 'z'.repeat(8000);
        const buffer = new TextBuffer(model);
        let cursor = 4000;
        for (const [isInsert, move] of steps) {
          cursor = Math.max(0, Math.min(model.length, cursor + move));
          if (isInsert) {
            buffer.insert(cursor, 'q');
            model = model.slice(0, cursor) + 'q' + model.slice(cursor);
          } else if (cursor < model.length) {
            buffer.delete(cursor, 1);
            model = model.slice(0, cursor) + model.slice(cursor + 1);
          }
        }
        expect(buffer.toString()).toBe(model);
      }),
      { numRuns: 50 },
    );
  });
});
