import { BundledThemes } from '../../../../src/adapters/themes/bundled-themes.adapter';
import bullpenDark from '../../../../src/adapters/themes/bundled/bullpen-dark';
import { DEFAULT_THEME_ID } from '../../../../src/domain/settings/editor-settings';
import { isValidTheme } from '../../../../src/domain/settings/themes';

describe('BundledThemes', () => {
  it('gives the default theme from its own module (no chunk to fetch) and the others by id', async () => {
    const themes = new BundledThemes();
    const fallback = await themes.load(DEFAULT_THEME_ID);
    expect(fallback).toBe(bullpenDark);
    expect(isValidTheme(fallback, DEFAULT_THEME_ID)).toBe(true);
    expect(isValidTheme(await themes.load('dracula'), 'dracula')).toBe(true);
  });

  it('refuses an id that is not a bundled file name', async () => {
    await expect(new BundledThemes().load('../secrets')).rejects.toThrow('Unknown theme ../secrets');
  });
});
