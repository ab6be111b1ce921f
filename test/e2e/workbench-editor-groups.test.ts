import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { openSandbox, readFileOrEmpty, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const strip = (page: Page, group: number) => page.locator(`[role=tablist][data-group="${group}"]`);
const tab = (page: Page, group: number, path: string) => strip(page, group).locator(`[role=tab][data-path="${path}"]`);
const tabPaths = (page: Page, group: number) => strip(page, group).locator('[role=tab][data-path]').evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));
const editorLines = (page: Page, group: number) => page.locator(`[role=group][data-group="${group}"] .monaco-editor .view-lines`);
const linesText = async (page: Page, group: number) => ((await editorLines(page, group).innerText()) ?? '').replace(/\u00a0/g, ' ');

/** Moves the explorer's keyboard focus to the row of `p` (the explorer has focus). */
async function reachTreeRow(page: Page, p: string): Promise<void> {
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-path'));
  await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'treeitem', { message: 'a tree row focused' });
  for (const key of ['ArrowDown', 'ArrowUp'])
    for (let i = 0; i < 40 && (await focused()) !== p; i++) await page.keyboard.press(key);
  expect(await focused()).toBe(p);
}

/** Renames the focused tree row with F2 to `name`. */
async function renameFocusedRow(page: Page, oldName: string, name: string): Promise<void> {
  await page.keyboard.press('F2');
  await page.locator(`[data-testid=file-tree] input[aria-label="Rename ${oldName}"]`).waitFor();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
}

