import { GitignoreRules } from '../../../../src/domain/search/gitignore-rules';

describe('GitignoreRules', () => {
  it('ignores by name at any depth, and anchored patterns from their file’s directory', () => {
    const rules = new GitignoreRules();
    rules.add('', '# comment\n\n*.log\n/build\ndist/\n');
    expect(rules.isIgnored('a.log', false)).toBe(true);
    expect(rules.isIgnored('x/y/a.log', false)).toBe(true);
    expect(rules.isIgnored('build', true)).toBe(true);
    expect(rules.isIgnored('x/build', true)).toBe(false);
    expect(rules.isIgnored('x/dist', true)).toBe(true);
    expect(rules.isIgnored('dist', false)).toBe(false);
    expect(rules.isIgnored('src/a.ts', false)).toBe(false);
  });

  it('re-includes with !, the last matching rule deciding', () => {
    const rules = new GitignoreRules();
    rules.add('', '*.log\n!keep.log\n');
    expect(rules.isIgnored('a.log', false)).toBe(true);
    expect(rules.isIgnored('keep.log', false)).toBe(false);
  });

  it('applies a nested file to its directory only, and lets it overrule its parents', () => {
    const rules = new GitignoreRules();
    rules.add('', '*.gen.ts\n');
    rules.add('pkg', '/out\n!*.gen.ts\n');
    expect(rules.isIgnored('pkg/out', true)).toBe(true);
    expect(rules.isIgnored('out', true)).toBe(false);
    expect(rules.isIgnored('pkg/a.gen.ts', false)).toBe(false);
    expect(rules.isIgnored('a.gen.ts', false)).toBe(true);
  });

  it('handles CRLF files, escaped # and !, and trailing spaces', () => {
    const rules = new GitignoreRules();
    rules.add('', 'a.txt  \r\n\\#b\r\n\\!c\r\n');
    expect(rules.isIgnored('a.txt', false)).toBe(true);
    expect(rules.isIgnored('#b', false)).toBe(true);
    expect(rules.isIgnored('!c', false)).toBe(true);
  });
});
