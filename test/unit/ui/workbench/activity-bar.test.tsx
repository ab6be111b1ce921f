/** @jest-environment jsdom */
import { fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { ActivityBar } from '../../../../src/ui/workbench/activity-bar';
import { renderWithContainer } from '../support/render-with-container';

function setUp() {
  const stored = new Map<string, unknown>();
  const preferences: PreferencesPort = { read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) };
  const c = new Container();
  c.bind(PreferencesPort).toConstantValue(preferences);
  c.bind(LayoutStore).toSelf().inSingletonScope();
  return { c, layout: c.get(LayoutStore) };
}

describe('ActivityBar', () => {
  it("lists the views Bullpen has in the spec's order, and toggles the side bar", () => {
    const { c, layout } = setUp();
    renderWithContainer(<ActivityBar />, c);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.getAttribute('data-view'))).toEqual(['explorer', 'search', 'scm', 'bullpen']);
    expect(tabs.map((t) => t.getAttribute('aria-label'))).toEqual(['Explorer', 'Search', 'Source Control', 'Bullpen: tasks and setup']);
    expect(document.body.textContent).not.toContain('Not available');
    expect(screen.getByRole('tab', { name: 'Explorer' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    expect(layout.layout).toMatchObject({ activeView: 'search', sideBarVisible: true });
    fireEvent.click(screen.getByRole('tab', { name: 'Search' }));
    expect(layout.layout.sideBarVisible).toBe(false);
  });

  it('moves focus with the arrow keys', () => {
    const { c } = setUp();
    renderWithContainer(<ActivityBar />, c);
    const explorer = screen.getByRole('tab', { name: 'Explorer' });
    explorer.focus();
    fireEvent.keyDown(explorer, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Search' }));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.getAttribute('data-view')).toBe('bullpen');
  });
});
