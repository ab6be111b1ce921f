import { DEFAULT_EDITOR_SETTINGS, changeEditorSettings, formatLanguageOf, restoreEditorSettings } from '../../../../src/domain/settings/editor-settings';

describe('editor settings', () => {
  it('has the defaults of spec 002 §9', () => {
    expect(DEFAULT_EDITOR_SETTINGS).toMatchObject({ fontSize: 14, autoSave: 'onFocusChange', formatOnSave: true, quickSuggestionsDelay: 10, themeId: 'bullpen-dark' });
  });

  it('restores stored settings field by field and clamps numbers', () => {
    expect(restoreEditorSettings(null)).toEqual(DEFAULT_EDITOR_SETTINGS);
    expect(restoreEditorSettings({ fontSize: 400, autoSave: 'sometimes', minimap: 'yes', tabSize: 4.4, themeId: '' })).toEqual({
      ...DEFAULT_EDITOR_SETTINGS,
      fontSize: 72,
      tabSize: 4,
    });
    expect(changeEditorSettings(DEFAULT_EDITOR_SETTINGS, { fontSize: Number.NaN, wordWrap: 'on' })).toEqual({ ...DEFAULT_EDITOR_SETTINGS, wordWrap: 'on' });
  });

  it('formats TS/JS/CSS/HTML/JSON/Markdown and nothing else', () => {
    expect(['a.ts', 'b.tsx', 'c.js', 'd.mjs', 'e.css', 'f.scss', 'g.html', 'h.json', 'i.md', 'j.rs', 'Makefile'].map(formatLanguageOf)).toEqual([
      'typescript', 'typescript', 'javascript', 'javascript', 'css', 'scss', 'html', 'json', 'markdown', undefined, undefined,
    ]);
  });
});
