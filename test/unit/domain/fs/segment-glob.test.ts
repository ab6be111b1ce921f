import fc from 'fast-check';
import { compileSegments, expandBraces, matchSegments, nameMatcher } from '../../../../src/domain/fs/segment-glob';

describe('nameMatcher', () => {
  it('matches one segment with stars, ranges and escapes', () => {
    expect(nameMatcher('*.ts')('index.ts')).toBe(true);
    expect(nameMatcher('*.ts')('index.tsx')).toBe(false);
    expect(nameMatcher('[a-c]?[!0-9]')('bxy')).toBe(true);
    expect(nameMatcher('[a-c]?[!0-9]')('bx1')).toBe(false);
    expect(nameMatcher('\\*')('*')).toBe(true);
    expect(nameMatcher('\\*')('a')).toBe(false);
    expect(nameMatcher('a*b*c')('aXbYc')).toBe(true);
    expect(nameMatcher('a*b*c')('aXbY')).toBe(false);
    expect(nameMatcher('*ab*ab*')('abab')).toBe(true);
    expect(nameMatcher('*ab*ab*')('aba')).toBe(false);
  });

  it("reads classes as git does: ']' first is a member, '\\' escapes, '-' first or last is literal, '[' unclosed is a character", () => {
    expect(nameMatcher('[]a]')(']')).toBe(true);
    expect(nameMatcher('[!]a]')(']')).toBe(false);
    expect(nameMatcher('[!]a]')('b')).toBe(true);
    expect(nameMatcher('[\\]x]')(']')).toBe(true);
    expect(nameMatcher('[a\\-c]')('b')).toBe(false);
    expect(nameMatcher('[a\\-c]')('-')).toBe(true);
    expect(nameMatcher('[-a]')('-')).toBe(true);
    expect(nameMatcher('[a-]')('-')).toBe(true);
    expect(nameMatcher('a[b')('a[b')).toBe(true);
  });

  it('agrees with a regular expression built from the same glob', () => {
    const pieces = ['a', 'b', '*', '**', '?', '[ab]', '[!a]', '[a-b]', '\\*', '.'];
    const toRegex = (glob: string[]) =>
      new RegExp(
        `^${glob
          .map((p) => ({ '*': '.*', '**': '.*', '?': '.', '[ab]': '[ab]', '[!a]': '[^a]', '[a-b]': '[a-b]', '\\*': '\\*', '.': '\\.' })[p] ?? p)
          .join('')}$`,
      );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), fc.stringOf(fc.constantFrom('a', 'b', '.', '*'), { maxLength: 10 }), (glob, name) => {
        expect(nameMatcher(glob.join(''))(name)).toBe(toRegex(glob).test(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches a pattern that makes a backtracking regular expression take hours, on a name of 255 characters', () => {
    // A backtracking regular expression for this glob takes about 30 s on 64 characters and grows as n^7 (ADR 0019).
    expect(nameMatcher('*a*a*a*a*a*a*a*c')('a'.repeat(255))).toBe(false);
    expect(nameMatcher('*a*a*a*a*a*a*a*c')(`${'a'.repeat(254)}c`)).toBe(true);
  });
});

describe('matchSegments', () => {
  it("spans segments with '**' only, zero included", () => {
    const matches = (pattern: string, path: string) => matchSegments(compileSegments(pattern), path);
    expect(matches('a/**/b', 'a/b')).toBe(true);
    expect(matches('a/**/b', 'a/x/y/b')).toBe(true);
    expect(matches('a/*/b', 'a/x/y/b')).toBe(false);
    expect(matches('**/*.map', 'x/y.js.map')).toBe(true);
    expect(matches('x[/]y', 'x/y')).toBe(false);
  });
});

describe('expandBraces', () => {
  const literal = { limit: 64, single: 'literal' } as const;
  const alternative = { limit: 64, single: 'alternative' } as const;

  it('expands alternatives, nested ones too, up to the limit', () => {
    expect(expandBraces('a.{png,jpg}', literal)).toEqual({ kind: 'expanded', patterns: ['a.png', 'a.jpg'] });
    expect(expandBraces('{src,lib}/{a,b{1,2}}', literal).patterns).toEqual(['src/a', 'src/b1', 'src/b2', 'lib/a', 'lib/b1', 'lib/b2']);
    expect(expandBraces('{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}', literal)).toMatchObject({ kind: 'too-many', patterns: { length: 64 } });
  });

  it("reads '{x}' as the literal text or as the alternative x, as asked", () => {
    expect(expandBraces('{x}', literal)).toEqual({ kind: 'expanded', patterns: ['{x}'] });
    expect(expandBraces('{x}', alternative)).toEqual({ kind: 'expanded', patterns: ['x'] });
  });

  it('says when a brace is never closed, and leaves escaped braces and braces inside classes alone', () => {
    expect(expandBraces('*.{ts', alternative)).toEqual({ kind: 'unclosed', patterns: ['*.{ts'] });
    expect(expandBraces('\\{a,b}', alternative)).toEqual({ kind: 'expanded', patterns: ['\\{a,b}'] });
    expect(expandBraces('[{]{a,b}', alternative)).toEqual({ kind: 'expanded', patterns: ['[{]a', '[{]b'] });
  });
});
