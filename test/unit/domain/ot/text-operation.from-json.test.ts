import { unwrap } from '../../../../src/base/result';
import { TextOperation } from '../../../../src/domain/ot/text-operation';

describe('TextOperation.fromJSON', () => {
  it('accepts the protocol examples', () => {
    expect(unwrap(TextOperation.fromJSON([5, ' world'])).ops).toEqual([5, ' world']);
    expect(unwrap(TextOperation.fromJSON(['J', -1, 4])).baseLength).toBe(5);
  });

  it('accepts the empty operation', () => {
    expect(unwrap(TextOperation.fromJSON([])).isNoop()).toBe(true);
  });

  it('canonicalises valid non-canonical input', () => {
    expect(unwrap(TextOperation.fromJSON([1, 2, -1, 'a', -2, 'b', 3])).ops).toEqual([3, 'ab', -3, 3]);
  });

  const rejects: Array<[string, unknown, RegExp]> = [
    ['a non-array', { ops: [1] }, /expected an array.*an object/],
    ['null', null, /expected an array.*null/],
    ['a string', 'abc', /expected an array.*"abc"/],
    ['zero', [1, 0, 'a'], /element 1 is zero/],
    ['negative zero', [-0], /element 0 is zero/],
    ['a fractional number', [1.5], /element 0 must be an integer, got 1.5/],
    ['NaN', [2, NaN], /element 1 must be an integer, got NaN/],
    ['Infinity', [Infinity], /element 0 must be an integer, got Infinity/],
    ['-Infinity', [3, -Infinity], /element 1 must be an integer, got -Infinity/],
    ['an unsafe integer', [2 ** 60], /element 0 is outside the safe integer range/],
    ['an empty string', ['a', 1, ''], /element 2 is an empty string/],
    ['an object element', [1, { retain: 1 }], /element 1 must be .*got an object/],
    ['a nested array', [[1]], /element 0 must be .*got an array/],
    ['null element', [1, null], /element 1 must be .*got null/],
    ['a boolean', [true], /element 0 must be .*got true/],
    ['an undefined element', [undefined], /element 0 must be .*got undefined/],
    ['a hole in a sparse array', [1, , 2], /element 1 must be .*got undefined/], // eslint-disable-line no-sparse-arrays
    ['a bigint', [1n], /element 0 must be .*got 1n/],
    ['an overflowing total length', [2 ** 52, 2 ** 52], /total length is outside the safe integer range/],
  ];

  it.each(rejects)('rejects %s', (_name, input, message) => {
    const result = TextOperation.fromJSON(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('malformed-operation');
      expect(result.error.message).toMatch(/^Malformed operation: /);
      expect(result.error.message).toMatch(message);
    }
  });
});
