import { SearchScope } from '../../../../../../src/domain/search/search-scope';
import { textQuery } from '../../../../../../src/domain/search/text-query';
import { ripgrepArgs, ripgrepCheckArgs, ripgrepErrorDetail } from '../../../../../../src/server/application/workspace/search/ripgrep-args';

const scope = (includes: string[] = []) => {
  const s = SearchScope.from({ includes });
  if (!s.ok) throw new Error(s.error);
  return s.value;
};

describe('ripgrepArgs', () => {
  it('searches the working directory for a literal with the decided case, the scope as globs, the pattern after -e', () => {
    const args = ripgrepArgs({ query: textQuery({ text: '-v' }), scope: scope(['src']) });
    expect(args).toEqual(expect.arrayContaining(['--json', '--hidden', '--no-require-git', '--no-ignore-parent', '--fixed-strings', '--ignore-case']));
    expect(args.slice(-4)).toEqual(['--regexp', '-v', '--', '.']);
    expect(args.join(' ')).toContain('--glob src --glob **/src/** --glob !.git --glob !node_modules');
  });

  it('lets ripgrep fall back to PCRE2 for a regular expression, and matches words when asked', () => {
    const args = ripgrepArgs({ query: textQuery({ text: 'Foo(?=x)', isRegex: true, wholeWord: true }), scope: scope() });
    expect(args).toEqual(expect.arrayContaining(['--case-sensitive', '--engine', 'auto', '--word-regexp']));
    expect(args).not.toContain('--fixed-strings');
  });

  it('checks a pattern against standard input', () => {
    expect(ripgrepCheckArgs(textQuery({ text: 'a(', isRegex: true })).slice(-2)).toEqual(['--', '-']);
  });
});

describe('ripgrepErrorDetail', () => {
  it("takes PCRE2's reason when both engines refused, else the default engine's", () => {
    const both = 'regex could not be compiled with either the default regex engine or with PCRE2.\n\ndefault regex engine error:\n~~~\nregex parse error:\n    a(\n     ^\nerror: unclosed group\n~~~\n\nPCRE2 regex engine error:\nPCRE2: error compiling pattern at offset 2: missing closing parenthesis\n';
    expect(ripgrepErrorDetail(both)).toBe('error compiling pattern at offset 2: missing closing parenthesis');
    expect(ripgrepErrorDetail('regex parse error:\n    a(\n     ^\nerror: unclosed group\n')).toBe('unclosed group');
    expect(ripgrepErrorDetail('')).toBe('ripgrep failed');
  });
});
