/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { LAYOUT_PREFERENCE_KEY, LayoutStore } from '../../../../src/application/workbench/layout.store';
import { ACTIVITY_VIEWS } from '../../../../src/domain/workbench/activity-views';
import { SideBar } from '../../../../src/ui/workbench/side-bar';
import { renderWithContainer } from '../support/render-with-container';

// The side views have their own tests; here each is a stand-in that names itself.
jest.mock('../../../../src/ui/workbench/view-registry', () => {
  const view = (name: string) => () => <p>{`${name} view`}</p>;
  return { PANEL_VIEWS: {}, SIDE_VIEWS: { explorer: view('explorer'), search: view('search'), scm: view('scm'), bullpen: view('bullpen') } };
});

function setUp(stored: Record<string, unknown> = {}) {
  const saved = new Map<string, unknown>(Object.entries(stored));
  const c = new Container();
  c.bind(PreferencesPort).toConstantValue({ read: (k: string) => saved.get(k), write: (k: string, v: unknown) => void saved.set(k, v) } satisfies PreferencesPort);
  c.bind(LayoutStore).toSelf().inSingletonScope();
  renderWithContainer(<SideBar />, c);
  return { layout: c.get(LayoutStore), saved };
}

describe('SideBar', () => {
  it('shows the active view in a region named after it, at its saved width', () => {
    setUp({ [LAYOUT_PREFERENCE_KEY]: { activeView: 'search', sideBarWidth: 320 } });
    const bar = screen.getByRole('complementary', { name: 'Search' });
    expect(bar.getAttribute('data-view')).toBe('search');
    expect(bar.style.width).toBe('320px');
    expect(bar.textContent).toBe('search view');
  });

  it('shows each view of the activity bar (none is a dead end)', () => {
    const { layout } = setUp();
    for (const view of ACTIVITY_VIEWS) {
      act(() => layout.showView(view.id));
      const bar = screen.getByRole('complementary', { name: view.label });
      expect(bar.textContent).toBe(`${view.id} view`);
      expect(bar.getAttribute('data-view')).toBe(view.id);
    }
  });

  it('resizes with the keyboard on its sash (10 px, Shift 50 px), within the limits, saving the width', () => {
    const { layout, saved } = setUp();
    const sash = screen.getByRole('separator', { name: 'Resize side bar' });
    expect(sash.getAttribute('aria-orientation')).toBe('vertical');
    expect(sash.getAttribute('aria-valuenow')).toBe('260');
    fireEvent.keyDown(sash, { key: 'ArrowRight' });
    expect(layout.layout.sideBarWidth).toBe(270);
    fireEvent.keyDown(sash, { key: 'ArrowLeft', shiftKey: true });
    expect(screen.getByRole('separator', { name: 'Resize side bar' }).getAttribute('aria-valuenow')).toBe('220');
    expect(saved.get(LAYOUT_PREFERENCE_KEY)).toMatchObject({ sideBarWidth: 220 });
    for (let i = 0; i < 10; i++) fireEvent.keyDown(sash, { key: 'ArrowLeft', shiftKey: true });
    expect(layout.layout.sideBarWidth).toBe(160);
  });

  it('is gone while hidden, and comes back with the view shown', () => {
    const { layout } = setUp();
    act(() => layout.toggleSideBar());
    expect(screen.queryByTestId('side-bar')).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    act(() => layout.showView('scm'));
    expect(screen.getByRole('complementary', { name: 'Source Control' }).textContent).toBe('scm view');
  });
});
