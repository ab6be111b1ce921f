import { compileGlob, globMatches } from '../../../../src/domain/search/glob';

const matches = (glob: string, path: string, isDirectory = false, braces = true): boolean => {
  const compiled = compileGlob(glob, { braces });
  if (!compiled.ok) throw new Error(compiled.error);
  return globMatches(compiled.value, path, isDirectory);
};

describe('compileGlob (gitignore rules, as ripgrep --glob)', () => {
  it('matches a glob without a slash at any depth, by name', () => {
    expect(matches('*.ts', 'a.ts')).toBe(true);
    expect(matches('*.ts', 'src/deep/a.ts')).toBe(true);
    expect(matches('*.ts', 'src/a.tsx')).toBe(false);
    expect(matches('node_modules', 'a/node_modules', true)).toBe(true);
  });

  it('anchors a glob with a slash at the root; a leading slash only anchors', () => {
    expect(matches('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/*.ts', 'lib/src/a.ts')).toBe(false);
    expect(matches('/a.ts', 'a.ts')).toBe(true);
    expect(matches('/a.ts', 'src/a.ts')).toBe(false);
  });

  it('keeps * and ? within a segment, and ** spans segments', () => {
    expect(matches('src/*', 'src/a/b.ts')).toBe(false);
    expect(matches('src/**', 'src/a/b.ts')).toBe(true);
    expect(matches('src/**', 'src', true)).toBe(false);
    expect(matches('**/test/*.ts', 'test/a.ts')).toBe(true);
    expect(matches('**/test/*.ts', 'x/y/test/a.ts')).toBe(true);
    expect(matches('a/**/b', 'a/b')).toBe(true);
    expect(matches('a/**/b', 'a/x/y/b')).toBe(true);
    expect(matches('fil?.ts', 'file.ts')).toBe(true);
    expect(matches('fil?.ts', 'fil/.ts')).toBe(false);
  });

  it('has classes, escapes and (for --glob) braces', () => {
    expect(matches('[ab].ts', 'a.ts')).toBe(true);
    expect(matches('[!ab].ts', 'a.ts')).toBe(false);
    expect(matches('[!ab].ts', 'c.ts')).toBe(true);
    expect(matches('[a-c]x', 'bx')).toBe(true);
    expect(matches('\\*.ts', '*.ts')).toBe(true);
    expect(matches('\\*.ts', 'a.ts')).toBe(false);
    expect(matches('*.{ts,js}', 'a.js')).toBe(true);
    expect(matches('*.{ts,js}', 'a.md')).toBe(false);
    expect(matches('{a,b}.ts', '{a,b}.ts', false, false)).toBe(true);
  });

  it('takes regex characters literally', () => {
    expect(matches('a+b(1).ts', 'a+b(1).ts')).toBe(true);
    expect(matches('a.ts', 'abts')).toBe(false);
  });

  it('applies a glob with a trailing slash to directories only', () => {
    expect(matches('build/', 'build', true)).toBe(true);
    expect(matches('build/', 'build', false)).toBe(false);
    expect(matches('build/', 'x/build', true)).toBe(true);
  });

  it('refuses an unclosed brace, a trailing backslash and too many alternatives, naming the glob', () => {
    expect(compileGlob('*.{ts', { braces: true })).toEqual({ ok: false, error: 'Invalid glob "*.{ts": an unclosed {' });
    expect(compileGlob('a\\', { braces: true }).ok).toBe(false);
    expect(compileGlob('a\\\\', { braces: true }).ok).toBe(true);
    expect(compileGlob('{a,b}'.repeat(11), { braces: true })).toEqual({ ok: false, error: `Invalid glob "${'{a,b}'.repeat(11)}": more than 1024 alternatives` });
  });

  it('keeps a brace inside a class a character', () => {
    expect(matches('x[{]a,b}', 'x{a,b}')).toBe(true);
    expect(matches('x[{]a,b}', 'xa')).toBe(false);
  });

  it('matches in time linear in the path, whatever the glob (a search include or a .gitignore line from a cloned repository)', () => {
    // The regular expression this compiled to before took about 30 s for 64 characters, and grows as n^7 (ADR 0019).
    const name = 'a'.repeat(255);
    expect(matches('*a*a*a*a*a*a*a*c', `src/${name}`)).toBe(false);
    expect(matches('src/**/*a*a*a*a*a*a*a*c', `src/x/${name}c`)).toBe(true);
  });
});
