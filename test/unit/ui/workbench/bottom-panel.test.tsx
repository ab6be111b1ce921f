/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { LAYOUT_PREFERENCE_KEY, LayoutStore } from '../../../../src/application/workbench/layout.store';
import { BottomPanel } from '../../../../src/ui/workbench/bottom-panel';
import { FIRST_FILE_WAIT_MS, markFirstFileShown } from '../../../../src/ui/workbench/first-file-shown';
import { renderWithContainer } from '../support/render-with-container';

// The panels' own views have their own tests; here each is a stand-in that names itself.
jest.mock('../../../../src/ui/workbench/view-registry', () => {
  const view = (name: string) => () => <p>{`${name} view`}</p>;
  return { SIDE_VIEWS: {}, PANEL_VIEWS: { terminal: view('terminal'), tasks: view('tasks'), ports: view('ports'), problems: view('problems') } };
});

function setUp(stored: Record<string, unknown> = {}) {
  const saved = new Map<string, unknown>(Object.entries(stored));
  const c = new Container();
  c.bind(PreferencesPort).toConstantValue({ read: (k: string) => saved.get(k), write: (k: string, v: unknown) => void saved.set(k, v) } satisfies PreferencesPort);
  c.bind(LayoutStore).toSelf().inSingletonScope();
  renderWithContainer(<BottomPanel />, c);
  return { layout: c.get(LayoutStore), saved };
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('BottomPanel', () => {
  // These first three run before any file has shown (module state of first-file-shown.ts); the third shows one.
  it('on the first load, shows the panel view at the latest after FIRST_FILE_WAIT_MS when no file shows', () => {
    jest.useFakeTimers();
    try {
      setUp();
      expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('Loading…');
      act(() => jest.advanceTimersByTime(FIRST_FILE_WAIT_MS - 1));
      expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('Loading…');
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('terminal view');
    } finally {
      jest.useRealTimers();
    }
  });

  it('on the first load, shows a panel chosen before the first file at once', () => {
    setUp();
    expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('Loading…');
    fireEvent.click(tab('Tasks'));
    expect(screen.getByRole('tabpanel', { name: 'Tasks' }).textContent).toBe('tasks view');
  });

  it('on the first load, shows the panel view once the first file shows in an editor', () => {
    setUp();
    expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('Loading…');
    act(() => markFirstFileShown());
    expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('terminal view');
  });

  it('lists the panels as tabs controlling one tab panel labelled by the selected tab', () => {
    setUp();
    const tablist = screen.getByRole('tablist', { name: 'Panels' });
    expect(tablist.getAttribute('aria-orientation')).toBe('horizontal');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Terminal', 'Tasks', 'Ports', 'Problems']);
    const panel = screen.getByRole('tabpanel');
    for (const t of screen.getAllByRole('tab')) expect(t.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Terminal').id);
    expect(screen.getByRole('tabpanel', { name: 'Terminal' }).textContent).toBe('terminal view');
    expect(tab('Terminal').getAttribute('aria-selected')).toBe('true');
    // One Tab stop: the selected tab.
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('moves with Left and Right (wrapping), Home and End, showing the panel it reaches and saving the choice', async () => {
    const { layout, saved } = setUp();
    tab('Terminal').focus();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Tasks'));
    expect(layout.layout.activePanel).toBe('tasks');
    expect((await screen.findByRole('tabpanel', { name: 'Tasks' })).textContent).toBe('tasks view');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1, -1]);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement).toBe(tab('Problems'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Terminal'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Problems'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(tab('Terminal'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(layout.layout.activePanel).toBe('problems');
    expect(saved.get(LAYOUT_PREFERENCE_KEY)).toMatchObject({ activePanel: 'problems' });
    // Other keys, and arrows with a modifier, are not the tabs'.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', altKey: true });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(layout.layout.activePanel).toBe('problems');
  });

  it('shows a panel on click, hides with its × button and resizes with the keyboard on its sash', () => {
    const { layout } = setUp({ [LAYOUT_PREFERENCE_KEY]: { activePanel: 'ports', panelHeight: 300 } });
    expect(tab('Ports').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Problems'));
    expect(layout.layout.activePanel).toBe('problems');
    const sash = screen.getByRole('separator', { name: 'Resize panel' });
    expect(sash.getAttribute('aria-valuenow')).toBe('300');
    fireEvent.keyDown(sash, { key: 'ArrowUp' });
    expect(layout.layout.panelHeight).toBe(310);
    fireEvent.keyDown(sash, { key: 'ArrowDown', shiftKey: true });
    expect(layout.layout.panelHeight).toBe(260);
    fireEvent.click(screen.getByRole('button', { name: 'Hide panel' }));
    expect(screen.queryByTestId('bottom-panel')).toBeNull();
    expect(layout.layout.panelVisible).toBe(false);
    act(() => layout.showPanel('terminal'));
    expect(screen.getByTestId('bottom-panel')).toBeTruthy();
  });

  it('resizes by keyboard on its horizontal sash (Up taller, Down shorter; Shift by 50 px): the panel, aria-valuenow and the saved layout follow', () => {
    const { saved } = setUp({ [LAYOUT_PREFERENCE_KEY]: { panelHeight: 300 } });
    const sash = () => screen.getByRole('separator', { name: 'Resize panel' });
    const panel = () => screen.getByRole('region', { name: 'Panel' });
    expect(sash().getAttribute('aria-orientation')).toBe('horizontal');
    expect(sash().tabIndex).toBe(0);
    expect(panel().style.height).toBe('300px');
    fireEvent.keyDown(sash(), { key: 'ArrowUp', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('350');
    expect(panel().style.height).toBe('350px');
    expect(saved.get(LAYOUT_PREFERENCE_KEY)).toMatchObject({ panelHeight: 350 });
    fireEvent.keyDown(sash(), { key: 'ArrowDown' });
    expect(sash().getAttribute('aria-valuenow')).toBe('340');
    expect(panel().style.height).toBe('340px');
    expect(saved.get(LAYOUT_PREFERENCE_KEY)).toMatchObject({ panelHeight: 340 });
    // Left and Right are not this sash's; not shorter than 80 px.
    fireEvent.keyDown(sash(), { key: 'ArrowLeft' });
    expect(sash().getAttribute('aria-valuenow')).toBe('340');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(sash(), { key: 'ArrowDown', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('80');
  });
});
