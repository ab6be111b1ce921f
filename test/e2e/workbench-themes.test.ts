import * as fs from 'fs';
import * as path from 'path';
import { Locator, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { useSandboxSession, waitFor } from './support/server';

jest.setTimeout(180_000);

/** WCAG AA for body text. */
const MIN_CONTRAST = 4.5;

interface LowContrast {
  text: string;
  color: string;
  background: string;
  ratio: number;
}

/**
 * Every piece of text shown inside `root` (text nodes and the values of enabled inputs) whose colour, as computed,
 * contrasts less than `min` with the background it is painted on (the first opaque background among its ancestors,
 * translucent ones laid over it). Runs in the page.
 */
function lowContrastTexts(root: Locator, min = MIN_CONTRAST): Promise<{ checked: number; low: LowContrast[] }> {
  return root.evaluate((element, minimum) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const numbers = (css.match(/[\d.]+/g) ?? []).map(Number);
      if (css.startsWith('color(srgb')) return [numbers[0] * 255, numbers[1] * 255, numbers[2] * 255, numbers[3] ?? 1];
      return [numbers[0], numbers[1], numbers[2], numbers[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const lin = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const backgroundOf = (el: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let e = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && el.getClientRects().length > 0 && !el.closest('[hidden], [aria-hidden=true]');
    };
    const low: LowContrast[] = [];
    let checked = 0;
    const check = (el: Element, text: string) => {
      if (!text.trim() || !shown(el)) return;
      const background = backgroundOf(el);
      const color = over(parse(getComputedStyle(el).color), background);
      const [l1, l2] = [luminance(color), luminance(background)].sort((a, b) => b - a);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      checked++;
      if (ratio < minimum) low.push({ text: text.trim().slice(0, 40), color: getComputedStyle(el).color, background: `rgb(${background.slice(0, 3).map(Math.round).join(', ')})`, ratio: Math.round(ratio * 100) / 100 });
    };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.parentElement) check(node.parentElement, node.textContent ?? '');
    for (const input of element.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=checkbox]):not(:disabled), select:not(:disabled)')) {
      check(input, input instanceof HTMLSelectElement ? (input.selectedOptions[0]?.textContent ?? '') : input.value || input.placeholder);
    }
    return { checked, low };
  }, min);
}

async function expectReadable(root: Locator, what: string): Promise<void> {
  const { checked, low } = await lowContrastTexts(root);
  expect({ what, low }).toEqual({ what, low: [] });
  expect(checked).toBeGreaterThan(0);
}

const cssVar = (page: Page, name: string) => page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
const monacoBackgrounds = (page: Page) =>
  page.locator('.monaco-editor .monaco-editor-background').evaluateAll((els) => els.filter((el) => el.getClientRects().length > 0).map((el) => getComputedStyle(el).backgroundColor));

