import 'reflect-metadata';
import { LAYOUT_PREFERENCE_KEY, LayoutStore } from '../../../../src/application/workbench/layout.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { DEFAULT_LAYOUT } from '../../../../src/domain/workbench/layout';
import { EDITOR_MIN_WIDTH } from '../../../../src/domain/workbench/layout-fit';

class MemoryPreferences implements PreferencesPort {
  readonly values = new Map<string, unknown>();
  read(key: string): unknown {
    return this.values.get(key);
  }
  write(key: string, value: unknown): void {
    this.values.set(key, JSON.parse(JSON.stringify(value)));
  }
}

describe('LayoutStore', () => {
  it('saves every change and restores it for the next visit', () => {
    const preferences = new MemoryPreferences();
    const first = new LayoutStore(preferences);
    first.resize('sideBarWidth', 333);
    first.showPanel('ports');
    first.toggleView('explorer'); // the active view's icon hides the side bar
    const second = new LayoutStore(preferences);
    expect(second.layout).toEqual({ ...DEFAULT_LAYOUT, sideBarWidth: 333, activePanel: 'ports', sideBarVisible: false });
  });

  it('shows the preview narrower while the editor would be too narrow beside it, keeping the width set', () => {
    const preferences = new MemoryPreferences();
    const store = new LayoutStore(preferences);
    store.togglePreview();
    expect(store.shownWidths).toEqual({ sideBarWidth: 260, previewWidth: 480 }); // the room is not known yet
    store.setRoom(1230); // 1280 px less the activity bar and two sashes
    expect(store.shownWidths).toEqual({ sideBarWidth: 260, previewWidth: 1230 - 260 - EDITOR_MIN_WIDTH });
    expect(store.layout.previewWidth).toBe(480);
    store.setRoom(1870);
    expect(store.shownWidths).toEqual({ sideBarWidth: 260, previewWidth: 480 });
  });

  it('applies query parameters for the visit without saving them', () => {
    const preferences = new MemoryPreferences();
    const store = new LayoutStore(preferences);
    store.applyQuery('?sidebar=false&showConsole=0&file=src/App.js');
    expect(store.layout.sideBarVisible).toBe(false);
    expect(store.layout.panelVisible).toBe(false);
    expect(store.requestedFile).toBe('src/App.js');
    store.resize('panelHeight', 300);
    expect(preferences.read(LAYOUT_PREFERENCE_KEY)).toEqual({ ...DEFAULT_LAYOUT, panelHeight: 300 });
  });

  it('toggling another view shows it; toggling the shown one hides the side bar', () => {
    const store = new LayoutStore(new MemoryPreferences());
    store.toggleView('search');
    expect(store.layout).toMatchObject({ activeView: 'search', sideBarVisible: true });
    store.toggleView('search');
    expect(store.layout.sideBarVisible).toBe(false);
    store.toggleView('scm');
    expect(store.layout).toMatchObject({ activeView: 'scm', sideBarVisible: true });
  });
});
