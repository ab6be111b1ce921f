import { LANGUAGES, LANGUAGE_SERVER_IDS, findLanguage, languagesOfServer } from '../../../../src/domain/language/language-catalog';

/** spec 002 §9 "Languages", plus javascript. */
const SPEC_IDS = [
  'typescript', 'typescriptreact', 'javascriptreact', 'css', 'scss', 'less', 'jsonc', 'json', 'html', 'markdown', 'rust', 'yaml', 'sql',
  'python', 'prisma', 'graphql', 'svelte', 'vue', 'xml', 'astro', 'dotenv', 'markdownreact', 'php', 'lua', 'shell', 'dockerfile', 'elixir',
  'nix', 'ruby', 'go', 'javascript',
];

describe('the language catalog', () => {
  it('has exactly the spec ids (and javascript), each once', () => {
    expect(LANGUAGES.map((l) => l.id).sort()).toEqual([...SPEC_IDS].sort());
  });

  it('gives servers only to typescript, css, html and json languages (spec 002 §9)', () => {
    expect(LANGUAGE_SERVER_IDS).toEqual(['typescript', 'css', 'html', 'json']);
    expect(languagesOfServer('typescript').map((l) => l.id)).toEqual(['typescript', 'typescriptreact', 'javascript', 'javascriptreact']);
    expect(languagesOfServer('css').map((l) => l.id)).toEqual(['css', 'scss', 'less']);
    expect(languagesOfServer('json').map((l) => l.id)).toEqual(['jsonc', 'json']);
    expect(languagesOfServer('html').map((l) => l.id)).toEqual(['html']);
    expect(findLanguage('rust')?.serverIds).toEqual([]);
  });

  it('names every language by extensions with a dot or by file-name globs', () => {
    for (const language of LANGUAGES) {
      expect(language.extensions.length + language.globs.length).toBeGreaterThan(0);
      for (const extension of language.extensions) expect(extension).toMatch(/^\.[a-z0-9]+$/);
    }
    expect(findLanguage('typescriptreact')?.extensions).toEqual(['.tsx']);
    expect(findLanguage('dockerfile')?.globs).toContain('Dockerfile');
  });

  it('claims each extension for one language only', () => {
    const all = LANGUAGES.flatMap((l) => l.extensions);
    expect(new Set(all).size).toBe(all.length);
  });

  it('does not know other ids', () => {
    expect(findLanguage('cobol')).toBeUndefined();
  });
});
