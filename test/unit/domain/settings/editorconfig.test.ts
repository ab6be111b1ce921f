import { globToRegExp, indentationFrom, parseEditorConfig, propertiesFor } from '../../../../src/domain/settings/editorconfig';

describe('.editorconfig (spec 002 §5 "Editor config")', () => {
  const file = parseEditorConfig(
    [
      '# comment',
      'root = true',
      '; another comment',
      '[*]',
      'indent_style = space',
      'indent_size = 4 # trailing comment',
      '[*.{js,ts}]',
      'indent_size = 2',
      '[Makefile]',
      'indent_style = tab',
      '[lib/**.py]',
      'indent_style = tab',
      'tab_width = 8',
    ].join('\r\n'),
  );

  it('parses root, sections and comments starting with # or ;', () => {
    expect(file.root).toBe(true);
    expect(file.sections.map((s) => s.glob)).toEqual(['*', '*.{js,ts}', 'Makefile', 'lib/**.py']);
    expect(file.sections[0].properties).toEqual({ indent_style: 'space', indent_size: '4' });
  });

  it('applies later sections over earlier ones, a glob without / at any depth', () => {
    expect(propertiesFor(file, 'src/deep/app.ts')).toEqual({ indent_style: 'space', indent_size: '2' });
    expect(propertiesFor(file, 'README.md')).toEqual({ indent_style: 'space', indent_size: '4' });
    expect(propertiesFor(file, 'sub/Makefile')).toEqual({ indent_style: 'tab', indent_size: '4' });
    expect(propertiesFor(file, 'lib/a/b.py').tab_width).toBe('8');
    expect(propertiesFor(file, 'other/lib/b.py').tab_width).toBeUndefined();
  });

  it('accepts indent_style only if space or tab', () => {
    expect(indentationFrom({ indent_style: 'spaces', indent_size: '3' })).toEqual({ indentSize: 3, tabSize: 3 });
    expect(indentationFrom({ indent_style: 'space' })).toEqual({ insertSpaces: true });
  });

  it('falls back from indent_size to tab_width, and a tab style with no size is 2', () => {
    expect(indentationFrom({ indent_style: 'space', tab_width: '6' })).toEqual({ insertSpaces: true, indentSize: 6, tabSize: 6 });
    expect(indentationFrom({ indent_style: 'tab' })).toEqual({ insertSpaces: false, indentSize: 2, tabSize: 2 });
    expect(indentationFrom({ indent_style: 'tab', indent_size: 'tab', tab_width: '4' })).toEqual({ insertSpaces: false, indentSize: 4, tabSize: 4 });
    expect(indentationFrom({ end_of_line: 'crlf', insert_final_newline: 'true', trim_trailing_whitespace: 'false' })).toEqual({
      endOfLine: 'crlf',
      insertFinalNewline: true,
      trimTrailingWhitespace: false,
    });
  });

  it('matches editorconfig globs', () => {
    expect(globToRegExp('*.{js,jsx}').test('a/b.jsx')).toBe(true);
    expect(globToRegExp('*.{js,jsx}').test('a/b.ts')).toBe(false);
    expect(globToRegExp('file{1..3}.txt').test('file2.txt')).toBe(true);
    expect(globToRegExp('file{1..3}.txt').test('file4.txt')).toBe(false);
    expect(globToRegExp('[!a]*.md').test('b.md')).toBe(true);
    expect(globToRegExp('[!a]*.md').test('a.md')).toBe(false);
    expect(globToRegExp('/src/*.ts').test('src/x.ts')).toBe(true);
    expect(globToRegExp('/src/*.ts').test('src/a/x.ts')).toBe(false);
    expect(globToRegExp('src/**/x.ts').test('src/a/b/x.ts')).toBe(true);
    expect(globToRegExp('a.b').test('axb')).toBe(false);
  });
});
