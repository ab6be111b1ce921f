import * as fs from 'fs';
import { Page } from 'playwright-core';
import { useSandboxSession, waitFor } from './support/server';

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
    const panelTab = (name: string) => page.getByRole('tablist', { name: 'Panels' }).getByRole('tab', { name, exact: true });
    await check('tasks', () => panelTab('Tasks').click(), '.bp-panel-body[data-panel=tasks]');
    await check('ports', () => panelTab('Ports').click(), '.bp-panel-body[data-panel=ports]');
    await check('tasks and setup view', () => page.getByRole('tab', { name: 'Bullpen: tasks and setup' }).click(), '[data-testid=side-bar][data-view=bullpen]');
    expect(found).toEqual([]);
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
