import * as fs from 'fs';
import * as path from 'path';
import { saveScreenshot } from './support/screenshots';
import { openSandbox, readFileOrEmpty, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

/** Editor settings, colour themes, .editorconfig and format on save with Prettier in a worker (issue 7). */
describe('Workbench settings and themes', () => {
  const session = useSandboxSession();

  const cssVar = (name: string) => session.page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

  const editorFontSize = () => session.page.locator('.monaco-editor .view-lines').first().evaluate((el) => getComputedStyle(el).fontSize);

  it('opens the settings page with Ctrl+, and applies a font size typed digit by digit on Enter, kept after a reload', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+,');
    const dialog = page.locator('[role=dialog][data-testid=settings]');
    await dialog.waitFor();
    const fontSize = dialog.locator('[data-setting=fontSize]');
    expect(await fontSize.inputValue()).toBe('14');
    expect(await dialog.locator('[data-setting=autoSave]').inputValue()).toBe('onFocusChange');
    expect(await dialog.locator('[data-setting=formatOnSave]').isChecked()).toBe(true);
    // The field has the keyboard when the page opens: select all, type 2 then 0 (2 alone is below the minimum, 6).
    expect(await fontSize.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20', { delay: 50 });
    expect(await fontSize.inputValue()).toBe('20');
    expect(await editorFontSize()).toBe('14px');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await editorFontSize()) === '20px', { message: 'editor font 20px' });
    expect(await fontSize.inputValue()).toBe('20');
    await saveScreenshot(page, 'settings');
    // An empty field is refused with a message; a size below the minimum is clamped, with a note.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('alert').textContent()).toBe('Font size must be a whole number from 6 to 72.');
    expect(await fontSize.getAttribute('aria-invalid')).toBe('true');
    expect(await editorFontSize()).toBe('20px');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('status').textContent()).toBe('Font size is at least 6: set to 6.');
    await waitFor(async () => (await editorFontSize()) === '6px', { message: 'editor font 6px' });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('20');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await editorFontSize()) === '20px', { message: 'editor font 20px again' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await openSandbox(page, session.server.url);
    await waitFor(async () => (await editorFontSize()) === '20px', { message: 'font kept' });
  });

  it('picks a colour theme from the palette with a live preview, kept after a reload', async () => {
    const { page } = session;
    const defaultBg = await cssVar('--bp-bg');
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('color theme');
    await page.locator('[role=option][data-id="workbench.action.selectTheme"]').waitFor();
    await page.keyboard.press('Enter');
    await page.locator('[role=option][data-id=dracula]').waitFor();
    await page.keyboard.type('dracula');
    await waitFor(async () => (await cssVar('--bp-bg')) === '#282a36', { message: 'Dracula previewed' });
    await page.keyboard.press('Enter');
    await waitFor(async () => (await page.locator('.monaco-editor').first().evaluate((el) => getComputedStyle(el.querySelector('.monaco-editor-background')!).backgroundColor)) === 'rgb(40, 42, 54)', {
      message: 'Monaco in Dracula',
    });
    await saveScreenshot(page, 'theme-dracula');
    await page.reload();
    await openSandbox(page, session.server.url);
    await waitFor(async () => (await cssVar('--bp-bg')) === '#282a36', { message: 'Dracula after reload' });
    // Escape in the picker undoes the preview.
    await page.keyboard.press('Control+Shift+P');
    await page.keyboard.type('color theme');
    await page.keyboard.press('Enter');
    await page.keyboard.type('light');
    await waitFor(async () => (await cssVar('--bp-bg')) === '#ffffff', { message: 'Light previewed' });
    await page.keyboard.press('Escape');
    await waitFor(async () => (await cssVar('--bp-bg')) === '#282a36', { message: 'back to Dracula' });
    expect(defaultBg).not.toBe('#282a36');
  });

  it('formats with Prettier on Ctrl+S using the .editorconfig indentation', async () => {
    const { page, server } = session;
    fs.writeFileSync(path.join(server.filesDir, '.editorconfig'), 'root = true\n[*.js]\nindent_style = space\nindent_size = 4\n');
    fs.writeFileSync(path.join(server.filesDir, 'messy.js'), 'function f(){return 1}\n');
    await page.keyboard.press('Control+P');
    await page.keyboard.type('messy.js');
    await page.locator('[role=option][data-id="messy.js"]').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="messy.js"][aria-selected=true]').waitFor();
    await waitFor(async () => (await page.locator('[data-testid=status-indentation]').textContent()) === 'Spaces: 4', { message: 'indentation from .editorconfig' });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('const  x=2');
    await page.keyboard.press('Control+S');
    const file = path.join(server.filesDir, 'messy.js');
    await waitFor(() => readFileOrEmpty(file) === 'function f() {\n    return 1;\n}\nconst x = 2;\n', { timeout: 20_000, message: `formatted file on disk (now ${JSON.stringify(readFileOrEmpty(file))})` });
    // Prettier ran in its own worker, off the page's main thread.
    expect(page.workers().map((w) => w.url()).some((url) => /\/assets\/prettier-worker\.[0-9a-f]+\.js$/.test(url))).toBe(true);
  });

  it('saves a dirty file when the editor loses focus (autosave on focus change)', async () => {
    const { page, server } = session;
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\nconst y = 3;');
    const tab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="messy.js"]');
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'true', { message: 'dirty' });
    await page.locator('.bp-activity-bar [data-view=explorer]').focus();
    await waitFor(() => readFileOrEmpty(path.join(server.filesDir, 'messy.js')).includes('const y = 3;'), { timeout: 20_000, message: 'saved on blur' });
  });

  it('saves a dirty file after the delay set, without a blur and without formatting (autosave after a delay)', async () => {
    const { page, server } = session;
    const file = path.join(server.filesDir, 'messy.js');
    await page.keyboard.press('Control+,');
    const dialog = page.locator('[role=dialog][data-testid=settings]');
    await dialog.locator('[data-setting=autoSave]').selectOption('afterDelay');
    const delay = dialog.locator('[data-setting=autoSaveDelay]');
    expect(await delay.inputValue()).toBe('1000');
    await delay.fill('700');
    await delay.press('Enter');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.keyboard.press('Control+P');
    await page.keyboard.type('messy.js');
    await page.locator('[role=option][data-id="messy.js"]').waitFor();
    await page.keyboard.press('Enter');
    const tab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="messy.js"][aria-selected=true]');
    await tab.waitFor();
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    // Not formatted: Prettier would write 'const z = 4;'.
    await page.keyboard.type('\nconst  z=4');
    const typedAt = Date.now();
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'true', { message: 'dirty' });
    await waitFor(() => readFileOrEmpty(file).includes('const  z=4'), { timeout: 10_000, message: `saved after the delay (now ${JSON.stringify(readFileOrEmpty(file))})` });
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(600);
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'false', { message: 'clean again' });
    // The editor kept the keyboard all along: nothing blurred it.
    expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
    expect(readFileOrEmpty(file).endsWith('const  z=4')).toBe(true);
  });

  it('gives the keyboard back to the editor after a command run from the palette', async () => {
    const { page } = session;
    const editorHasKeyboard = () => page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null);
    await page.locator('.monaco-editor .view-lines').first().click();
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press('Control+Shift+P');
      await page.locator('[role=dialog][aria-label="Command palette"] [role=combobox]').waitFor();
      expect(await editorHasKeyboard()).toBe(false);
      await page.keyboard.type('View: Toggle Side Bar');
      await waitFor(async () => (await page.locator('#bp-quick-list [role=option][aria-selected=true]').innerText()).startsWith('View: Toggle Side Bar'), { message: 'the command selected' });
      await page.keyboard.press('Enter');
      await waitFor(editorHasKeyboard, { message: 'the editor has the keyboard again' });
    }
  });
});
