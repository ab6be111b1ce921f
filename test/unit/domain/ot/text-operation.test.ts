import { AssertionError } from '../../../../src/base/assert';
import { unwrap } from '../../../../src/base/result';
import { TextOperation } from '../../../../src/domain/ot/text-operation';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

describe('TextOperation builders', () => {
  it('tracks base and target lengths', () => {
    const o = new TextOperation().retain(2).insert('xyz').delete(3).retain(1);
    expect(o.baseLength).toBe(6);
    expect(o.targetLength).toBe(6);
  });

  it('merges adjacent components of the same kind', () => {
    const o = new TextOperation().retain(1).retain(2).insert('a').insert('b').delete(1).delete(2);
    expect(o.ops).toEqual([3, 'ab', -3]);
  });

  it('writes an insert before an adjacent delete', () => {
    expect(new TextOperation().retain(1).delete(2).insert('x').ops).toEqual([1, 'x', -2]);
  });

  it('merges an insert after a delete into the insert before that delete', () => {
    expect(new TextOperation().insert('a').delete(2).insert('b').ops).toEqual(['ab', -2]);
  });

  it('ignores zero-length components', () => {
    expect(new TextOperation().retain(0).insert('').delete(0).ops).toEqual([]);
  });

  it('accepts a negative count or a string in delete, as ot.js does', () => {
    expect(new TextOperation().delete(-2).delete('abc').ops).toEqual([-5]);
  });

  it('counts UTF-16 code units', () => {
    const o = new TextOperation().insert('😀é');
    expect(o.targetLength).toBe(3);
  });

  it('throws on a negative or fractional retain (a programming error)', () => {
    expect(() => new TextOperation().retain(-1)).toThrow(AssertionError);
    expect(() => new TextOperation().retain(1.5)).toThrow(AssertionError);
    expect(() => new TextOperation().delete(0.5)).toThrow(AssertionError);
  });
});

describe('TextOperation.isNoop', () => {
  it('is true for the empty operation and a lone retain', () => {
    expect(new TextOperation().isNoop()).toBe(true);
    expect(op([5]).isNoop()).toBe(true);
  });

  it('is false when something is inserted or deleted', () => {
    expect(op(['a']).isNoop()).toBe(false);
    expect(op([-1, 4]).isNoop()).toBe(false);
  });
});

describe('TextOperation.equals', () => {
  it('is true for operations built differently with the same canonical form', () => {
    expect(op([1, -1, 'a']).equals(new TextOperation().retain(1).insert('a').delete(1))).toBe(true);
  });

  it('is false when components differ', () => {
    expect(op([1, 'a']).equals(op([1, 'b']))).toBe(false);
    expect(op([2]).equals(op([1, -1]))).toBe(false);
  });
});

describe('TextOperation.apply', () => {
  it('applies the protocol examples', () => {
    expect(unwrap(op([5, ' world']).apply('hello'))).toBe('hello world');
    expect(unwrap(op([-1, 4]).apply('hello'))).toBe('ello');
    expect(unwrap(op(['J', -1, 4]).apply('hello'))).toBe('Jello');
  });

  it('handles astral characters as two code units', () => {
    expect(unwrap(op([-2, 1]).apply('😀a'))).toBe('a');
  });

  it('rejects a document of the wrong length with the exact base-length message', () => {
    const result = op([3, 'x']).apply('hello');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'base-length-mismatch',
        message: "An operation's base length must equal the document length (operation base length 3, document length 5)",
      },
    });
  });
});

describe('TextOperation.invert', () => {
  it('restores deleted text and removes inserted text', () => {
    const doc = 'hello';
    const o = op(['J', -1, 4]);
    const inverse = o.invert(doc);
    expect(inverse.ops).toEqual(['h', -1, 4]);
    expect(unwrap(inverse.apply(unwrap(o.apply(doc))))).toBe(doc);
  });

  it('throws when given a document that is not its base (a programming error)', () => {
    expect(() => op([2]).invert('abc')).toThrow(AssertionError);
  });
});

describe('TextOperation.compose', () => {
  it('combines two consecutive operations', () => {
    const a = op([5, ' world']);
    const b = op([-6, 'j', 5]);
    const composed = unwrap(a.compose(b));
    expect(composed.ops).toEqual(['jworld', -5]);
    expect(unwrap(composed.apply('hello'))).toBe(unwrap(b.apply(unwrap(a.apply('hello')))));
  });

  it('drops text inserted by the first and deleted by the second', () => {
    const composed = unwrap(op([2, 'abc', 1]).compose(op([2, -3, 1])));
    expect(composed.ops).toEqual([3]);
    expect(composed.isNoop()).toBe(true);
  });

  it('rejects operations whose lengths do not chain', () => {
    const result = op([3, 'x']).compose(op([3]));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('compose-length-mismatch');
      expect(result.error.message).toContain('first target length 4, second base length 3');
    }
  });
});

describe('TextOperation.transform', () => {
  it('converges when both sides insert at the same offset, first argument first', () => {
    const doc = 'abc';
    const a = op([1, 'X', 2]);
    const b = op([1, 'Y', 2]);
    const [aPrime, bPrime] = unwrap(TextOperation.transform(a, b));
    expect(aPrime.ops).toEqual([1, 'X', 3]);
    expect(bPrime.ops).toEqual([2, 'Y', 2]);
    expect(unwrap(bPrime.apply(unwrap(a.apply(doc))))).toBe('aXYbc');
    expect(unwrap(aPrime.apply(unwrap(b.apply(doc))))).toBe('aXYbc');
  });

  it('deletes overlapping ranges only once', () => {
    const doc = 'abcdef';
    const a = op([1, -3, 2]);
    const b = op([2, -3, 1]);
    const [aPrime, bPrime] = unwrap(TextOperation.transform(a, b));
    expect(unwrap(bPrime.apply(unwrap(a.apply(doc))))).toBe('af');
    expect(unwrap(aPrime.apply(unwrap(b.apply(doc))))).toBe('af');
  });

  it('gives the primes the other side target lengths as base lengths', () => {
    const a = op(['xx', 3]);
    const b = op([-1, 2]);
    const [aPrime, bPrime] = unwrap(TextOperation.transform(a, b));
    expect(aPrime.baseLength).toBe(b.targetLength);
    expect(bPrime.baseLength).toBe(a.targetLength);
    expect(aPrime.targetLength).toBe(bPrime.targetLength);
  });

  it('rejects operations on documents of different lengths', () => {
    const result = TextOperation.transform(op([3]), op([4]));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('transform-length-mismatch');
  });
});

describe('TextOperation.toJSON', () => {
  it('returns a copy of the canonical components', () => {
    const o = op([1, -1, 'a', 'b']);
    const json = o.toJSON();
    expect(json).toEqual([1, 'ab', -1]);
    json.push(99);
    expect(o.ops).toEqual([1, 'ab', -1]);
  });

  it('serialises through JSON.stringify', () => {
    expect(JSON.stringify({ operation: op([2, 'x']) })).toBe('{"operation":[2,"x"]}');
  });
});

describe('TextOperation.toString', () => {
  it('names each component', () => {
    expect(op([5, ' world', -1]).toString()).toBe('retain 5, insert " world", delete 1');
  });
});
