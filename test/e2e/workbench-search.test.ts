import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const fileRows = (page: Page) =>
  page.locator('[data-testid=search-results] [role=treeitem][aria-level="1"]').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-path')}:${el.getAttribute('data-count')}`).sort());

/** ripgrep's command lines running now (the server's searches run it; bubblewrap leaves them visible here). */
const ripgrepsWith = (text: string): string[] =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /(^|\/)rg /.test(line) && line.includes(text));

/**
 * A regular expression that makes PCRE2 (ripgrep's engine for look-around) backtrack: about 25 ms per line of 28
 * 'a's, so the 600 lines of slow/slow.txt take some 15 s to search.
 */
const SLOW_REGEX = '(a|aa)+(?=b)';

/** The search view (issue 7): find in files by keyboard, toggles, globs, results by file, opening a match, regular expressions, cancel. */
describe('Workbench search', () => {
  const session = useSandboxSession();
  const token = uniqueToken('Zebra');
  const lower = token.toLowerCase();

  beforeAll(() => {
    const { filesDir } = session.server;
    fs.mkdirSync(path.join(filesDir, 'src', 'nested'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'src', 'search-one.ts'), `// first line\nconst a = '${token}';\n\nconst b = '${lower}';\nconst c = '${lower}ish';\n`);
    fs.writeFileSync(path.join(filesDir, 'src', 'nested', 'search-two.ts'), `export const x = 1;\nexport const y = '${token}';\n`);
    fs.mkdirSync(path.join(filesDir, 'slow'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, 'slow', 'slow.txt'), `${'a'.repeat(28)}\n`.repeat(600));
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
  it('finds lines by a regular expression with Alt+R, highlighting the whole match', async () => {
    const { page } = session;
    const toggle = (option: string) => page.locator(`.bp-search-toggle[data-option=${option}]`);
    await page.locator('[data-testid=search-excludes]').fill('');
    const input = page.locator('[data-testid=search-input]');
    await input.focus();
    if ((await toggle('wholeWord').getAttribute('aria-pressed')) === 'true') await page.keyboard.press('Alt+W');
    await page.keyboard.press('Alt+R');
    await waitFor(async () => (await toggle('isRegex').getAttribute('aria-pressed')) === 'true', { message: 'Use Regular Expression pressed' });
    expect(await toggle('caseSensitive').getAttribute('aria-pressed')).toBe('false');
    await input.fill(`^const [a-c] = '${token}(ish)?';$`);
    await page.keyboard.press('Enter');
    // Lines 2, 4 and 5 of search-one.ts (any case); search-two.ts's line starts with 'export'.
    await waitFor(async () => (await fileRows(page)).join(' ') === '/src/search-one.ts:3', { message: 'the regular expression results' });
    await waitFor(async () => (await page.locator('[data-testid=search-summary]').textContent()) === '3 results in 1 file', { message: 'summary' });
    const lines = await page.locator('[data-testid=search-results] [aria-level="2"][data-path="/src/search-one.ts"]').evaluateAll((els) => els.map((el) => el.getAttribute('data-line')));
    expect(lines).toEqual(['2', '4', '5']);
    const marks = await page.locator('[data-testid=search-results] [data-path="/src/search-one.ts"][aria-level="2"] mark').allTextContents();
    expect(marks).toEqual([`const a = '${token}';`, `const b = '${lower}';`, `const c = '${lower}ish';`]);
  });

  it('cancels a long search with Escape in the search box: the view says so and ripgrep is stopped', async () => {
    const { page } = session;
    const input = page.locator('[data-testid=search-input]');
    await input.fill(SLOW_REGEX);
    await input.focus();
    const summary = page.locator('[data-testid=search-summary]');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await summary.getAttribute('data-state')) === 'RUNNING', { message: 'the search running' });
    await page.getByTestId('search-cancel').waitFor();
    await waitFor(() => ripgrepsWith(SLOW_REGEX).length > 0, { message: 'ripgrep searching' });
    // Still running a second later: a long search.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await summary.getAttribute('data-state')).toBe('RUNNING');
    await page.keyboard.press('Escape');
    await waitFor(async () => (await summary.getAttribute('data-state')) === 'CANCELLED', { message: 'the search cancelled', timeout: 5_000 });
    expect(await summary.textContent()).toMatch(/^Search cancelled\./);
    expect(await page.getByTestId('search-cancel').count()).toBe(0);
    await waitFor(() => ripgrepsWith(SLOW_REGEX).length === 0, { message: 'ripgrep stopped', timeout: 5_000 });
    // The search box still has the keyboard.
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('narrows by wildcard globs in files to include and exclude, a comma-separated list in one field', async () => {
    const { page, server } = session;
    const word = uniqueToken('Quokka');
    const files = ['notes.md', 'docs/guide.md', 'docs/skip-draft.md', 'src/globs/app.ts', 'src/globs/app.js', 'src/globs/deep/util.ts', 'src/globs/skipped/gone.ts', 'lib/src/other.ts', 'notes.txt'];
    for (const file of files) {
      fs.mkdirSync(path.dirname(path.join(server.filesDir, file)), { recursive: true });
      fs.writeFileSync(path.join(server.filesDir, file), `first line\nthe word ${word} here\n`);
    }
    const toggle = (option: string) => page.locator(`.bp-search-toggle[data-option=${option}]`);
    const input = page.locator('[data-testid=search-input]');
    const includes = page.locator('[data-testid=search-includes]');
    const excludes = page.locator('[data-testid=search-excludes]');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Shift+F');
    await waitFor(() => input.evaluate((el) => el === document.activeElement), { message: 'search box focused' });
    for (const [option, key] of [['caseSensitive', 'Alt+C'], ['wholeWord', 'Alt+W'], ['isRegex', 'Alt+R']] as const) {
      if ((await toggle(option).getAttribute('aria-pressed')) === 'true') await page.keyboard.press(key);
      await waitFor(async () => (await toggle(option).getAttribute('aria-pressed')) === 'false', { message: `${option} off` });
    }
    await input.fill(word);
    await page.keyboard.press('Enter');
    // Every file is found without globs (the files are on disk, as the server sees them).
    await waitFor(async () => (await fileRows(page)).length === files.length, { timeout: 20_000, message: `all ${files.length} files found` });

    const search = async (include: string, exclude: string, expected: string[], message: string) => {
      await includes.fill(include);
      await excludes.fill(exclude);
      await excludes.press('Enter');
      const rows = expected.map((p) => `${p}:1`).sort();
      await waitFor(async () => (await fileRows(page)).join(' ') === rows.join(' '), { message: `${message}: ${rows.join(' ')}` });
      await waitFor(async () => (await page.locator('[data-testid=search-summary]').textContent()) === `${expected.length} results in ${expected.length} files`, { message: `${message}: summary` });
    };
    // '**' spans folders: Markdown files at any depth.
    await search('**/*.md', '', ['/docs/guide.md', '/docs/skip-draft.md', '/notes.md'], 'Markdown files');
    // An exclude with a wildcard leaves out matching files.
    await search('**/*.md', '**/skip*', ['/docs/guide.md', '/notes.md'], 'Markdown files but skip*');
    // A glob with a '/' is anchored at the root (not lib/src/other.ts); '*.ts' is not app.js; '**/skip*' prunes a folder.
    await search('src/**/*.ts', '**/skip*', ['/src/globs/app.ts', '/src/globs/deep/util.ts'], 'TypeScript under /src but skip*');
    // Two globs separated by a comma in each field.
    await search('src/**/*.ts, **/*.md', '**/skip*,**/deep', ['/docs/guide.md', '/notes.md', '/src/globs/app.ts'], 'both include globs, both exclude globs');
    await includes.fill('');
    await excludes.fill('');
  });

  it("says 'This file does not exist anymore' when a result's file was deleted since the search (spec 002 §5)", async () => {
    const { page, server } = session;
    const word = uniqueToken('Okapi');
    const name = `doomed-${word}.txt`;
    fs.writeFileSync(path.join(server.filesDir, name), `the word ${word} here\n`);
    const input = page.locator('[data-testid=search-input]');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Shift+F');
    await waitFor(() => input.evaluate((el) => el === document.activeElement), { message: 'search box focused' });
    await input.fill(word);
    await page.keyboard.press('Enter');
    await waitFor(async () => (await fileRows(page)).join(' ') === `/${name}:1`, { timeout: 20_000, message: 'the file found' });
    fs.rmSync(path.join(server.filesDir, name));
    // The explorer no longer lists it: the client's tree has dropped it.
    await page.keyboard.press('Control+Shift+E');
    await page.locator(`[role=treeitem][data-path="${name}"]`).waitFor({ state: 'detached', timeout: 15_000 });
    await page.keyboard.press('Control+Shift+F');
    const match = page.locator(`[data-testid=search-results] [role=treeitem][aria-level="2"][data-path="/${name}"]`);
    await match.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'This file does not exist anymore' }).waitFor({ timeout: 10_000 });
    expect(await page.locator(`[data-testid=editor-tabs] [role=tab][data-path="${name}"]`).count()).toBe(0);
  });
});
