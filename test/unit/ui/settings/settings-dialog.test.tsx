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
    fireEvent.keyDown(fontSize, { key: 'Enter' });
    fireEvent.click(screen.getByLabelText(/Format on save/));
    fireEvent.change(screen.getByLabelText('Color theme'), { target: { value: 'night-owl' } });
    expect(stored.get(SETTINGS_PREFERENCE_KEY)).toMatchObject({ fontSize: 18, formatOnSave: false, themeId: 'night-owl' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a number as it is typed, digit by digit, and applies it on Enter', () => {
    const { c, store } = setUp();
    renderWithContainer(<SettingsDialog />, c);
    act(() => store.openPage());
    const fontSize = screen.getByLabelText('Font size') as HTMLInputElement;
    // Select all, then type 2, 0: no keystroke is clamped (2 would be 6 at once).
    for (const text of ['', '2', '20']) {
      fireEvent.change(fontSize, { target: { value: text } });
      expect(fontSize.value).toBe(text);
      expect(store.settings.fontSize).toBe(14);
    }
    fireEvent.keyDown(fontSize, { key: 'Enter' });
    expect(store.settings.fontSize).toBe(20);
    expect(fontSize.value).toBe('20');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clamps an out-of-range number when the field is left, and says so', () => {
    const { c, store } = setUp();
    renderWithContainer(<SettingsDialog />, c);
    act(() => store.openPage());
    const tabSize = screen.getByLabelText('Tab size') as HTMLInputElement;
    fireEvent.change(tabSize, { target: { value: '40' } });
    fireEvent.blur(tabSize);
    expect(store.settings.tabSize).toBe(16);
    expect(tabSize.value).toBe('16');
    expect(screen.getByRole('status').textContent).toBe('Tab size is at most 16: set to 16.');
    expect(tabSize.getAttribute('aria-describedby')).toBe(screen.getByRole('status').id);
  });

  it('shows a message for a field left empty, and keeps the setting', () => {
    const { c, store } = setUp();
    renderWithContainer(<SettingsDialog />, c);
    act(() => store.openPage());
    const fontSize = screen.getByLabelText('Font size') as HTMLInputElement;
    fireEvent.change(fontSize, { target: { value: '' } });
    fireEvent.keyDown(fontSize, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Font size must be a whole number from 6 to 72.');
    expect(fontSize.getAttribute('aria-invalid')).toBe('true');
    expect(fontSize.value).toBe('');
    expect(store.settings.fontSize).toBe(14);
    fireEvent.change(fontSize, { target: { value: '16' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('commits a typed number when the page is closed with Escape', () => {
    const { c, store } = setUp();
    renderWithContainer(<SettingsDialog />, c);
    act(() => store.openPage());
    const fontSize = screen.getByLabelText('Font size') as HTMLInputElement;
    fireEvent.change(fontSize, { target: { value: '22' } });
    fireEvent.keyDown(fontSize, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(store.settings.fontSize).toBe(22);
  });

  it('offers the autosave delay when autosave is after a delay', () => {
    const { c, store, stored } = setUp();
    renderWithContainer(<SettingsDialog />, c);
    act(() => store.openPage());
    const delay = screen.getByLabelText('Auto save delay (ms)') as HTMLInputElement;
    expect(delay.value).toBe('1000');
    expect(delay.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Auto save'), { target: { value: 'afterDelay' } });
    expect(delay.disabled).toBe(false);
    fireEvent.change(delay, { target: { value: '2500' } });
    fireEvent.blur(delay);
    expect(stored.get(SETTINGS_PREFERENCE_KEY)).toMatchObject({ autoSave: 'afterDelay', autoSaveDelay: 2500 });
  });
});
