import fc from 'fast-check';
import { basename, dirname, joinWorkspacePath, normalizeWorkspacePath } from '../../../../src/domain/fs/workspace-path';

const invalidPath = { ok: false, error: { kind: 'invalid-path', message: 'Invalid path' } };

describe('normalizeWorkspacePath', () => {
  it.each([
    ['src/App.js', 'src/App.js'],
    ['/src/App.js', 'src/App.js'],
    ['./src/App.js', 'src/App.js'],
    ['src//App.js', 'src/App.js'],
    ['src/./App.js', 'src/App.js'],
    ['src/App.js/', 'src/App.js'],
    ['src/lib/../App.js', 'src/App.js'],
    ['a/b/../../c', 'c'],
    ['a/..', ''],
    ['', ''],
    ['/', ''],
    ['.', ''],
    ['./', ''],
    ['//', ''],
    ['src/.hidden', 'src/.hidden'],
    ['src/...', 'src/...'],
    ['dir with space/a\\b', 'dir with space/a\\b'],
  ])('turns %j into %j', (input, expected) => {
    expect(normalizeWorkspacePath(input)).toEqual({ ok: true, value: expected });
  });

  it.each(['..', '../etc/passwd', '/../etc/passwd', './..', 'src/../../secret', 'a/b/../../..', '/a/../..'])(
    "refuses %j, which climbs above the root, with 'Invalid path'",
    (input) => {
      expect(normalizeWorkspacePath(input)).toEqual(invalidPath);
    },
  );

  it("refuses a NUL character with 'Invalid path'", () => {
    expect(normalizeWorkspacePath('src/App.js\0.png')).toEqual(invalidPath);
  });

  it('returns clean paths: no empty, "." or ".." segment, no leading or trailing slash, idempotent', () => {
    const segment = fc.oneof(fc.constantFrom('', '.', '..', 'a', 'b', 'src', '.env', '...'), fc.stringMatching(/^[^/\0]{1,5}$/));
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        const result = normalizeWorkspacePath(segments.join('/'));
        if (!result.ok) return;
        const clean = result.value;
        if (clean !== '') {
          for (const part of clean.split('/')) expect(['', '.', '..']).not.toContain(part);
        }
        expect(normalizeWorkspacePath(clean)).toEqual({ ok: true, value: clean });
      }),
    );
  });
});

describe('joinWorkspacePath', () => {
  it('joins parts with one slash and normalizes', () => {
    expect(joinWorkspacePath('/src/', 'components', './Button.tsx')).toEqual({ ok: true, value: 'src/components/Button.tsx' });
  });

  it('resolves ".." inside the workspace', () => {
    expect(joinWorkspacePath('src/components', '../App.js')).toEqual({ ok: true, value: 'src/App.js' });
  });

  it("refuses a join that climbs above the root with 'Invalid path'", () => {
    expect(joinWorkspacePath('src', '../../x')).toEqual(invalidPath);
  });

  it('gives the root for no parts', () => {
    expect(joinWorkspacePath()).toEqual({ ok: true, value: '' });
  });
});

describe('basename', () => {
  it.each([
    ['src/App.js', 'App.js'],
    ['/src/App.js', 'App.js'],
    ['src/', 'src'],
    ['App.js', 'App.js'],
    ['', ''],
    ['/', ''],
  ])('of %j is %j', (path, expected) => {
    expect(basename(path)).toBe(expected);
  });
});

describe('dirname', () => {
  it.each([
    ['src/components/Button.tsx', 'src/components'],
    ['/src/App.js', 'src'],
    ['App.js', ''],
    ['/App.js', ''],
    ['', ''],
    ['/', ''],
  ])('of %j is %j', (path, expected) => {
    expect(dirname(path)).toBe(expected);
  });
});
