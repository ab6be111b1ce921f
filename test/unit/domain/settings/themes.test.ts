import * as fs from 'fs';
import * as path from 'path';
import { THEMES, isValidTheme } from '../../../../src/domain/settings/themes';

const BUNDLED = path.join(__dirname, '../../../../src/adapters/themes/bundled');

describe('bundled themes', () => {
  it('bundles the spec 002 §9 list, each a well-formed definition', async () => {
    expect(THEMES.map((t) => t.label)).toEqual([
      'Bullpen Dark', 'Dark Classic', 'Dark Classic+', 'Light', 'Dracula', 'GitHub Dark', 'GitHub Dark Dimmed', 'GitHub Light',
      'GitHub Light High Contrast', 'Night Owl', 'One Dark Pro', 'poimandres', 'Vesper',
    ]);
    expect(fs.readdirSync(BUNDLED).map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(THEMES.map((t) => t.id).sort());
    for (const entry of THEMES) {
      const theme = (await import(path.join(BUNDLED, entry.id))).default;
      expect(isValidTheme(theme, entry.id)).toBe(true);
      expect(theme.kind).toBe(entry.kind);
    }
  });

  it('refuses a malformed definition', () => {
    expect(isValidTheme(undefined, 'x')).toBe(false);
    expect(isValidTheme({ id: 'x', kind: 'dark', workbench: { bg: 'red' }, editor: {}, tokens: [] }, 'x')).toBe(false);
  });

  it('takes the optional workbench and terminal colours a theme gives, if they are colours', () => {
    const base = { bg: '#000', panel: '#111', border: '#222', text: '#fff', muted: '#aaa', accent: '#f00', error: '#f00' };
    const theme = (extra: object) => ({ id: 'x', kind: 'dark', workbench: base, editor: {}, tokens: [], ...extra });
    expect(isValidTheme(theme({ workbench: { ...base, widget: '#333333', shadow: '#00000080' }, terminal: { red: '#ff0000' } }), 'x')).toBe(true);
    expect(isValidTheme(theme({ workbench: { ...base, widget: 'grey' } }), 'x')).toBe(false);
    expect(isValidTheme(theme({ terminal: { red: 'red' } }), 'x')).toBe(false);
    expect(isValidTheme(theme({ terminal: 'dark' }), 'x')).toBe(false);
  });
});
