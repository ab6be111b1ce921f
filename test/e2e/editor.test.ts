import * as fs from 'fs';
import * as path from 'path';
import { connectionStatus, editorText, readFileOrEmpty, typeAtStart, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

describe('Editor', () => {
  const session = useSandboxSession();

  it('shows the connection as Connected', async () => {
    const { page } = session;
    expect(await connectionStatus(page)).toBe('Connected');
  });

  it('lists README.md, package.json and the src folder in the file tree', async () => {
    const { page } = session;
    const rows = page.locator('[data-testid=file-tree] [role=treeitem]');
    const paths = await waitFor(async () => {
      const all = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));
      return ['README.md', 'package.json', 'src'].every((p) => all.includes(p)) ? all : undefined;
    }, { message: 'file tree rows' });
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'package.json', 'src']));
  });

  it('opens README.md in a clean tab first', async () => {
    const { page } = session;
    const tab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="README.md"]');
    await tab.waitFor({ timeout: 15_000 });
    expect(await tab.getAttribute('data-dirty')).toBe('false');
  });

  it('marks the tab dirty while typing and saves typed text to the file on disk with Ctrl+S', async () => {
    const { page, server } = session;
    const token = uniqueToken('e2eSave');
    const tab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="README.md"]');
    await typeAtStart(page, `${token} `);
    await waitFor(async () => (await editorText(page)).includes(token), { message: 'typed text in the editor' });
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'true', { message: 'README.md tab dirty' });
    expect(await tab.locator('[data-testid=dirty-marker]').count()).toBe(1);

    await page.keyboard.press('Control+s');
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'false', { message: 'README.md tab clean after save' });
    expect(await tab.locator('[data-testid=dirty-marker]').count()).toBe(0);

    const file = path.join(server.filesDir, 'README.md');
    await waitFor(() => readFileOrEmpty(file).includes(token), { message: `${token} in ${file}` });
  });

  it('shows a file a terminal or another program creates, and lists node_modules only when opened', async () => {
    const { page, server } = session;
    fs.writeFileSync(path.join(server.filesDir, 'made-outside.txt'), 'hello\n');
    fs.mkdirSync(path.join(server.filesDir, 'node_modules', 'left-pad'), { recursive: true });
    fs.writeFileSync(path.join(server.filesDir, 'node_modules', 'left-pad', 'index.js'), 'module.exports = 1;\n');
    const row = (p: string) => page.locator(`[data-testid=file-tree] [role=treeitem][data-path="${p}"]`);
    await row('made-outside.txt').waitFor({ timeout: 15_000 });
    await row('node_modules').waitFor({ timeout: 15_000 });
    expect(await row('node_modules/left-pad').count()).toBe(0);
    await row('node_modules').click();
    await row('node_modules/left-pad').waitFor({ timeout: 15_000 });
    await row('node_modules/left-pad').click();
    await row('node_modules/left-pad/index.js').waitFor({ timeout: 15_000 });
  });

  it('shows a change made on disk to the open file at once, and the tab stays clean', async () => {
    const { page, server } = session;
    const tab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="README.md"]');
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'false', { message: 'README.md clean before the disk change' });
    const token = uniqueToken('fromDisk');
    const file = path.join(server.filesDir, 'README.md');
    fs.writeFileSync(file, `${readFileOrEmpty(file)}\n${token}\n`);
    await waitFor(async () => (await editorText(page)).includes(token), { timeout: 15_000, message: `${token} from disk in the editor` });
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'false', { message: 'README.md still clean' });
  });
  it('suggests words of the open documents while typing, but none in a document over 1,000,000 characters', async () => {
    const { page, server } = session;
    const filler = 'lorem ipsum dolor sit amet\n'.repeat(Math.ceil(1_000_001 / 27));
    fs.writeFileSync(path.join(server.filesDir, 'words.md'), 'zebrafish quokka\n');
    fs.writeFileSync(path.join(server.filesDir, 'large.md'), `zebrafish quokka\n${filler}`);
    const row = (p: string) => page.locator(`[data-testid=file-tree] [role=treeitem][data-path="${p}"]`);
    const suggestion = page.locator('.monaco-editor .suggest-widget.visible [role=option]', { hasText: 'zebrafish' });
    /** Opens `file`, types the start of "zebrafish" on a new last line; true when the suggestion shows within 3 s. */
    const suggested = async (file: string) => {
      await row(file).click({ timeout: 15_000 });
      await page.locator(`[data-testid=editor-tabs] [role=tab][data-path="${file}"][aria-selected=true]`).waitFor({ timeout: 15_000 });
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('zebr');
      const shown = await suggestion.first().waitFor({ timeout: 3_000 }).then(() => true, () => false);
      await page.keyboard.press('Escape');
      return shown;
    };
    await row('words.md').waitFor({ timeout: 15_000 });
    await row('large.md').waitFor({ timeout: 15_000 });
    expect(await suggested('words.md')).toBe(true);
    expect(await suggested('large.md')).toBe(false);
    expect(await suggested('words.md')).toBe(true);
  });
});
