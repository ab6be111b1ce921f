import * as fs from 'fs';
import * as path from 'path';
import { saveScreenshot } from './support/screenshots';
import { readFileOrEmpty, useSandboxSession, waitFor } from './support/server';
import { command } from './support/palette';

jest.setTimeout(120_000);

/** The explorer (issue 7) against the real server: every change is checked on disk. */
describe('Workbench explorer', () => {
  const session = useSandboxSession();
  const row = (p: string) => session.page.locator(`[data-testid=file-tree] [role=treeitem][data-path="${p}"]`);
  const onDisk = (p: string) => path.join(session.server.filesDir, p);
  const exists = (p: string) => fs.existsSync(onDisk(p));

  const runCommand = (label: string) => command(session.page, label);

  /** Focuses the explorer with its key (Ctrl+Shift+E), then moves to `p` by type-ahead and arrows. */
  async function focusRow(p: string): Promise<void> {
    const { page } = session;
    await page.keyboard.press('Control+Shift+E');
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'treeitem', { message: 'a tree row focused' });
    for (let i = 0; i < 40; i++) {
      if ((await page.evaluate(() => document.activeElement?.getAttribute('data-path'))) === p) return;
      await page.keyboard.press('ArrowDown');
    }
    for (let i = 0; i < 40; i++) {
      if ((await page.evaluate(() => document.activeElement?.getAttribute('data-path'))) === p) return;
      await page.keyboard.press('ArrowUp');
    }
    throw new Error(`could not reach ${p} with the arrow keys`);
  }

  it('creates a file and a folder by keyboard; they appear on disk', async () => {
    const { page } = session;
    await row('README.md').waitFor();
    await focusRow('README.md');
    await runCommand('New File');
    const input = page.locator('[data-testid=file-tree] input[aria-label="New file name"]');
    await input.waitFor();
    await page.keyboard.type('e2e-new.txt');
    await page.keyboard.press('Enter');
    await waitFor(() => exists('e2e-new.txt'), { message: 'e2e-new.txt on disk' });
    await row('e2e-new.txt').waitFor();
    // The new file opens in the editor, which takes the keyboard once it shows it: only then back to the tree (a
    // slow open took the focus from the tree row focused below).
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="e2e-new.txt"][aria-selected=true]').waitFor();
    await waitFor(() => page.evaluate(() => document.activeElement?.closest('.monaco-editor') != null), { message: 'the editor of e2e-new.txt focused' });

    await focusRow('README.md');
    await runCommand('New Folder');
    await page.locator('[data-testid=file-tree] input[aria-label="New folder name"]').waitFor();
    await page.keyboard.type('e2e-folder');
    await page.keyboard.press('Enter');
    await waitFor(() => exists('e2e-folder') && fs.statSync(onDisk('e2e-folder')).isDirectory(), { message: 'e2e-folder on disk' });
  });

  it("shows the spec's text for an invalid name and sends nothing", async () => {
    const { page } = session;
    await focusRow('README.md');
    await runCommand('New File');
    await page.locator('[data-testid=file-tree] input[aria-label="New file name"]').waitFor();
    await page.keyboard.press('Enter');
    const alert = page.locator('[data-testid=file-tree] [role=alert]');
    await waitFor(async () => (await alert.textContent()) === 'File name is undefined', { message: "'File name is undefined'" });
    await page.keyboard.type('README.md');
    await waitFor(async () => (await alert.textContent()) === '/README.md already exists', { message: "'/README.md already exists'" });
    await page.keyboard.press('Escape');
    await waitFor(async () => (await page.locator('[data-testid=file-tree] input').count()) === 0, { message: 'input closed' });
  });

  it('renames with F2', async () => {
    const { page } = session;
    await focusRow('e2e-new.txt');
    await page.keyboard.press('F2');
    await page.locator('[data-testid=file-tree] input[aria-label="Rename e2e-new.txt"]').waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('e2e-renamed.txt');
    await page.keyboard.press('Enter');
    await waitFor(() => exists('e2e-renamed.txt') && !exists('e2e-new.txt'), { message: 'renamed on disk' });
    await row('e2e-renamed.txt').waitFor();
  });

  it('moves a file into a folder by drag and drop', async () => {
    const { page } = session;
    await page.dragAndDrop('[role=treeitem][data-path="e2e-renamed.txt"]', '[role=treeitem][data-path="e2e-folder"]');
    await waitFor(() => exists('e2e-folder/e2e-renamed.txt') && !exists('e2e-renamed.txt'), { message: 'moved on disk' });
    await row('e2e-folder/e2e-renamed.txt').waitFor();
  });

  it('uploads a file dropped from the desktop into a folder', async () => {
    const { page } = session;
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['uploaded by e2e\n'], 'e2e-upload.txt', { type: 'text/plain' }));
      return transfer;
    });
    await page.dispatchEvent('[role=treeitem][data-path="e2e-folder"]', 'drop', { dataTransfer });
    await waitFor(() => readFileOrEmpty(onDisk('e2e-folder/e2e-upload.txt')) === 'uploaded by e2e\n', { message: 'uploaded file on disk' });
    await page.locator('[data-upload="e2e-folder/e2e-upload.txt"][data-state=done]').waitFor();
    await row('e2e-folder/e2e-upload.txt').waitFor();
  });

  it('deletes with confirmation (Delete, then Enter); the open tab of the file stays, marked deleted', async () => {
    const { page } = session;
    await row('e2e-folder/e2e-renamed.txt').click();
    const tab = page.locator('[role=tab][data-path="e2e-folder/e2e-renamed.txt"]');
    await tab.waitFor();
    expect(await tab.getAttribute('data-deleted')).toBe('false');
    await focusRow('e2e-folder/e2e-renamed.txt');
    await page.keyboard.press('Delete');
    const dialog = page.locator('[role=dialog][aria-modal=true]');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to delete 'e2e-renamed.txt'?");
    await page.keyboard.press('Enter');
    await waitFor(() => !exists('e2e-folder/e2e-renamed.txt'), { message: 'deleted on disk' });
    await waitFor(async () => (await row('e2e-folder/e2e-renamed.txt').count()) === 0, { message: 'row gone' });
    await waitFor(async () => (await tab.getAttribute('data-deleted')) === 'true', { message: 'the tab marked deleted' });
    expect(await tab.getAttribute('title')).toBe('e2e-folder/e2e-renamed.txt (deleted)');
    expect(await tab.locator('.bp-tab-name').evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe('line-through');
  });

  it('downloads a file from the context menu; the link serves its content', async () => {
    const { page } = session;
    await focusRow('README.md');
    await page.keyboard.press('Shift+F10');
    await page.locator('[role=menu]').waitFor();
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Download');
    await page.keyboard.press('Enter');
    const link = page.locator('[data-testid=explorer-download-link]');
    await link.waitFor();
    const href = (await link.getAttribute('href')) as string;
    const body = await page.evaluate(async (url) => (await fetch(url)).text(), href);
    expect(body).toBe(readFileOrEmpty(onDisk('README.md')));
  });

  it("marks a modified file with 'M' and the tooltip 'Modified', and its folder with a dot", async () => {
    const { page } = session;
    fs.appendFileSync(onDisk('README.md'), '\nchanged by the explorer e2e test\n');
    fs.appendFileSync(onDisk('src/App.js'), '\n// changed\n');
    const badge = row('README.md').locator('[data-testid=git-badge]');
    await waitFor(async () => (await badge.count()) === 1 && (await badge.textContent()) === 'M', { timeout: 20_000, message: "badge 'M' on README.md" });
    expect(await badge.getAttribute('title')).toBe('Modified');
    await row('src').locator('[aria-label="Contains changes"]').waitFor({ timeout: 20_000 });
    await focusRow('src');
    await page.keyboard.press('ArrowRight');
    await row('src/App.js').locator('[data-testid=git-badge]').waitFor();
    await saveScreenshot(page, 'explorer');
  });
});
