import fc from 'fast-check';
import { murmurHash } from '../../../../src/domain/hash/murmur';

describe('murmurHash', () => {
  // protocol.md 4.3 test vectors (produced by @emotion/hash 0.8.0).
  const vectors: ReadonlyArray<readonly [string, string]> = [
    ['', '0'],
    ['hello', '15rnts0'],
    ['a', 'acqbnw'],
    ['ab', '10sn731'],
    ['abc', '1pgwlfu'],
    ['abcd', 'rsjkja'],
    ['hello world', '6opb3n'],
    ['hello\n', '6k7fdj'],
    ['é', 'dcz6rs'],
    ['€', '1t441wu'],
    ['const a = 1;\n', 't9whoh'],
  ];

  it.each(vectors)('hashes %j to %s like @emotion/hash 0.8.0', (input, expected) => {
    expect(murmurHash(input)).toBe(expected);
  });

  it('uses only the low byte of each UTF-16 code unit', () => {
    // U+0161 and U+0061 share the low byte 0x61.
    expect(murmurHash('\u0161bc')).toBe(murmurHash('abc'));
  });

  it('is deterministic and always lowercase base 36', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const hash = murmurHash(text);
        expect(hash).toMatch(/^[0-9a-z]+$/);
        expect(murmurHash(text)).toBe(hash);
        expect(parseInt(hash, 36)).toBeLessThanOrEqual(0xffffffff);
      }),
    );
  });
});
