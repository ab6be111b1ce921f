import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { editorText, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const terminal = (page: Page) => page.locator('[data-testid=terminal]');
const panel = (page: Page) => page.locator('[data-testid=bottom-panel]');
const terminalHasKeyboard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid=terminal]') !== null && document.activeElement?.classList.contains('xterm-helper-textarea'));
const firstEditorHasKeyboard = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role=group][data-group="1"] .monaco-editor') !== null);

/** Issue 19 item 2: Ctrl+` gives the terminal the keyboard, and toggles back to the editor as VS Code's does. */
describe('Ctrl+` toggles the terminal', () => {
  const session = useSandboxSession();

  it('from the editor: focuses the terminal (commands run in the shell), again: hides the panel and the editor has the keyboard', async () => {
    const { page, server } = session;
    const readme = path.join(server.filesDir, 'README.md');
    const onDisk = fs.readFileSync(readme, 'utf8');
    await terminal(page).locator('.xterm-rows').waitFor({ timeout: 30_000 });
    await page.locator('[role=group][data-group="1"] .monaco-editor .view-lines').click();
    await waitFor(() => firstEditorHasKeyboard(page), { message: 'the editor has the keyboard' });
    const shown = await editorText(page);

    // Shown but not focused: the terminal takes the keyboard.
    await page.keyboard.press('Control+Backquote');
    await waitFor(() => terminalHasKeyboard(page), { message: 'the terminal has the keyboard after Ctrl+`' });
    await page.keyboard.type('echo toggled-$((6*7))\n');
    await waitFor(async () => (await terminal(page).locator('.xterm-rows').innerText()).includes('toggled-42'), { message: 'the command ran in the shell', timeout: 30_000 });
    expect(await editorText(page)).toBe(shown);
    expect(await page.locator('[data-testid=editor-tabs] [role=tab][data-path="README.md"]').getAttribute('data-dirty')).toBe('false');
    expect(fs.readFileSync(readme, 'utf8')).toBe(onDisk);

    // Shown and focused: the panel hides and the active editor group's editor has the keyboard.
    await page.keyboard.press('Control+Backquote');
    await panel(page).waitFor({ state: 'detached' });
    await waitFor(() => firstEditorHasKeyboard(page), { message: 'the editor has the keyboard again' });
    await page.keyboard.type('x');
    await waitFor(async () => (await editorText(page)) !== shown, { message: 'typing goes to the editor' });
    await page.keyboard.press('Backspace');
    await waitFor(async () => (await editorText(page)) === shown, { message: 'the typed letter removed' });

    // Hidden: shown again with the terminal focused.
    await page.keyboard.press('Control+Backquote');
    await panel(page).waitFor();
    await waitFor(() => terminalHasKeyboard(page), { message: 'the terminal has the keyboard once shown' });
    await page.keyboard.type('echo again-$((5*5))\n');
    await waitFor(async () => (await terminal(page).locator('.xterm-rows').innerText()).includes('again-25'), { message: 'the command ran in the shell', timeout: 30_000 });
    expect(fs.readFileSync(readme, 'utf8')).toBe(onDisk);
  });

  it('from another panel tab: shows the terminal and focuses it', async () => {
    const { page } = session;
    await page.locator('[data-testid=bottom-panel] [role=tab][data-panel=problems]').click();
    await page.locator('[data-testid=problems-panel]').waitFor();
    await page.keyboard.press('Control+Backquote');
    await waitFor(() => terminalHasKeyboard(page), { message: 'the terminal has the keyboard' });
    expect(await page.locator('[data-testid=bottom-panel] [role=tab][data-panel=terminal]').getAttribute('aria-selected')).toBe('true');
  });
});
