/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { SETTINGS_PREFERENCE_KEY, SettingsStore } from '../../../../src/application/settings/settings.store';
import { SettingsDialog } from '../../../../src/ui/settings/settings-dialog';
import { renderWithContainer } from '../support/render-with-container';

function setUp() {
  const stored = new Map<string, unknown>();
  const c = new Container();
  c.bind(PreferencesPort).toConstantValue({ read: (k: string) => stored.get(k), write: (k: string, v: unknown) => void stored.set(k, v) } satisfies PreferencesPort);
  c.bind(ThemeLoaderPort).toConstantValue({ load: async () => Promise.reject(new Error('offline')) } satisfies ThemeLoaderPort);
  c.bind(SettingsStore).toSelf().inSingletonScope();
  return { c, store: c.get(SettingsStore), stored };
}

describe('SettingsDialog', () => {
  it('shows the defaults, saves each change, and closes with Escape', () => {
    const { c, store, stored } = setUp();
    renderWithContainer(<SettingsDialog />, c);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => store.openPage());
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const fontSize = screen.getByLabelText('Font size') as HTMLInputElement;
    expect(fontSize.value).toBe('14');
    expect(document.activeElement).toBe(fontSize);
    expect((screen.getByLabelText('Auto save') as HTMLSelectElement).value).toBe('onFocusChange');
    fireEvent.change(fontSize, { target: { value: '18' } });
    fireEvent.click(screen.getByLabelText(/Format on save/));
    fireEvent.change(screen.getByLabelText('Color theme'), { target: { value: 'night-owl' } });
    expect(stored.get(SETTINGS_PREFERENCE_KEY)).toMatchObject({ fontSize: 18, formatOnSave: false, themeId: 'night-owl' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
