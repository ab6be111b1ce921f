/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { Container } from 'inversify';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { WORKBENCH_COLOR_KEYS, cssVariableOf, workbenchPalette } from '../../../../src/domain/settings/workbench-palette';
import { ThemeApplier } from '../../../../src/ui/settings/theme-applier';
import light from '../../../../src/adapters/themes/bundled/light';
import { renderWithContainer } from '../support/render-with-container';

describe('ThemeApplier', () => {
  it("sets every workbench colour of the chosen theme's palette, and removes them when no theme is loaded", async () => {
    const c = new Container();
    c.bind(PreferencesPort).toConstantValue({ read: () => ({ themeId: 'light' }), write: () => undefined } satisfies PreferencesPort);
    let failing = false;
    c.bind(ThemeLoaderPort).toConstantValue({ load: async () => (failing ? Promise.reject(new Error('offline')) : light) } satisfies ThemeLoaderPort);
    c.bind(SettingsStore).toSelf().inSingletonScope();
    const store = c.get(SettingsStore);
    renderWithContainer(<ThemeApplier />, c);
    await act(() => store.loadTheme());
    const root = document.documentElement;
    const palette = workbenchPalette(light);
    for (const key of WORKBENCH_COLOR_KEYS) expect(root.style.getPropertyValue(cssVariableOf(key))).toBe(palette[key]);
    expect(root.style.getPropertyValue('color-scheme')).toBe('light');
    expect(root.getAttribute('data-theme')).toBe('light');
    failing = true;
    await act(() => store.loadTheme());
    for (const key of WORKBENCH_COLOR_KEYS) expect(root.style.getPropertyValue(cssVariableOf(key))).toBe('');
    expect(root.hasAttribute('data-theme')).toBe(false);
  });
});
