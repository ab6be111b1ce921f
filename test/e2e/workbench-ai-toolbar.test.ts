import * as fs from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { openSandbox, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const FILE = 'ai-long.txt';
const toolbar = (page: Page) => page.locator('[data-testid=ai-toolbar]');
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');
/** The keyboard is in the editor's text (Monaco's input element: an EditContext element or its textarea). */
const editorHasFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return !!active?.closest('.monaco-editor') && !active.closest('[data-testid=ai-toolbar]') && (active.tagName === 'TEXTAREA' || active.classList.contains('native-edit-context'));
  });

/** Selects line `line` of the editor with the keyboard (Ctrl+G is Monaco's; Home, then Shift+End). */
async function selectLine(page: Page, line: number): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
}

/**
 * The floating AI toolbar (spec 002 §2, §9; issue 7): about 1 s after a selection, hidden on scroll, saying that no AI
 * provider is configured; Alt+F10 takes the keyboard into it (WAI-ARIA toolbar: arrows, Home, End, Escape).
 */
describe('Workbench AI toolbar', () => {
  const session = useSandboxSession();

  beforeAll(async () => {
    const { page, server } = session;
    fs.writeFileSync(path.join(server.filesDir, FILE), Array.from({ length: 200 }, (_, i) => `line ${i + 1} of the AI toolbar's file`).join('\n') + '\n');
    await openSandbox(page, `${server.url}?file=${FILE}`);
    await page.locator(`[data-testid=editor-tabs] [role=tab][data-path="${FILE}"][aria-selected=true]`).waitFor({ timeout: 30_000 });
  });

  it('appears about 1 s after a selection, above it, and says that no AI provider is configured', async () => {
    const { page } = session;
    // Measured in the page: from the key that made the selection until the toolbar shows.
    await page.evaluate(() => {
      const w = window as unknown as { __aiShownAfter: Promise<number> };
      w.__aiShownAfter = new Promise<number>((resolve) => {
        let selectedAt: number | undefined;
        window.addEventListener('keydown', (e) => e.key === 'End' && e.shiftKey && (selectedAt = performance.now()), true);
        const observer = new MutationObserver(() => {
          const bar = document.querySelector('[data-testid=ai-toolbar]');
          if (selectedAt !== undefined && bar?.isConnected) {
            observer.disconnect();
            resolve(performance.now() - selectedAt);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true });
      });
    });
    await selectLine(page, 6);
    expect(await toolbar(page).count()).toBe(0);
    const after = await page.evaluate(() => (window as unknown as { __aiShownAfter: Promise<number> }).__aiShownAfter);
    expect(after).toBeGreaterThanOrEqual(950);
    expect(after).toBeLessThan(2_000);
    await toolbar(page).waitFor({ state: 'visible' });
    const bar = toolbar(page).getByRole('toolbar', { name: 'AI actions' });
    expect(await bar.getByRole('button').allTextContents()).toEqual(['Explain', 'Edit with AI']);
    expect(await bar.getByTestId('ai-toolbar-notice').textContent()).toBe('No AI provider is configured');
    expect(await bar.getByRole('button', { name: 'Explain' }).getAttribute('aria-describedby')).toBe(await bar.getByTestId('ai-toolbar-notice').getAttribute('id'));
    // Above the selected line.
    const barBox = (await toolbar(page).boundingBox())!;
    const lineBox = (await page.locator('.monaco-editor .view-line', { hasText: 'line 6 of' }).boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(lineBox.y + 1);
    await waitFor(async () => (await page.locator('[data-testid=status-cursor]').textContent())?.includes('selected'), { message: 'the selection in the status bar' });
    await saveScreenshot(page, 'ai-toolbar');
  });

  it('takes the keyboard with Alt+F10: one Tab stop, arrows wrap, Home and End; Escape gives it back to the editor', async () => {
    const { page } = session;
    await toolbar(page).waitFor({ state: 'visible' });
    const bar = toolbar(page).getByRole('toolbar', { name: 'AI actions' });
    expect(await bar.getByRole('button').evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual(['0', '-1']);
    await page.keyboard.press('Alt+F10');
    await waitFor(async () => (await focusedText(page)) === 'Explain', { message: 'Explain focused' });
    await page.keyboard.press('ArrowRight');
    expect(await focusedText(page)).toBe('Edit with AI');
    expect(await bar.getByRole('button').evaluateAll((els) => els.map((el) => el.getAttribute('tabindex')))).toEqual(['-1', '0']);
    await page.keyboard.press('ArrowRight');
    expect(await focusedText(page)).toBe('Explain');
    await page.keyboard.press('ArrowLeft');
    expect(await focusedText(page)).toBe('Edit with AI');
    await page.keyboard.press('Home');
    expect(await focusedText(page)).toBe('Explain');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Edit with AI');
    await saveScreenshot(page, 'ai-toolbar-focused');
    await page.keyboard.press('Escape');
    await toolbar(page).waitFor({ state: 'detached' });
    expect(await editorHasFocus(page)).toBe(true);
    // The selection is kept.
    await waitFor(async () => (await page.locator('[data-testid=status-cursor]').textContent())?.includes('selected'), { message: 'the selection in the status bar' });
  });

  it("answers an action by keyboard: Enter says clearly that no AI provider is configured", async () => {
    const { page } = session;
    await selectLine(page, 5);
    await toolbar(page).waitFor({ state: 'visible', timeout: 5_000 });
    await page.keyboard.press('Alt+F10');
    await waitFor(async () => (await focusedText(page)) === 'Explain', { message: 'Explain focused' });
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'No AI provider is configured for Bullpen. AI actions are not available yet.' });
    await alert.waitFor({ timeout: 5_000 });
    await toolbar(page).waitFor({ state: 'detached' });
    expect(await editorHasFocus(page)).toBe(true);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('hides when the editor scrolls (wheel or Ctrl+Down), and does not come back until the next selection', async () => {
    const { page } = session;
    const editor = page.locator('[data-testid=monaco-host]').first();
    const wheel = async () => {
      const box = (await editor.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(0, 400);
    };
    await selectLine(page, 4);
    await toolbar(page).waitFor({ state: 'visible', timeout: 5_000 });
    await wheel();
    await toolbar(page).waitFor({ state: 'detached', timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await toolbar(page).count()).toBe(0);

    await selectLine(page, 4);
    await toolbar(page).waitFor({ state: 'visible', timeout: 5_000 });
    await page.keyboard.press('Control+ArrowDown'); // scrolls a line, the selection stays
    await toolbar(page).waitFor({ state: 'detached', timeout: 5_000 });
    await waitFor(async () => (await page.locator('[data-testid=status-cursor]').textContent())?.includes('selected'), { message: 'the selection in the status bar' });

    // A selection scrolled away within the second never shows it.
    await selectLine(page, 2);
    await wheel();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await toolbar(page).count()).toBe(0);
  });
});
