import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const fileRows = (page: Page) =>
  page.locator('[data-testid=search-results] [role=treeitem][aria-level="1"]').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-path')}:${el.getAttribute('data-count')}`).sort());

/** The search view (issue 7): find in files by keyboard, toggles, globs, results by file, opening a match. */
describe('Workbench search', () => {
  const session = useSandboxSession();
  const token = uniqueToken('Zebra');
  const lower = token.toLowerCase();

  beforeAll(() => {
    const { filesDir } = session.server;
    fs.mkdirSync(path.join(filesDir, 'src', 'nested'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'src', 'search-one.ts'), `// first line\nconst a = '${token}';\n\nconst b = '${lower}';\nconst c = '${lower}ish';\n`);
    fs.writeFileSync(path.join(filesDir, 'src', 'nested', 'search-two.ts'), `export const x = 1;\nexport const y = '${token}';\n`);
  });

  it('finds text in files with Ctrl+Shift+F and Enter, results grouped by file', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Shift+F');
    const input = page.locator('[data-testid=search-input]');
    await waitFor(() => input.evaluate((el) => el === document.activeElement), { message: 'search box focused' });
    await page.keyboard.type(token);
    await page.keyboard.press('Enter');
    await waitFor(async () => (await fileRows(page)).join(' ') === '/src/nested/search-two.ts:1 /src/search-one.ts:3', { message: 'results of both files' });
    await waitFor(async () => (await page.locator('[data-testid=search-summary]').textContent()) === '4 results in 2 files', { message: 'summary' });
    const marks = await page.locator('[data-testid=search-results] [data-path="/src/search-one.ts"][aria-level="2"] mark').allTextContents();
    expect(marks).toEqual([token, lower, lower]);
  });

  it('narrows with Alt+C, Alt+W and the include glob, the toggles showing their state', async () => {
    const { page } = session;
    const toggle = (option: string) => page.locator(`.bp-search-toggle[data-option=${option}]`);
    await page.locator('[data-testid=search-input]').focus();
    await page.keyboard.press('Alt+C');
    await waitFor(async () => (await toggle('caseSensitive').getAttribute('aria-pressed')) === 'true', { message: 'Match Case pressed' });
    await waitFor(async () => (await fileRows(page)).join(' ') === '/src/nested/search-two.ts:1 /src/search-one.ts:1', { message: 'case-sensitive results' });

    await page.keyboard.press('Alt+C');
    await page.keyboard.press('Alt+W');
    await waitFor(async () => (await toggle('wholeWord').getAttribute('aria-pressed')) === 'true', { message: 'Match Whole Word pressed' });
    expect(await toggle('caseSensitive').getAttribute('aria-pressed')).toBe('false');
    await waitFor(async () => (await fileRows(page)).join(' ') === '/src/nested/search-two.ts:1 /src/search-one.ts:2', { message: 'whole-word results' });
    // Alt+W in the search box did not close the editor.
    expect(await page.locator('[data-testid=editor-tabs] [role=tab]').count()).toBeGreaterThan(0);

    await page.locator('[data-testid=search-includes]').fill('nested');
    await page.locator('[data-testid=search-includes]').press('Enter');
    await waitFor(async () => (await fileRows(page)).join(' ') === '/src/nested/search-two.ts:1', { message: 'only the included folder' });
    await page.locator('[data-testid=search-includes]').fill('');
    await page.locator('[data-testid=search-excludes]').fill('nested');
    await page.locator('[data-testid=search-excludes]').press('Enter');
    await waitFor(async () => (await fileRows(page)).join(' ') === '/src/search-one.ts:2', { message: 'the excluded folder left out' });
  });

  it('opens the file at the match with Enter on a result', async () => {
    const { page } = session;
    const match = page.locator('[data-testid=search-results] [role=treeitem][aria-level="2"][data-path="/src/search-one.ts"][data-line="4"]');
    await match.focus();
    await saveScreenshot(page, 'search');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/search-one.ts"][aria-selected=true]').waitFor();
    // The match is selected: the cursor sits at its end (line 4, after "const b = '" and the word).
    const column = `const b = '${lower}`.length + 1;
    await waitFor(async () => (await page.locator('[data-testid=status-cursor]').textContent())?.startsWith(`Ln 4, Col ${column}`), { message: `cursor at Ln 4, Col ${column}` });
    expect(await page.locator('[data-testid=status-cursor]').textContent()).toContain(`(${lower.length} selected)`);
  });
});
