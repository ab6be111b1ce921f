import fc from 'fast-check';
import { findLineMatches } from '../../../../src/domain/search/line-matches';
import { TextMatcher, compileTextQuery, textQuery } from '../../../../src/domain/search/text-query';

const matcher = (text: string, options: { isRegex?: boolean; caseSensitivity?: 'smart' | 'enabled' | 'disabled'; wholeWord?: boolean } = {}): TextMatcher => {
  const compiled = compileTextQuery(textQuery({ text, ...options }));
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled.value;
};

describe('findLineMatches', () => {
  it('reports lines as ripgrep --json does: text with its newline, 1-based number, byte offsets', () => {
    const found = findLineMatches('hello World\nfoo héllo hello\n', matcher('hello', { caseSensitivity: 'enabled' }));
    expect(found).toEqual([
      { lineText: 'hello World\n', lineNumber: 1, absoluteOffset: 0, submatches: [{ text: 'hello', start: 0, end: 5 }] },
      { lineText: 'foo héllo hello\n', lineNumber: 2, absoluteOffset: 12, submatches: [{ text: 'hello', start: 11, end: 16 }] },
    ]);
  });

  it('reports every match of a line and a last line without newline', () => {
    expect(findLineMatches('a\nab ab', matcher('ab'))).toEqual([
      { lineText: 'ab ab', lineNumber: 2, absoluteOffset: 2, submatches: [{ text: 'ab', start: 0, end: 2 }, { text: 'ab', start: 3, end: 5 }] },
    ]);
  });

  it('never matches across lines, and keeps \\r in the line', () => {
    expect(findLineMatches('foo\nbar\n', matcher('o\\s+b', { isRegex: true }))).toEqual([]);
    expect(findLineMatches('foo\r\nbar\n', matcher('o$', { isRegex: true }))).toEqual([]);
    expect(findLineMatches('foo\r\nbar\n', matcher('o\\r$', { isRegex: true }))[0].lineText).toBe('foo\r\n');
  });

  it('reports empty matches like ripgrep, except right after a match', () => {
    const found = findLineMatches('abc\nxx\n\n', matcher('x*', { isRegex: true }));
    expect(found.map((l) => [l.lineNumber, l.submatches.map((s) => [s.start, s.end])])).toEqual([
      [1, [[0, 0], [1, 1], [2, 2], [3, 3]]],
      [2, [[0, 2]]],
      [3, [[0, 0]]],
    ]);
    expect(findLineMatches('', matcher('x*', { isRegex: true }))).toEqual([]);
  });

  it('matches whole words only when asked, Unicode letters included', () => {
    const m = matcher('foo', { wholeWord: true });
    expect(findLineMatches('foo foobar barfoo éfoo (foo)', m)[0].submatches.map((s) => s.start)).toEqual([0, 25]);
  });

  it('honours anchors per line and look-around', () => {
    expect(findLineMatches('ab\nb\ncb', matcher('^b', { isRegex: true })).map((l) => l.lineNumber)).toEqual([2]);
    expect(findLineMatches('xa\nya\n', matcher('(?<=y)a', { isRegex: true })).map((l) => l.lineNumber)).toEqual([2]);
    expect(findLineMatches('a\na\n', matcher('a(?!\\n)', { isRegex: true })).map((l) => l.lineNumber)).toEqual([1, 2]);
  });

  it('counts byte offsets across multi-byte characters and astral symbols', () => {
    const [line] = findLineMatches('€😀x\n😀 x', matcher('x')).slice(1);
    expect(line).toEqual({ lineText: '😀 x', lineNumber: 2, absoluteOffset: 9, submatches: [{ text: 'x', start: 5, end: 6 }] });
  });

  it('stops after the limit', () => {
    expect(findLineMatches('a\na\na\n', matcher('a'), 2)).toHaveLength(2);
  });

  it('finds the same lines with the whole-text scan as line by line (property)', () => {
    const text = fc.stringOf(fc.constantFrom('a', 'b', ' ', '\n', '\r', 'é', '😀'), { maxLength: 60 });
    const pattern = fc.constantFrom('a', 'ab', 'a+', 'b\\s', '^a', 'a$', '\\bb', 'é', '😀', 'a|b$', '[^a]b', 'x*');
    fc.assert(
      fc.property(text, pattern, fc.boolean(), (content, source, sensitive) => {
        const m = matcher(source, { isRegex: true, caseSensitivity: sensitive ? 'enabled' : 'disabled' });
        expect(findLineMatches(content, m)).toEqual(findLineMatches(content, { line: m.line, scan: undefined }));
      }),
    );
  });
});

describe('compileTextQuery', () => {
  it('takes a literal as it is', () => {
    expect(findLineMatches('a.b axb (x)', matcher('a.b'))[0].submatches).toEqual([{ text: 'a.b', start: 0, end: 3 }]);
    expect(findLineMatches('(x)', matcher('(x)'))).toHaveLength(1);
  });

  it('is case-insensitive with smart case for lower-case text, sensitive otherwise', () => {
    expect(findLineMatches('Hello', matcher('hello'))).toHaveLength(1);
    expect(findLineMatches('hello', matcher('Hello'))).toHaveLength(0);
    expect(findLineMatches('ÉCOLE', matcher('école'))).toHaveLength(1);
  });

  it('refuses an invalid regular expression with a clear text', () => {
    expect(compileTextQuery(textQuery({ text: 'a(', isRegex: true }))).toEqual({ ok: false, error: 'Invalid regular expression: Unterminated group' });
  });

  it('accepts legacy syntax that the Unicode flag refuses', () => {
    expect(compileTextQuery(textQuery({ text: '\\-a', isRegex: true })).ok).toBe(true);
  });
});
