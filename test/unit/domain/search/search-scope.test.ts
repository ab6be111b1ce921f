import { SearchScope, splitPatterns } from '../../../../src/domain/search/search-scope';

const scope = (params: Parameters<typeof SearchScope.from>[0]): SearchScope => {
  const s = SearchScope.from(params);
  if (!s.ok) throw new Error(s.error);
  return s.value;
};

describe('SearchScope', () => {
  it('always excludes .git, node_modules and Bullpen temporary files, last so nothing overrides it', () => {
    const s = scope({ includes: ['**'] });
    expect(s.decide('.git', true)).toBe('exclude');
    expect(s.decide('pkg/node_modules', true)).toBe('exclude');
    expect(s.decide('.~bullpen-123e4567-e89b-12d3-a456-426614174000.tmp', false)).toBe('exclude');
    expect(s.ripgrepGlobs.slice(-3)).toEqual(['!.git', '!node_modules', '!.~bullpen-*.tmp']);
  });

  it('leaves a path to the ignore files when no glob speaks of it', () => {
    const s = scope({});
    expect(s.decide('src/a.ts', false)).toBeUndefined();
    expect(s.decide('src', true)).toBeUndefined();
  });

  it('includes a file or folder at any depth with everything inside', () => {
    const s = scope({ includes: ['src'] });
    expect(s.ripgrepGlobs.slice(0, 2)).toEqual(['src', '**/src/**']);
    expect(s.decide('src/a.ts', false)).toBe('include');
    expect(s.decide('lib/src/deep/a.ts', false)).toBe('include');
    expect(s.decide('lib/a.ts', false)).toBe('exclude');
    // Directories are walked (their files decide).
    expect(s.decide('lib', true)).toBeUndefined();
  });

  it('anchors an include with a slash (or ./) at the root', () => {
    const s = scope({ includes: ['./src/components'] });
    expect(s.ripgrepGlobs.slice(0, 2)).toEqual(['/src/components', '/src/components/**']);
    expect(s.decide('src/components/a.tsx', false)).toBe('include');
    expect(s.decide('lib/src/components/a.tsx', false)).toBe('exclude');
  });

  it('lets the last matching glob decide: excludes come after includes', () => {
    const s = scope({ includes: ['*.ts'], excludes: ['*.test.ts', 'dist'] });
    expect(s.decide('a.ts', false)).toBe('include');
    expect(s.decide('a.test.ts', false)).toBe('exclude');
    expect(s.decide('dist', true)).toBe('exclude');
    expect(s.decide('a.md', false)).toBe('exclude');
  });

  it("takes the protocol's glob as a ripgrep glob ('!' excludes)", () => {
    expect(scope({ glob: '*.md' }).decide('x/a.md', false)).toBe('include');
    expect(scope({ glob: '*.md' }).decide('x/a.ts', false)).toBe('exclude');
    expect(scope({ glob: '!*.md' }).decide('x/a.md', false)).toBe('exclude');
    expect(scope({ glob: '!*.md' }).decide('x/a.ts', false)).toBeUndefined();
  });

  it('refuses a glob that does not compile', () => {
    expect(SearchScope.from({ excludes: ['{a'] })).toEqual({ ok: false, error: 'Invalid glob "{a": an unclosed {' });
  });
});

describe('splitPatterns', () => {
  it('splits at commas outside braces and brackets, trims and drops empty entries', () => {
    expect(splitPatterns(['src/**, *.md', ' ', '*.{ts,js}', 'a\\,b'])).toEqual(['src/**', '*.md', '*.{ts,js}', 'a\\,b']);
  });
});
