/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Container } from 'inversify';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { SETTINGS_PREFERENCE_KEY, SettingsStore } from '../../../../src/application/settings/settings.store';
import { NotificationsStore } from '../../../../src/application/workspace/notifications.store';
import { WORKBENCH_COLOR_KEYS, cssVariableOf, workbenchPalette } from '../../../../src/domain/settings/workbench-palette';
import { SettingsDialog } from '../../../../src/ui/settings/settings-dialog';
import { ThemeApplier } from '../../../../src/ui/settings/theme-applier';
import { Toasts } from '../../../../src/ui/widgets/toasts';
import bullpenDark from '../../../../src/adapters/themes/bundled/bullpen-dark';
import light from '../../../../src/adapters/themes/bundled/light';
import { renderWithContainer } from '../support/render-with-container';

describe('ThemeApplier', () => {
  afterEach(() => jest.restoreAllMocks());

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

  it('falls back silently to Bullpen Dark when the theme chosen on the settings page fails to load', async () => {
    const c = new Container();
    const stored = new Map<string, unknown>([[SETTINGS_PREFERENCE_KEY, { themeId: 'light' }]]);
    c.bind(PreferencesPort).toConstantValue({ read: (k: string) => stored.get(k), write: (k: string, v: unknown) => void stored.set(k, v) } satisfies PreferencesPort);
    const bundled: Record<string, unknown> = { [bullpenDark.id]: bullpenDark, [light.id]: light };
    const requested: string[] = [];
    c.bind(ThemeLoaderPort).toConstantValue({
      load: async (id: string) => {
        requested.push(id);
        return id === 'night-owl' ? Promise.reject(new Error('Loading chunk theme-night-owl failed')) : bundled[id];
      },
    } satisfies ThemeLoaderPort);
    c.bind(SettingsStore).toSelf().inSingletonScope();
    c.bind(NotificationsStore).toSelf().inSingletonScope();
    const store = c.get(SettingsStore);
    const consoleError = jest.spyOn(console, 'error');
    renderWithContainer(
      <>
        <ThemeApplier />
        <SettingsDialog />
        <Toasts />
      </>,
      c,
    );
    const root = document.documentElement;
    await waitFor(() => expect(root.getAttribute('data-theme')).toBe('light'));
    act(() => store.openPage());
    fireEvent.change(screen.getByLabelText('Color theme'), { target: { value: 'night-owl' } });
    await waitFor(() => expect(root.getAttribute('data-theme')).toBe('bullpen-dark'));
    expect(requested).toEqual(['light', 'night-owl', 'bullpen-dark']);
    const palette = workbenchPalette(bullpenDark);
    for (const key of WORKBENCH_COLOR_KEYS) expect(root.style.getPropertyValue(cssVariableOf(key))).toBe(palette[key]);
    expect(root.style.getPropertyValue('color-scheme')).toBe('dark');
    // Silently: no toast, no alert, nothing logged; the choice itself is kept.
    expect(c.get(NotificationsStore).notices).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.bp-toast')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Color theme') as HTMLSelectElement).value).toBe('night-owl');
  });
});
