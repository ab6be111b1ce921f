/**
 * Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogate code points (as CESU-8/WTF-8 encode lone
 * surrogates), nothing above U+10FFFF, no truncated sequences. msgpack's own decoder turns such bytes into lone
 * surrogates for short strings and into U+FFFD for long ones; the protocol refuses them instead, the same way for
 * every length.
 */
export function isValidUtf8(bytes: Uint8Array, offset: number, length: number): boolean {
  const end = offset + length;
  let i = offset;
  while (i < end) {
    const b0 = bytes[i];
    if (b0 < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max: number;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      need = 1;
      min = 0x80;
      max = 0xbf;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      need = 2;
      min = b0 === 0xe0 ? 0xa0 : 0x80; // no overlong
      max = b0 === 0xed ? 0x9f : 0xbf; // no surrogates
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      need = 3;
      min = b0 === 0xf0 ? 0x90 : 0x80; // no overlong
      max = b0 === 0xf4 ? 0x8f : 0xbf; // nothing above U+10FFFF
    } else {
      return false;
    }
    if (i + need >= end) return false; // truncated
    const b1 = bytes[i + 1];
    if (b1 < min || b1 > max) return false;
    for (let k = 2; k <= need; k++) {
      const b = bytes[i + k];
      if (b < 0x80 || b > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}
