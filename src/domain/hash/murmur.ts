/**
 * The content hash clients compare with `savedHash` (protocol.md 4.3): `@emotion/hash` 0.8.0,
 * a MurmurHash2 32-bit variant with no seed and the length not mixed in.
 * Input bytes are `c & 0xff` for each UTF-16 code unit (not UTF-8); output is the unsigned
 * 32-bit result in lowercase base 36 without padding.
 */
const M = 0x5bd1e995;

export function murmurHash(text: string): string {
  let h = 0;
  const length = text.length;
  let i = 0;

  for (; i + 4 <= length; i += 4) {
    let k =
      (text.charCodeAt(i) & 0xff) |
      ((text.charCodeAt(i + 1) & 0xff) << 8) |
      ((text.charCodeAt(i + 2) & 0xff) << 16) |
      ((text.charCodeAt(i + 3) & 0xff) << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
  }

  const tail = length - i;
  if (tail === 3) h ^= (text.charCodeAt(i + 2) & 0xff) << 16;
  if (tail >= 2) h ^= (text.charCodeAt(i + 1) & 0xff) << 8;
  if (tail >= 1) {
    h ^= text.charCodeAt(i) & 0xff;
    h = Math.imul(h, M);
  }

  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;

  return (h >>> 0).toString(36);
}
