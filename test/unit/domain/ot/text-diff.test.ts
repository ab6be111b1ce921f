import fc from 'fast-check';
import { diffToOperation } from '../../../../src/domain/ot/text-diff';

describe('diffToOperation', () => {
  it('turns the first text into the second', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (from, to) => {
        const result = diffToOperation(from, to).apply(from);
        expect(result.ok && result.value).toBe(to);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the common prefix and suffix as retains', () => {
    expect(diffToOperation('hello world', 'hello brave world').toJSON()).toEqual([6, 'brave ', 5]);
  });

  it('is a no-op for equal texts', () => {
    expect(diffToOperation('same', 'same').isNoop()).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    const op = diffToOperation('a😀b', 'a😃b');
    expect(op.apply('a😀b')).toEqual({ ok: true, value: 'a😃b' });
    expect(op.toJSON()).toEqual([1, '😃', -2, 1]);
  });
});
