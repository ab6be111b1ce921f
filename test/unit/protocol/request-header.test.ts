import fc from 'fast-check';
import { encode } from '@msgpack/msgpack';
import { decodeMessage, peekRequestHeader } from '../../../src/protocol';

/** A frame whose params hold a `__proto__` key (which the decoder refuses), built by hand around real encodings. */
function frameWithProtoKey(id: number, method: string, before: unknown): Uint8Array {
  const params = encode({ a: before, zz: 1 });
  // Rename the key 'zz' to '__proto__': fixstr 0xa2 'zz' → 0xa9 '__proto__'.
  const at = params.findIndex((b, i) => b === 0xa2 && params[i + 1] === 0x7a && params[i + 2] === 0x7a);
  const renamed = new Uint8Array([...params.subarray(0, at), 0xa9, ...new TextEncoder().encode('__proto__'), ...params.subarray(at + 3)]);
  const head = encode({ method, params: null, id });
  const nil = head.indexOf(0xc0);
  return new Uint8Array([...head.subarray(0, nil), ...renamed, ...head.subarray(nil + 1)]);
}

describe('peekRequestHeader', () => {
  it('reads the id and method of a frame the decoder refuses for a __proto__ key, whatever else the params hold', () => {
    fc.assert(
      fc.property(fc.nat({ max: 0xffffffff }), fc.constantFrom('git/pull', 'task/list', 'fs/readFile'), fc.anything({ maxDepth: 3, withTypedArray: false, withBigInt: false }), (id, method, before) => {
        const frame = frameWithProtoKey(id, method, before);
        expect(decodeMessage(frame).ok).toBe(false);
        expect(peekRequestHeader(frame)).toEqual({ id, method });
      }),
      { numRuns: 300 },
    );
  });

  it('gives nothing it cannot read: not a map, truncated, a negative or non-integer id', () => {
    expect(peekRequestHeader(encode([1, 2]))).toEqual({});
    expect(peekRequestHeader(encode({ method: 'x', id: 5 }).subarray(0, 4))).toEqual({});
    expect(peekRequestHeader(encode({ method: 'x', id: -1 }))).toEqual({ method: 'x' });
    expect(peekRequestHeader(encode({ id: 1.5, method: 'y' }))).toEqual({ method: 'y' });
    expect(peekRequestHeader(new Uint8Array([0xc1]))).toEqual({});
  });
});
