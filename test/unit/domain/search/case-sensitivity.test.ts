import { isCaseSensitive } from '../../../../src/domain/search/case-sensitivity';

describe('isCaseSensitive', () => {
  it('smart: case-insensitive unless the text has an upper-case letter', () => {
    expect(isCaseSensitive('hello', false)).toBe(false);
    expect(isCaseSensitive('Hello', false)).toBe(true);
    expect(isCaseSensitive('héllo wörld', false, 'smart')).toBe(false);
    expect(isCaseSensitive('ÉCOLE', false, 'smart')).toBe(true);
    expect(isCaseSensitive('123 _-', false, 'smart')).toBe(false);
  });

  it('smart, regex: escapes such as \\W, \\S, \\B and \\p{Lu} do not count as upper case', () => {
    expect(isCaseSensitive('\\Wfoo\\S+\\B', true)).toBe(false);
    expect(isCaseSensitive('\\p{Lu}x', true)).toBe(false);
    expect(isCaseSensitive('\\x41\\u0042', true)).toBe(false);
    expect(isCaseSensitive('\\WFoo', true)).toBe(true);
    // In a literal search a backslash is just a character.
    expect(isCaseSensitive('\\W', false)).toBe(true);
  });

  it('enabled and disabled are taken as they are', () => {
    expect(isCaseSensitive('hello', false, 'enabled')).toBe(true);
    expect(isCaseSensitive('Hello', false, 'disabled')).toBe(false);
  });
});
