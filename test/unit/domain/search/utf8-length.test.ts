import fc from 'fast-check';
import { utf8Length } from '../../../../src/domain/search/utf8-length';

describe('utf8Length', () => {
  it('counts 1, 2, 3 and 4 bytes per character', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('€')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('a😀b', 1, 3)).toBe(4);
  });

  it('equals the length of the UTF-8 encoding of the slice (property)', () => {
    fc.assert(
      fc.property(fc.fullUnicodeString(), fc.nat(), fc.nat(), (text, a, b) => {
        const start = Math.min(a % (text.length + 1), b % (text.length + 1));
        const end = Math.max(a % (text.length + 1), b % (text.length + 1));
        // Cut between the halves of a surrogate pair: each half then encodes as U+FFFD (3 bytes), like here.
        expect(utf8Length(text, start, end)).toBe(Buffer.byteLength(text.slice(start, end), 'utf8'));
      }),
    );
  });
});
