import { excludeFilter, expandBraces } from '../../../../src/domain/fs/path-glob';

describe('excludeFilter', () => {
  it('excludes nothing without patterns', () => {
    expect(excludeFilter()('a/b.txt')).toBe(false);
    expect(excludeFilter([''])('a')).toBe(false);
  });

  it('matches a pattern without a slash against names at any depth, and excludes what is inside a match', () => {
    const excluded = excludeFilter(['node_modules', '*.log']);
    expect(excluded('node_modules')).toBe(true);
    expect(excluded('packages/web/node_modules/react/index.js')).toBe(true);
    expect(excluded('logs/today.log')).toBe(true);
    expect(excluded('src/node_modules_backup.ts')).toBe(false);
    expect(excluded('src/log.ts')).toBe(false);
  });

  it('anchors a pattern with a slash at the root, with ** for any number of segments', () => {
    const excluded = excludeFilter(['dist/**', '**/*.map', '/build', './tmp/']);
    expect(excluded('dist/app.js')).toBe(true);
    expect(excluded('dist/a/b/c.js')).toBe(true);
    expect(excluded('src/dist/app.js')).toBe(false);
    expect(excluded('a.map')).toBe(true);
    expect(excluded('deep/er/a.js.map')).toBe(true);
    expect(excluded('build/out.js')).toBe(true);
    expect(excluded('tmp/x')).toBe(true);
    expect(excluded('src/build/out.js')).toBe(false);
  });

  it('supports ?, character classes and alternatives', () => {
    const excluded = excludeFilter(['file?.txt', '[ab]*.md', '*.{png,jpg}', '[!x]y']);
    expect(excluded('file1.txt')).toBe(true);
    expect(excluded('file10.txt')).toBe(false);
    expect(excluded('alpha.md')).toBe(true);
    expect(excluded('gamma.md')).toBe(false);
    expect(excluded('img/a.jpg')).toBe(true);
    expect(excluded('img/a.gif')).toBe(false);
    expect(excluded('zy')).toBe(true);
    expect(excluded('xy')).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    const excluded = excludeFilter(['a+b(1).txt', 'c.d']);
    expect(excluded('a+b(1).txt')).toBe(true);
    expect(excluded('aab(1).txt')).toBe(false);
    expect(excluded('cxd')).toBe(false);
  });

  it('answers on long paths with many stars (linear-time matching; the glob-match bench measures it)', () => {
    const excluded = excludeFilter(['**/**/**/**/*x*y*z*', '*a*a*a*a*a*a*a*c']);
    expect(excluded(`${'a/'.repeat(200)}${'b'.repeat(200)}`)).toBe(false);
    expect(excluded('a'.repeat(1000))).toBe(false);
  });

  it('expands alternatives, nested ones too, and keeps a lone brace literal', () => {
    expect(expandBraces('a.{png,jpg}')).toEqual(['a.png', 'a.jpg']);
    expect(expandBraces('{src,lib}/{a,b{1,2}}')).toEqual(['src/a', 'src/b1', 'src/b2', 'lib/a', 'lib/b1', 'lib/b2']);
    expect(excludeFilter(['{src,lib}/**'])('lib/x.js')).toBe(true);
    expect(excludeFilter(['{x}'])('{x}')).toBe(true);
    expect(expandBraces('{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}').length).toBe(64);
  });

  it("excludes everything with '**' alone (it threw before)", () => {
    expect(excludeFilter(['**'])('a/b.txt')).toBe(true);
    expect(excludeFilter(['**/'])('a')).toBe(true);
  });

  it('keeps an escaped brace, and a brace inside a class, a character', () => {
    expect(excludeFilter(['\\{a,b}'])('{a,b}')).toBe(true);
    expect(excludeFilter(['\\{a,b}'])('a')).toBe(false);
    expect(excludeFilter(['x[{]a,b}'])('x{a,b}')).toBe(true);
    expect(excludeFilter(['x[{]a,b}'])('xa')).toBe(false);
  });
});
