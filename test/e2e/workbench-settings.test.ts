import * as fs from 'fs';
import * as path from 'path';
import { saveScreenshot } from './support/screenshots';
import { openSandbox, readFileOrEmpty, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

/** Editor settings, colour themes, .editorconfig and format on save with Prettier in a worker (issue 7). */
describe('Workbench settings and themes', () => {
  const session = useSandboxSession();

  const cssVar = (name: string) => session.page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

  it('opens the settings page with Ctrl+, and applies a font size at once, kept after a reload', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+,');
    const dialog = page.locator('[role=dialog][data-testid=settings]');
    await dialog.waitFor();
    const fontSize = dialog.locator('[data-setting=fontSize]');
    expect(await fontSize.inputValue()).toBe('14');
    expect(await dialog.locator('[data-setting=autoSave]').inputValue()).toBe('onFocusChange');
    expect(await dialog.locator('[data-setting=formatOnSave]').isChecked()).toBe(true);
    await fontSize.fill('20');
    await waitFor(async () => (await page.locator('.monaco-editor .view-lines').first().evaluate((el) => getComputedStyle(el).fontSize)) === '20px', { message: 'editor font 20px' });
    await saveScreenshot(page, 'settings');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await openSandbox(page, session.server.url);
    await waitFor(async () => (await page.locator('.monaco-editor .view-lines').first().evaluate((el) => getComputedStyle(el).fontSize)) === '20px', { message: 'font kept' });
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
});