/** Chooses a theme on the settings page (Ctrl+,) and waits until the workbench shows it. */
async function chooseTheme(page: Page, id: string, bg: string): Promise<void> {
  await page.keyboard.press('Control+,');
  const dialog = page.locator('[role=dialog][data-testid=settings]');
  await dialog.locator('[data-setting=themeId]').selectOption(id);
  await waitFor(async () => (await page.evaluate(() => document.documentElement.getAttribute('data-theme'))) === id, { message: `theme ${id}` });
  await waitFor(async () => (await cssVar(page, '--bp-bg')) === bg, { message: `${id} background` });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

/** Colour themes reach every surface of the workbench, the terminal and every Monaco editor (issue 7). */
describe('Workbench themes', () => {
  const session = useSandboxSession();

  const LIGHT_THEMES: Array<[id: string, bg: string]> = [
    ['light', '#ffffff'],
    ['github-light', '#ffffff'],
    ['github-light-high-contrast', '#ffffff'],
  ];

  it.each(LIGHT_THEMES)('under %s, the command palette, the dialogs, the bottom panel and the terminal have readable text', async (id, bg) => {
    const { page } = session;
    await page.locator('[data-testid=terminal] .xterm-rows').waitFor({ timeout: 30_000 });
    await chooseTheme(page, id, bg);

    // The command palette, filtered so that matches are highlighted.
    await page.keyboard.press('Control+Shift+P');
    const palette = page.locator('[role=dialog][aria-label="Command palette"]');
    await palette.waitFor();
    await page.keyboard.type('toggle');
    await page.locator('#bp-quick-list [role=option][aria-selected=true]').waitFor();
    await expectReadable(palette, `${id}: command palette`);
    await saveScreenshot(page, `theme-${id}-palette`);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });

    // The explorer's delete confirmation, a dialog.
    await page.keyboard.press('Control+Shift+E');
    await waitFor(async () => (await page.evaluate(() => document.activeElement?.getAttribute('role'))) === 'treeitem', { message: 'a tree row focused' });
    await page.keyboard.press('Delete');
    const confirm = page.locator('[role=dialog][aria-modal=true]');
    await confirm.waitFor();
    await expectReadable(confirm, `${id}: delete dialog`);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });

    // The settings page, another dialog.
    await page.keyboard.press('Control+,');
    const settings = page.locator('[role=dialog][data-testid=settings]');
    await settings.waitFor();
    await expectReadable(settings, `${id}: settings page`);
    await saveScreenshot(page, `theme-${id}`);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await expectReadable(page.locator('[data-testid=status-bar]'), `${id}: status bar`);

    // The bottom panel and its terminal, re-themed while open: the terminal's background is the panel's.
    const panel = page.locator('[data-testid=bottom-panel]');
    await expectReadable(panel, `${id}: bottom panel`);
    await waitFor(async () => (await page.locator('[data-testid=terminal] .xterm-viewport').evaluate((el) => getComputedStyle(el).backgroundColor)) === 'rgb(255, 255, 255)', {
      message: 'the open terminal re-themed',
    });
    await page.locator('[data-testid=terminal] .xterm-helper-textarea').focus();
    await page.keyboard.type(`echo themed-${id}\n`);
    await waitFor(async () => (await page.locator('[data-testid=terminal] .xterm-rows').innerText()).includes(`themed-${id}`), { message: 'terminal output' });
    await expectReadable(panel, `${id}: bottom panel with the terminal's output`);
  });

  it('keeps every editor in the theme (Dracula) when a diff opens, and after it closes', async () => {
    const { page, server } = session;
    const dracula = 'rgb(40, 42, 54)';
    await chooseTheme(page, 'dracula', '#282a36');
    await waitFor(async () => (await monacoBackgrounds(page)).every((bg) => bg === dracula) && (await monacoBackgrounds(page)).length > 0, { message: 'Monaco in Dracula' });
    const before = await monacoBackgrounds(page);

    fs.appendFileSync(path.join(server.filesDir, 'README.md'), `\ntheme check ${Date.now()}\n`);
    await page.keyboard.press('Control+Shift+G');
    const row = page.locator('[data-testid=scm-view] [role=listitem][data-path="README.md"]');
    await row.waitFor({ timeout: 20_000 });
    await row.focus();
    await page.keyboard.press('Enter');
    await page.locator('[role=tab][data-diff-path="README.md"][aria-selected=true]').waitFor();
    await page.locator('[data-testid=diff-view] .monaco-diff-editor .editor.modified .view-lines').waitFor();
    // Give a theme switch by the diff editor the chance to show.
    await page.waitForTimeout(500);
    const during = await page.locator('[data-testid=diff-view] .monaco-editor .monaco-editor-background').evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(during.every((bg) => bg === dracula)).toBe(true);
    await saveScreenshot(page, 'theme-dracula-diff');

    // Back to the file's editor: still Dracula.
    await page.locator('[role=tab][data-path="README.md"]').click();
    await waitFor(async () => (await monacoBackgrounds(page)).length > 0, { message: 'the editor shown' });
    const after = await monacoBackgrounds(page);
    expect(after.every((bg) => bg === dracula)).toBe(true);
    expect(before.every((bg) => bg === dracula)).toBe(true);
    expect(await cssVar(page, '--bp-bg')).toBe('#282a36');

    // Monaco's own popups (here the suggestions) are in the theme too: the workbench's floating-widget colour.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Space');
    const suggest = page.locator('.monaco-editor .suggest-widget.visible');
    await suggest.waitFor();
    const widget = (await cssVar(page, '--bp-widget')).replace('#', '');
    const rgb = `rgb(${[0, 2, 4].map((i) => parseInt(widget.slice(i, i + 2), 16)).join(', ')})`;
    expect(await suggest.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
    await saveScreenshot(page, 'theme-dracula-suggestions');
    await page.keyboard.press('Escape');
  });
});
