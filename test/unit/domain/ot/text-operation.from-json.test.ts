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

  it('drops an empty insert and a zero retain as no-ops, as ot.js does', () => {
    expect(unwrap(TextOperation.fromJSON([2, '', 3])).ops).toEqual([5]);
    expect(unwrap(TextOperation.fromJSON([1, 0, 'a'])).ops).toEqual([1, 'a']);
    expect(unwrap(TextOperation.fromJSON([-0, 'x'])).ops).toEqual(['x']);
    expect(unwrap(TextOperation.fromJSON(['', 0])).isNoop()).toBe(true);
  });

  it('accepts everything ot.js 0.0.15 builds into a valid operation', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const otjs = require('ot') as { TextOperation: { fromJSON(json: unknown): { toJSON(): unknown; baseLength: number } } };
    for (const json of [[2, '', 3], ['', 'a', '', -1], [3, -0 + 1], [1, 'b', -2, 'c', 1]] as unknown[]) {
      const theirs = otjs.TextOperation.fromJSON(json);
      const ours = unwrap(TextOperation.fromJSON(json));
      expect(ours.toJSON()).toEqual(theirs.toJSON());
      expect(ours.baseLength).toBe(theirs.baseLength);
    }
  });

  const rejects: Array<[string, unknown, RegExp]> = [
    ['a non-array', { ops: [1] }, /expected an array.*an object/],
    ['null', null, /expected an array.*null/],
    ['a string', 'abc', /expected an array.*"abc"/],
    ['a fractional number', [1.5], /element 0 must be an integer, got 1.5/],
    ['NaN', [2, NaN], /element 1 must be an integer, got NaN/],
    ['Infinity', [Infinity], /element 0 must be an integer, got Infinity/],
    ['-Infinity', [3, -Infinity], /element 1 must be an integer, got -Infinity/],
    ['an unsafe integer', [2 ** 60], /element 0 is outside the safe integer range/],
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
