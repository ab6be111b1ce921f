import * as fs from 'fs';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { useSandboxSession, waitFor } from './support/server';
import { command } from './support/palette';

jest.setTimeout(180_000);

/** axe-core, run in the page: the WCAG 2.x A and AA rules, and the best-practice ones that give a page its structure. */
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const STRUCTURE_RULES = ['landmark-one-main', 'page-has-heading-one', 'landmark-unique', 'aria-allowed-role', 'nested-interactive'];

/**
 * Each violation as "<rule>: <element>" (every element it names), for a readable failure: in the whole page, or only
 * in the element `within` selects (a modal dialog: what is behind it is inert, and dimmed).
 */
async function violations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, rules, within }) => {
      type Result = { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
      const context = within ? { include: [within] } : document;
      const byTag = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      const byRule = within ? { violations: [] } : await axe.run(context, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
      return [...byTag.violations, ...byRule.violations].flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    },
    { tags: RULE_TAGS, rules: STRUCTURE_RULES, within },
  );
}

/** Shift+Tab from where the keyboard is until the activity bar has it (its one Tab stop: the selected view's). */
async function shiftTabToActivityBar(page: Page): Promise<void> {
  const inActivityBar = () => page.evaluate(() => document.activeElement?.closest('.bp-activity-bar') !== null && document.activeElement !== document.body);
  for (let i = 0; i < 20 && !(await inActivityBar()); i++) await page.keyboard.press('Shift+Tab');
  expect(await inActivityBar()).toBe(true);
}

/** Arrow Down in the activity bar until `view`'s entry has the keyboard. */
async function arrowToView(page: Page, view: string): Promise<void> {
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-view'));
  for (let i = 0; i < 12 && (await focused()) !== view; i++) await page.keyboard.press('ArrowDown');
  expect(await focused()).toBe(view);
}

/** The focus ring of the focused element as the page draws it: its :focus-visible state, outline and box-shadow. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
    };
  });

/** Visible: an outline that is drawn (a style, a width, not transparent), or a box-shadow. */
const ringVisible = (ring: Awaited<ReturnType<typeof focusRing>>) =>
  (ring.outlineStyle !== 'none' && ring.outlineWidth > 0 && ring.outlineColor !== 'rgba(0, 0, 0, 0)') || (ring.boxShadow !== 'none' && ring.boxShadow !== '');

describe('workbench accessibility (axe-core in Chromium)', () => {
  const session = useSandboxSession();

  it('the workbench as it opens: explorer, editor, terminal panel, status bar', async () => {
    const { page } = session;
    await page.locator('[role=treeitem]').first().waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('every side view and bottom panel, reached by keyboard', async () => {
    const { page } = session;
    const found: string[] = [];
    const check = async (label: string, open: () => Promise<void>, shown: string) => {
      await open();
      await page.locator(shown).first().waitFor({ state: 'visible' });
      for (const v of await violations(page)) found.push(`${label}: ${v}`);
    };
    await check('search', () => page.keyboard.press('Control+Shift+F'), '[data-testid=search-view]');
    await page.locator('[data-testid=search-input]').fill('Bullpen');
    await page.locator('[data-testid=search-input]').press('Enter');
    await waitFor(async () => (await page.locator('[data-testid=search-results] [role=treeitem]').count()) > 0, { message: 'search results' });
    for (const v of await violations(page)) found.push(`search results: ${v}`);
    await check('source control', () => page.keyboard.press('Control+Shift+G'), '[data-view=scm]');
    await check('problems', () => page.keyboard.press('Control+Shift+M'), '.bp-panel-body[data-panel=problems]');
    await check('terminal', () => page.keyboard.press('Control+`'), '.bp-panel-body[data-panel=terminal]');
    await check('tasks', () => command(page, 'Tasks: Show Tasks'), '.bp-panel-body[data-panel=tasks] [data-testid=tasks-panel]');
    await check('ports', () => command(page, 'Ports: Show Ports'), '.bp-panel-body[data-panel=ports] [data-testid=ports-panel]');
    // The Bullpen view from the activity bar: to the explorer (Ctrl+Shift+E), Shift+Tab out of it, Down to the entry, Enter.
    await check(
      'tasks and setup view',
      async () => {
        await page.keyboard.press('Control+Shift+E');
        await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'treeitem', { message: 'a tree row focused' });
        await shiftTabToActivityBar(page);
        await arrowToView(page, 'bullpen');
        await page.keyboard.press('Enter');
      },
      '[data-testid=side-bar][data-view=bullpen] [data-testid=bullpen-view]',
    );
    expect(await page.getByRole('tab', { name: 'Bullpen: tasks and setup' }).getAttribute('aria-selected')).toBe('true');
    await saveScreenshot(page, 'bullpen-view');
    expect(found).toEqual([]);
  });

  it('draws a visible focus ring on a tree row and an activity bar entry reached by keyboard', async () => {
    const { page } = session;
    // A row of the explorer's tree: Ctrl+Shift+E, then Down to the next row.
    await page.keyboard.press('Control+Shift+E');
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'treeitem', { message: 'a tree row focused' });
    const firstRow = await page.evaluate(() => document.activeElement?.getAttribute('data-key'));
    await page.keyboard.press('ArrowDown');
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('data-key'))) !== firstRow, { message: 'the next tree row focused' });
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid=file-tree]') !== null)).toBe(true);
    const row = await focusRing(page);
    expect(row).toMatchObject({ focusVisible: true });
    expect(ringVisible(row)).toBe(true);

    // An entry of the activity bar: Shift+Tab to it, then Down to the next one.
    await shiftTabToActivityBar(page);
    await page.keyboard.press('ArrowDown');
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('data-view'))) === 'search', { message: 'Search focused in the activity bar' });
    const entry = await focusRing(page);
    expect(entry).toMatchObject({ focusVisible: true });
    expect(ringVisible(entry)).toBe(true);
    await saveScreenshot(page, 'focus-visible');
  });

  it('the command palette, quick open and the settings dialog', async () => {
    const { page } = session;
    const found: string[] = [];
    await page.keyboard.press('Control+Shift+P');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('option').first().waitFor();
    for (const v of await violations(page, '.bp-quick')) found.push(`command palette: ${v}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    await page.getByRole('dialog', { name: 'Quick open' }).waitFor();
    for (const v of await violations(page, '.bp-quick')) found.push(`quick open: ${v}`);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+,');
    await page.locator('[data-testid=settings]').waitFor();
    for (const v of await violations(page, '[data-testid=settings]')) found.push(`settings: ${v}`);
    await page.keyboard.press('Escape');
    expect(found).toEqual([]);
  });
});
