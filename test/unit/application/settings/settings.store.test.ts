import 'reflect-metadata';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { SETTINGS_PREFERENCE_KEY, SettingsStore } from '../../../../src/application/settings/settings.store';
import { ThemeDefinition } from '../../../../src/domain/settings/themes';

const theme = (id: string): ThemeDefinition => ({
  id,
  kind: 'dark',
  workbench: { bg: '#000000', panel: '#111111', border: '#222222', text: '#ffffff', muted: '#888888', accent: '#ff0000', error: '#ff0000' },
  editor: { 'editor.background': '#000000' },
  tokens: [{ token: 'comment', foreground: '#00ff00' }],
});

class FakeThemes implements ThemeLoaderPort {
  readonly broken = new Set<string>();
  readonly malformed = new Set<string>();
  async load(id: string): Promise<unknown> {
    if (this.broken.has(id)) throw new Error('ChunkLoadError');
    return this.malformed.has(id) ? { id } : theme(id);
  }
}

function setUp(stored?: unknown) {
  const values = new Map<string, unknown>(stored ? [[SETTINGS_PREFERENCE_KEY, stored]] : []);
  const preferences: PreferencesPort = { read: (k) => values.get(k), write: (k, v) => void values.set(k, v) };
  const themes = new FakeThemes();
  return { store: new SettingsStore(preferences, themes), themes, values };
}

describe('SettingsStore', () => {
  it('restores saved settings and saves every change', () => {
    const { store, values } = setUp({ fontSize: 18 });
    expect(store.settings.fontSize).toBe(18);
    store.update({ formatOnSave: false });
    expect(values.get(SETTINGS_PREFERENCE_KEY)).toMatchObject({ fontSize: 18, formatOnSave: false });
  });

  it('loads the chosen theme, and falls back silently to the default when it fails or is malformed', async () => {
    const { store, themes } = setUp({ themeId: 'dracula' });
    await store.loadTheme();
    expect(store.theme?.id).toBe('dracula');
    themes.broken.add('night-owl');
    store.update({ themeId: 'night-owl' });
    await store.loadTheme();
    expect(store.theme?.id).toBe('bullpen-dark');
    themes.malformed.add('vesper');
    await store.loadTheme('vesper');
    expect(store.theme?.id).toBe('bullpen-dark');
    await store.loadTheme('no-such-theme');
    expect(store.theme?.id).toBe('bullpen-dark');
    themes.broken.add('bullpen-dark');
    await store.loadTheme('night-owl');
    expect(store.theme).toBeUndefined();
  });

  it('previews a theme without saving it', async () => {
    const { store, values } = setUp();
    await store.preview('poimandres');
    expect(store.theme?.id).toBe('poimandres');
    expect(values.get(SETTINGS_PREFERENCE_KEY)).toBeUndefined();
    await store.loadTheme();
    expect(store.theme?.id).toBe('bullpen-dark');
  });

  describe('number fields of the settings page', () => {
    it('keeps the text typed digit by digit and applies it only when committed', () => {
      const { store, values } = setUp();
      store.openPage();
      store.typeNumber('fontSize', '');
      store.typeNumber('fontSize', '2');
      expect(store.numberText('fontSize')).toBe('2');
      expect(store.settings.fontSize).toBe(14);
      store.typeNumber('fontSize', '20');
      expect(store.commitNumber('fontSize')).toEqual({ ok: true, value: { value: 20 } });
      expect(store.settings.fontSize).toBe(20);
      expect(store.numberText('fontSize')).toBe('20');
      expect(store.numberFields.fontSize).toBeUndefined();
      expect(values.get(SETTINGS_PREFERENCE_KEY)).toMatchObject({ fontSize: 20 });
    });

    it('clamps a value out of range when committed, with a note', () => {
      const { store } = setUp();
      store.typeNumber('fontSize', '2');
      store.commitNumber('fontSize');
      expect(store.settings.fontSize).toBe(6);
      expect(store.numberText('fontSize')).toBe('6');
      expect(store.numberFields.fontSize?.message).toEqual({ text: 'Font size is at least 6: set to 6.', invalid: false });
      // Typing again clears the note.
      store.typeNumber('fontSize', '1');
      expect(store.numberFields.fontSize?.message).toBeUndefined();
    });

    it('keeps text that is no number, with a message, and the setting unchanged', () => {
      const { store } = setUp({ tabSize: 4 });
      store.typeNumber('tabSize', '');
      expect(store.commitNumber('tabSize')?.ok).toBe(false);
      expect(store.settings.tabSize).toBe(4);
      expect(store.numberText('tabSize')).toBe('');
      expect(store.numberFields.tabSize?.message).toEqual({ text: 'Tab size must be a whole number from 1 to 16.', invalid: true });
    });

    it('commits nothing when nothing was typed', () => {
      const { store, values } = setUp();
      expect(store.commitNumber('fontSize')).toBeUndefined();
      expect(values.get(SETTINGS_PREFERENCE_KEY)).toBeUndefined();
    });

    it('commits what is typed when the page closes, and forgets texts and messages', () => {
      const { store } = setUp();
      store.openPage();
      store.typeNumber('fontSize', '18');
      store.typeNumber('tabSize', 'x');
      store.closePage();
      expect(store.pageOpen).toBe(false);
      expect(store.settings.fontSize).toBe(18);
      expect(store.settings.tabSize).toBe(2);
      expect(store.numberFields).toEqual({});
    });
  });
});
