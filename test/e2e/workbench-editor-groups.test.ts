import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { openSandbox, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const strip = (page: Page, group: number) => page.locator(`[role=tablist][data-group="${group}"]`);
const tab = (page: Page, group: number, path: string) => strip(page, group).locator(`[role=tab][data-path="${path}"]`);
const tabPaths = (page: Page, group: number) => strip(page, group).locator('[role=tab][data-path]').evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));
const editorLines = (page: Page, group: number) => page.locator(`[role=group][data-group="${group}"] .monaco-editor .view-lines`);
const linesText = async (page: Page, group: number) => ((await editorLines(page, group).innerText()) ?? '').replace(/\u00a0/g, ' ');

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
    expect(await page.locator('[data-testid=status-cursor]').textContent()).toMatch(new RegExp(`^Ln 1, Col ${token.length + 2}`));
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
});
