import fc from 'fast-check';
import { NO_MATCHES, countMatches, groupMatches, utf16OffsetOfUtf8 } from '../../../../src/domain/search/search-results';

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('utf16OffsetOfUtf8', () => {
  it('converts byte offsets of ASCII, accented, CJK and astral text', () => {
    expect(utf16OffsetOfUtf8('hello', 3)).toBe(3);
    expect(utf16OffsetOfUtf8('héllo', 3)).toBe(2);
    expect(utf16OffsetOfUtf8('日本語', 6)).toBe(2);
    expect(utf16OffsetOfUtf8('a😀b', 5)).toBe(3);
    expect(utf16OffsetOfUtf8('abc', 99)).toBe(3);
  });

  it('is the inverse of the UTF-8 length of every prefix that ends on a character boundary', () => {
    fc.assert(
      fc.property(fc.fullUnicodeString({ maxLength: 30 }), fc.nat(30), (text, cut) => {
        const chars = [...text];
        const prefix = chars.slice(0, Math.min(cut, chars.length)).join('');
        expect(utf16OffsetOfUtf8(text, utf8Bytes(prefix))).toBe(prefix.length);
      }),
    );
  });
});

describe('groupMatches', () => {
  it('groups by file in arrival order without changing the old grouping', () => {
    const m = (filepath: string, lineNumber: number) => ({ filepath, lineNumber, lineText: '', ranges: [] });
    const first = groupMatches(NO_MATCHES, [m('b', 1), m('a', 2)]);
    const second = groupMatches(first, [m('b', 5)]);
    expect([...second.keys()]).toEqual(['b', 'a']);
    expect(second.get('b')!.map((x) => x.lineNumber)).toEqual([1, 5]);
    expect(first.get('b')).toHaveLength(1);
    expect(countMatches(second)).toBe(3);
    expect(groupMatches(second, [])).toBe(second);
  });
});