/** Spec 002 §2: two editor groups, tabs with split, close, reopen closed, reorder; the tabs kept per user. */
describe('Workbench editor groups', () => {
  const session = useSandboxSession();

  it('opens README.md in the first group and shows the pinned new-tab page in the second', async () => {
    const { page } = session;
    await page.locator('[data-testid=editor-tabs][data-group="1"] [role=tab][data-path="README.md"][aria-selected=true]').waitFor();
    const sticky = strip(page, 2).locator('[role=tab][data-new-tab=true]');
    expect(await sticky.getAttribute('aria-selected')).toBe('true');
    expect(await sticky.locator('button').count()).toBe(0);
    const newTab = page.locator('[role=group][data-group="2"] [role=region][aria-label="New Tab"]');
    await newTab.waitFor();
    expect(await newTab.locator('li', { hasText: 'Go to File…' }).locator('kbd').textContent()).toBe('Ctrl+P');
    expect(await newTab.locator('li', { hasText: 'Show All Commands' }).locator('kbd').textContent()).toBe('Ctrl+Shift+P');
    // Only the first group has an editor until the second shows a file.
    expect(await page.locator('[role=group][data-group="2"] .monaco-editor').count()).toBe(0);
  });

  it('splits by keyboard: the same file in both groups, typing in one shows in the other', async () => {
    const { page } = session;
    await editorLines(page, 1).click();
    await page.keyboard.press('Control+\\');
    await tab(page, 2, 'README.md').and(page.locator('[aria-selected=true]')).waitFor();
    await editorLines(page, 2).waitFor();
    const token = uniqueToken('split');
    await editorLines(page, 2).click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type(`${token} `);
    await waitFor(async () => (await linesText(page, 1)).includes(token), { message: `${token} in the first group's editor` });
    await waitFor(async () => (await tab(page, 1, 'README.md').getAttribute('data-dirty')) === 'true', { message: 'README.md dirty in group 1' });
    expect(await tab(page, 2, 'README.md').getAttribute('data-dirty')).toBe('true');
    // The status bar reports the focused group's editor.
    const cursorAt = new RegExp(`^Ln 1, Col ${token.length + 2}`);
    await waitFor(async () => cursorAt.test((await page.locator('[data-testid=status-cursor]').textContent()) ?? ''), { message: 'the status bar at the typed end' });
    await saveScreenshot(page, 'editor-groups');
    await page.keyboard.press('Control+s');
    await waitFor(async () => (await tab(page, 2, 'README.md').getAttribute('data-dirty')) === 'false', { message: 'README.md saved' });
  });

  it('closes the active tab with Alt+W and reopens it where it was with Alt+Shift+T', async () => {
    const { page } = session;
    await page.keyboard.press('Control+1');
    await page.keyboard.press('Control+p');
    await page.keyboard.type('App.js');
    await page.locator('[role=option][data-id="src/App.js"]').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await tab(page, 1, 'src/App.js').and(page.locator('[aria-selected=true]')).waitFor();
    await page.keyboard.press('Control+1');
    await editorLines(page, 1).click();
    await page.keyboard.press('Alt+PageUp');
    await tab(page, 1, 'README.md').and(page.locator('[aria-selected=true]')).waitFor();
    await page.keyboard.press('Alt+W');
    await waitFor(async () => (await tabPaths(page, 1)).join() === 'src/App.js', { message: 'README.md closed in group 1' });
    // Still open in the second group: one document, one model.
    expect(await tab(page, 2, 'README.md').count()).toBe(1);
    await page.keyboard.press('Alt+Shift+T');
    await waitFor(async () => (await tabPaths(page, 1)).join() === 'README.md,src/App.js', { message: 'README.md reopened first' });
    await tab(page, 1, 'README.md').and(page.locator('[aria-selected=true]')).waitFor();
    // A middle click closes a tab too.
    await tab(page, 1, 'src/App.js').click({ button: 'middle' });
    await waitFor(async () => (await tabPaths(page, 1)).join() === 'README.md', { message: 'src/App.js closed by a middle click' });
    await page.keyboard.press('Alt+Shift+T');
    await waitFor(async () => (await tabPaths(page, 1)).join() === 'README.md,src/App.js', { message: 'src/App.js reopened' });
  });

  it('reorders tabs by dragging, and keeps the tabs of both groups after a reload', async () => {
    const { page, server } = session;
    await tab(page, 1, 'src/App.js').dragTo(tab(page, 1, 'README.md'), { targetPosition: { x: 3, y: 8 } });
    await waitFor(async () => (await tabPaths(page, 1)).join() === 'src/App.js,README.md', { message: 'src/App.js dragged before README.md' });
    await page.reload();
    await openSandbox(page, server.url);
    await waitFor(async () => (await tabPaths(page, 1)).join() === 'src/App.js,README.md', { timeout: 30_000, message: 'group 1 tabs after the reload' });
    expect(await tabPaths(page, 2)).toEqual(['README.md']);
    expect(await strip(page, 2).locator('[role=tab][data-new-tab=true]').count()).toBe(1);
  });

  it('shows the new name on the tab when its open file is renamed in the explorer (F2)', async () => {
    const { page, server } = session;
    await page.keyboard.press('Control+Shift+E');
    await reachTreeRow(page, 'src');
    if ((await page.locator('[data-testid=file-tree] [role=treeitem][data-path="src"]').getAttribute('aria-expanded')) !== 'true') await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid=file-tree] [role=treeitem][data-path="src/App.js"]').waitFor();
    await reachTreeRow(page, 'src/App.js');
    await renameFocusedRow(page, 'App.js', 'Renamed.js');
    await tab(page, 1, 'src/Renamed.js').waitFor();
    expect(await tabPaths(page, 1)).toEqual(['src/Renamed.js', 'README.md']);
    expect(await tab(page, 1, 'src/Renamed.js').getAttribute('title')).toBe('src/Renamed.js');
    expect((await tab(page, 1, 'src/Renamed.js').innerText()).trim()).toMatch(/^Renamed\.js/);
    await waitFor(() => fs.existsSync(path.join(server.filesDir, 'src/Renamed.js')), { message: 'renamed on disk' });
  });

  it('renames an open notes.txt to notes.ts: the editor and the language server take it as TypeScript, and edits still reach the server', async () => {
    const { page, server } = session;
    const notesTxt = path.join(server.filesDir, 'notes.txt');
    const notesTs = path.join(server.filesDir, 'notes.ts');
    fs.writeFileSync(notesTxt, 'plain notes\n');
    const group = page.locator('[role=group][data-group="1"]');
    // Monaco names the shown model's language on the editor's host and its URI on the view.
    const modelLanguage = () => group.locator('[data-mode-id]').getAttribute('data-mode-id');
    const modelUri = () => group.locator('[data-uri]').getAttribute('data-uri');
    // Quick open, again until the tree has the file written on disk.
    await waitFor(async () => {
      await page.keyboard.press('Control+1');
      await page.keyboard.press('Control+p');
      await page.keyboard.type('notes.txt');
      const option = page.locator('[role=option][data-id="notes.txt"]');
      const found = await option.waitFor({ timeout: 2_000 }).then(() => true, () => false);
      await page.keyboard.press(found ? 'Enter' : 'Escape');
      return found;
    }, { timeout: 30_000, message: 'notes.txt in quick open' });
    await tab(page, 1, 'notes.txt').and(page.locator('[aria-selected=true]')).waitFor();
    expect(await modelLanguage()).toBe('plaintext');
    expect(await modelUri()).toBe('file:///notes.txt');
    // An edit that is not saved yet when the file is renamed.
    const before = uniqueToken('before');
    await editorLines(page, 1).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(before);

    await page.keyboard.press('Control+Shift+E');
    await reachTreeRow(page, 'notes.txt');
    await renameFocusedRow(page, 'notes.txt', 'notes.ts');
    await tab(page, 1, 'notes.ts').waitFor();
    await waitFor(async () => (await modelLanguage()) === 'typescript', { message: 'the editor in TypeScript' });
    expect(await modelUri()).toBe('file:///notes.ts');
    expect(await page.locator('[data-testid=status-language]').textContent()).toBe('TypeScript');
    expect(await linesText(page, 1)).toContain(before);

    // Typing goes on in the renamed document; the TypeScript server checks it under its new path.
    const after = uniqueToken('after');
    await editorLines(page, 1).click();
    await page.keyboard.press('Control+End');
    // Enter before any typing, so that no suggestion can take it.
    await page.keyboard.press('Enter');
    await page.keyboard.type(`const ${after}: number = 'text';`);
    await group.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60_000 });
    await page.keyboard.press('Control+s');
    await waitFor(async () => (await tab(page, 1, 'notes.ts').getAttribute('data-dirty')) === 'false', { message: 'notes.ts saved' });
    await waitFor(() => readFileOrEmpty(notesTs).includes(after), { message: `${after} in notes.ts on disk` });
    expect(readFileOrEmpty(notesTs)).toBe(`plain notes\n${before}\nconst ${after}: number = 'text';`);
    expect(fs.existsSync(notesTxt)).toBe(false);
    await saveScreenshot(page, 'editor-renamed-language');
  });

  it('resizes the groups by dragging the sash between them (mouse), and keeps the split after a reload', async () => {
    const { page, server } = session;
    const sash = page.locator('[role=separator][aria-label="Resize editor groups"]');
    const firstWidth = () => page.locator('[role=group][data-group="1"]').evaluate((el) => el.getBoundingClientRect().width);
    const before = await firstWidth();
    expect(Math.abs(Number(await sash.getAttribute('aria-valuenow')) - before)).toBeLessThanOrEqual(1);
    const box = (await sash.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x - 40, y, { steps: 4 });
    await page.mouse.move(x - 80, y, { steps: 4 });
    await page.mouse.up();
    await waitFor(async () => Math.abs((await firstWidth()) - (before - 80)) <= 1, { message: 'the first group 80 px narrower' });
    const after = await firstWidth();
    expect(Math.abs(Number(await sash.getAttribute('aria-valuenow')) - after)).toBeLessThanOrEqual(1);

    await page.reload();
    await openSandbox(page, server.url);
    await waitFor(async () => Math.abs((await firstWidth()) - after) <= 2, { message: 'the split kept after the reload' });
    expect(Math.abs(Number(await page.locator('[role=separator][aria-label="Resize editor groups"]').getAttribute('aria-valuenow')) - after)).toBeLessThanOrEqual(2);
  });
});
