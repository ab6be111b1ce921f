import { DEFAULT_EDITOR_SETTINGS, changeEditorSettings, formatLanguageOf, numberSettingApplies, readNumberSetting, restoreEditorSettings } from '../../../../src/domain/settings/editor-settings';

describe('editor settings', () => {
  it('has the defaults of spec 002 §9', () => {
    expect(DEFAULT_EDITOR_SETTINGS).toMatchObject({ fontSize: 14, autoSave: 'onFocusChange', formatOnSave: true, quickSuggestionsDelay: 10, themeId: 'bullpen-dark' });
  });

  it("waits VS Code's 1000 ms by default to save after a delay, from 100 ms to 10 minutes", () => {
    expect(DEFAULT_EDITOR_SETTINGS.autoSaveDelay).toBe(1000);
    expect(restoreEditorSettings({ autoSave: 'afterDelay', autoSaveDelay: 5 })).toMatchObject({ autoSave: 'afterDelay', autoSaveDelay: 100 });
    expect(restoreEditorSettings({ autoSaveDelay: 'soon' }).autoSaveDelay).toBe(1000);
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

  it('applies the auto save delay only when auto save is after a delay; other numbers always', () => {
    expect(numberSettingApplies(DEFAULT_EDITOR_SETTINGS, 'autoSaveDelay')).toBe(false);
    expect(numberSettingApplies({ ...DEFAULT_EDITOR_SETTINGS, autoSave: 'afterDelay' }, 'autoSaveDelay')).toBe(true);
    expect(numberSettingApplies({ ...DEFAULT_EDITOR_SETTINGS, autoSave: 'off' }, 'autoSaveDelay')).toBe(false);
    for (const key of ['fontSize', 'tabSize', 'quickSuggestionsDelay'] as const) expect(numberSettingApplies(DEFAULT_EDITOR_SETTINGS, key)).toBe(true);
  });

  it("has spec 002 §9's git defaults: autofetch and smart commit on, every 180 s", () => {
    expect(DEFAULT_EDITOR_SETTINGS).toMatchObject({ gitAutofetch: true, gitAutofetchPeriod: 180, gitSmartCommit: true });
    expect(restoreEditorSettings(undefined)).toMatchObject({ gitAutofetch: true, gitAutofetchPeriod: 180, gitSmartCommit: true });
  });

  it('restores the git settings as stored, odd values replaced by their defaults and the period clamped to 5 s..1 day', () => {
    expect(restoreEditorSettings({ gitAutofetch: false, gitAutofetchPeriod: 60, gitSmartCommit: false })).toEqual({
      ...DEFAULT_EDITOR_SETTINGS,
      gitAutofetch: false,
      gitAutofetchPeriod: 60,
      gitSmartCommit: false,
    });
    expect(restoreEditorSettings({ gitAutofetch: 'false', gitAutofetchPeriod: '60', gitSmartCommit: 0 })).toEqual(DEFAULT_EDITOR_SETTINGS);
    expect(restoreEditorSettings({ gitAutofetchPeriod: 1 }).gitAutofetchPeriod).toBe(5);
    expect(restoreEditorSettings({ gitAutofetchPeriod: -30 }).gitAutofetchPeriod).toBe(5);
    expect(restoreEditorSettings({ gitAutofetchPeriod: 1_000_000 }).gitAutofetchPeriod).toBe(86_400);
    expect(restoreEditorSettings({ gitAutofetchPeriod: 7.6 }).gitAutofetchPeriod).toBe(8);
    expect(restoreEditorSettings({ gitAutofetchPeriod: Number.POSITIVE_INFINITY }).gitAutofetchPeriod).toBe(180);
    expect(changeEditorSettings(DEFAULT_EDITOR_SETTINGS, { gitAutofetchPeriod: 2 })).toEqual({ ...DEFAULT_EDITOR_SETTINGS, gitAutofetchPeriod: 5 });
  });

  it('applies the autofetch period only while autofetch is on', () => {
    expect(numberSettingApplies(DEFAULT_EDITOR_SETTINGS, 'gitAutofetchPeriod')).toBe(true);
    expect(numberSettingApplies({ ...DEFAULT_EDITOR_SETTINGS, gitAutofetch: false }, 'gitAutofetchPeriod')).toBe(false);
    // The other settings do not depend on it.
    expect(numberSettingApplies({ ...DEFAULT_EDITOR_SETTINGS, gitAutofetch: false, autoSave: 'afterDelay' }, 'autoSaveDelay')).toBe(true);
    expect(numberSettingApplies({ ...DEFAULT_EDITOR_SETTINGS, gitAutofetch: false }, 'fontSize')).toBe(true);
  });

  it('formats TS/JS/CSS/HTML/JSON/Markdown and nothing else', () => {
    expect(['a.ts', 'b.tsx', 'c.js', 'd.mjs', 'e.css', 'f.scss', 'g.html', 'h.json', 'i.md', 'j.rs', 'Makefile'].map(formatLanguageOf)).toEqual([
      'typescript', 'typescript', 'javascript', 'javascript', 'css', 'scss', 'html', 'json', 'markdown', undefined, undefined,
    ]);
  });
});

describe('readNumberSetting', () => {
  it('applies a number typed within the limits as it is', () => {
    expect(readNumberSetting('fontSize', '20')).toEqual({ ok: true, value: { value: 20 } });
    expect(readNumberSetting('autoSaveDelay', ' 2500 ')).toEqual({ ok: true, value: { value: 2500 } });
  });

  it('clamps a number beyond the limits and rounds a fraction, saying so', () => {
    expect(readNumberSetting('fontSize', '2')).toEqual({ ok: true, value: { value: 6, note: 'Font size is at least 6: set to 6.' } });
    expect(readNumberSetting('fontSize', '200')).toEqual({ ok: true, value: { value: 72, note: 'Font size is at most 72: set to 72.' } });
    expect(readNumberSetting('tabSize', '-3')).toEqual({ ok: true, value: { value: 1, note: 'Tab size is at least 1: set to 1.' } });
    expect(readNumberSetting('fontSize', '13.6')).toEqual({ ok: true, value: { value: 14, note: 'Font size is a whole number: set to 14.' } });
    expect(readNumberSetting('quickSuggestionsDelay', '9000')).toEqual({ ok: true, value: { value: 5000, note: 'Quick suggestions delay is at most 5000 ms: set to 5000.' } });
  });

  it('refuses what is no number, with the limits in the message', () => {
    for (const text of ['', '  ', 'abc', '1e3', '12px', '-', '.']) {
      expect(readNumberSetting('fontSize', text)).toEqual({ ok: false, error: { kind: 'not-a-number', message: 'Font size must be a whole number from 6 to 72.' } });
    }
    expect(readNumberSetting('autoSaveDelay', 'x')).toEqual({ ok: false, error: { kind: 'not-a-number', message: 'Auto save delay must be a whole number from 100 to 600000 ms.' } });
  });

  it('gives the autofetch period in seconds, with its limits', () => {
    expect(readNumberSetting('gitAutofetchPeriod', '60')).toEqual({ ok: true, value: { value: 60 } });
    expect(readNumberSetting('gitAutofetchPeriod', '2')).toEqual({ ok: true, value: { value: 5, note: 'Git autofetch period is at least 5 s: set to 5.' } });
    expect(readNumberSetting('gitAutofetchPeriod', '100000')).toEqual({ ok: true, value: { value: 86_400, note: 'Git autofetch period is at most 86400 s: set to 86400.' } });
    expect(readNumberSetting('gitAutofetchPeriod', '30.4')).toEqual({ ok: true, value: { value: 30, note: 'Git autofetch period is a whole number: set to 30.' } });
    expect(readNumberSetting('gitAutofetchPeriod', 'often')).toEqual({
      ok: false,
      error: { kind: 'not-a-number', message: 'Git autofetch period must be a whole number from 5 to 86400 s.' },
    });
  });
});
