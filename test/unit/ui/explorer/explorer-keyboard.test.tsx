/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { renderWithContainer } from '../support/render-with-container';
import { ExplorerHarness, explorerFixture } from './support/explorer-fixture';

const row = (path: string) => document.querySelector<HTMLElement>(`[role=treeitem][data-path="${path}"]`);
const focusedPath = () => document.activeElement?.getAttribute('data-path');
const press = (key: string, init: Record<string, unknown> = {}) => act(() => void fireEvent.keyDown(document.activeElement!, { key, ...init }));

async function setUp() {
  const fixture = await explorerFixture();
  renderWithContainer(<ExplorerHarness />, fixture.container);
  return fixture;
}

describe('Explorer tree keyboard navigation', () => {
  it('exposes a tree of treeitems with levels, expansion and one tab stop', async () => {
    await setUp();
    const tree = screen.getByRole('tree', { name: 'Files' });
    const items = within(tree).getAllByRole('treeitem');
    expect(items.map((i) => i.getAttribute('data-path'))).toEqual(['docs', 'src', 'package.json', 'README.md']);
    expect(items.map((i) => i.getAttribute('tabindex'))).toEqual(['0', '-1', '-1', '-1']);
    expect(row('src')!.getAttribute('aria-expanded')).toBe('false');
    expect(row('src')!.getAttribute('aria-level')).toBe('1');
    expect(row('README.md')!.hasAttribute('aria-expanded')).toBe(false);
  });

  it('moves with Up/Down, opens and enters with Right, closes and climbs with Left, Home/End and type-ahead', async () => {
    await setUp();
    act(() => row('docs')!.focus());
    press('ArrowDown');
    expect(focusedPath()).toBe('src');
    press('ArrowRight');
    expect(row('src')!.getAttribute('aria-expanded')).toBe('true');
    const group = document.getElementById(row('src')!.getAttribute('aria-owns')!)!;
    expect(group.getAttribute('role')).toBe('group');
    expect(within(group).getAllByRole('treeitem').map((i) => i.getAttribute('data-path'))).toEqual(['src/components', 'src/App.js']);
    expect(focusedPath()).toBe('src');
    press('ArrowRight');
    expect(focusedPath()).toBe('src/components');
    expect(row('src/components')!.getAttribute('aria-level')).toBe('2');
    expect(row('src/components')!.getAttribute('tabindex')).toBe('0');
    expect(row('src')!.getAttribute('tabindex')).toBe('-1');
    press('ArrowRight');
    press('ArrowRight');
    expect(focusedPath()).toBe('src/components/Button.tsx');
    expect(row('src/components/Button.tsx')!.getAttribute('aria-level')).toBe('3');
    press('ArrowLeft');
    expect(focusedPath()).toBe('src/components');
    press('ArrowLeft');
    expect(row('src/components')!.getAttribute('aria-expanded')).toBe('false');
    expect(row('src/components/Button.tsx')).toBeNull();
    press('ArrowLeft');
    expect(focusedPath()).toBe('src');
    press('End');
    expect(focusedPath()).toBe('README.md');
    press('Home');
    expect(focusedPath()).toBe('docs');
    press('r');
    expect(focusedPath()).toBe('README.md');
    press('p');
    expect(focusedPath()).toBe('package.json');
    press('s');
    expect(focusedPath()).toBe('src');
  });

  it('opens a file with Enter', async () => {
    const { opened } = await setUp();
    act(() => row('README.md')!.focus());
    press('Enter');
    await act(async () => undefined);
    expect(opened).toEqual(['readme']);
  });

  it('virtualises a folder of 10,000 files: few rows in the DOM, the right set size, End reaches the last', async () => {
    const fixture = await explorerFixture((add) => {
      add('big', ROOT_ID, 'big', NodeType.Directory);
      for (let i = 0; i < 10_000; i++) add(`f${i}`, 'big', `file-${String(i).padStart(5, '0')}.txt`, NodeType.File);
    });
    renderWithContainer(<ExplorerHarness />, fixture.container);
    act(() => row('big')!.focus());
    press('ArrowRight');
    const tree = screen.getByRole('tree');
    expect(tree.getAttribute('data-virtual')).toBe('true');
    const rendered = within(tree).getAllByRole('treeitem');
    expect(rendered.length).toBeLessThan(200);
    expect(row('big/file-00000.txt')!.getAttribute('aria-setsize')).toBe('10000');
    press('End');
    expect(focusedPath()).toBe('big/file-09999.txt');
    expect(row('big/file-09999.txt')!.getAttribute('aria-posinset')).toBe('10000');
  });
});
