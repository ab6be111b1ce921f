import { Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { launchBrowser, openSandbox, startServer, useSandboxSession, waitFor } from './support/server';
import { command } from './support/palette';

jest.setTimeout(120_000);

const READONLY_TEXT = 'This terminal is readonly, fork this devbox/branch to create new terminals.';
const active = (page: Page) => page.locator('[data-testid=terminal]');
const activeText = (page: Page) => active(page).locator('.xterm-rows').innerText();
const tabNames = (page: Page) => page.locator('[role=tablist][aria-label=Terminals] [role=tab] .bp-terminal-tab-name').allTextContents();

async function typeInTerminal(page: Page, text: string): Promise<void> {
  await waitFor(() => active(page).locator('.xterm-helper-textarea').evaluate((el) => el === document.activeElement), { message: 'the active terminal has the keyboard' });
  await page.keyboard.type(text);
}

/** The terminal panel (issue 7): several terminals by keyboard, rename, kill, restart, split, the read-only text. */
describe('Workbench terminal', () => {
  const session = useSandboxSession();

  it('creates a second terminal with Ctrl+Shift+` and keeps the output of the hidden one', async () => {
    const { page } = session;
    await active(page).locator('.xterm-rows').waitFor({ timeout: 30_000 });
    await active(page).locator('.xterm-helper-textarea').focus();
    // Output that arrives while the tab is hidden.
    await page.keyboard.type('sleep 1; echo first-$((40+2))\n');
    await page.keyboard.press('Control+Shift+Backquote');
    await waitFor(async () => (await tabNames(page)).length === 2, { message: 'two terminal tabs' });
    const first = await page.locator('[role=tab][data-shell-id]').first().getAttribute('data-shell-id');
    const second = await page.locator('[role=tab][data-shell-id]').nth(1).getAttribute('data-shell-id');
    await waitFor(async () => (await active(page).getAttribute('data-shell-id')) === second, { message: 'the new terminal is active' });
    await typeInTerminal(page, 'echo second-$((1+1))\n');
    await waitFor(async () => (await activeText(page)).includes('second-2'), { message: 'second-2 in the new terminal', timeout: 30_000 });
    await page.waitForTimeout(1_500);

    // Into the tab list (its active tab), then one tab to the left.
    await page.locator(`[role=tab][data-shell-id="${second}"]`).focus();
    await page.keyboard.press('ArrowLeft');
    await waitFor(async () => (await active(page).getAttribute('data-shell-id')) === first, { message: 'back on the first terminal' });
    await waitFor(async () => (await activeText(page)).includes('first-42'), { message: 'the output that came while hidden', timeout: 30_000 });
    expect(await activeText(page)).not.toContain('second-2');
  });

  it('renames the active terminal from the command palette', async () => {
    const { page } = session;
    await command(page, 'Terminal: Rename');
    const input = page.locator('input[aria-label="Terminal name"]');
    await waitFor(() => input.evaluate((el) => el === document.activeElement), { message: 'the name field has the keyboard' });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('build shell');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await tabNames(page))[0] === 'build shell', { message: 'the tab renamed' });
  });

  it('kills a terminal: the tab stays and shows how it ended; Terminal: Restart Terminal runs it again', async () => {
    const { page } = session;
    await command(page, 'Terminal: Kill the Active Terminal Instance');
    const ended = page.locator('.bp-terminal-pane:not([hidden]) [data-testid=terminal-exit]');
    await waitFor(async () => /killed, exit code \d+/.test((await ended.textContent()) ?? ''), { message: 'killed with an exit code', timeout: 30_000 });
    expect(await page.locator('[role=tab][aria-selected=true] .bp-terminal-tab-status').textContent()).toMatch(/^killed, exit code \d+$/);
    await waitFor(async () => /\[Process exited with code \d+\]/.test(await activeText(page)), { message: 'the exit line in the terminal' });

    expect(await ended.getByRole('button', { name: 'Restart' }).count()).toBe(1);
    await command(page, 'Terminal: Restart Terminal');
    await waitFor(async () => (await ended.count()) === 0, { message: 'running again' });
    await active(page).locator('.xterm-helper-textarea').focus();
    await page.keyboard.type('echo again-$((2+3))\n');
    await waitFor(async () => (await activeText(page)).includes('again-5'), { message: 'again-5 after the restart', timeout: 30_000 });
    expect(await activeText(page)).not.toContain('first-42');
  });

  it('splits the panel: two terminals side by side', async () => {
    const { page } = session;
    await command(page, 'Terminal: Split Terminal');
    const panes = page.locator('.bp-terminal-pane:not([hidden]) .bp-xterm');
    await waitFor(async () => (await panes.count()) === 2, { message: 'two panes on screen' });
    const boxes = await panes.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width })));
    expect(boxes[1].x).toBeGreaterThanOrEqual(boxes[0].x + boxes[0].width - 2);
    expect(Math.abs(boxes[1].y - boxes[0].y)).toBeLessThan(2);
    await typeInTerminal(page, 'echo split-$((3*3))\n');
    await waitFor(async () => (await activeText(page)).includes('split-9'), { message: 'split-9 in the new pane', timeout: 30_000 });
    await saveScreenshot(page, 'terminal');
  });
});

describe('Workbench terminal for a reader', () => {
  it('shows the read-only text when visitors may only read', async () => {
    const [server, browser] = await Promise.all([startServer({ env: { BULLPEN_ANONYMOUS_ACCESS: 'read' } }), launchBrowser()]);
    try {
      const page = await browser.newPage();
      await openSandbox(page, server.url);
      const note = page.locator('[data-testid=terminal-readonly]');
      await note.waitFor({ timeout: 30_000 });
      expect(await note.textContent()).toBe(READONLY_TEXT);
      expect(await page.locator('button[aria-label="New Terminal"]').count()).toBe(0);
      expect(await page.locator('[data-testid=terminal]').count()).toBe(0);
    } finally {
      await browser.close();
      await server.dispose();
    }
  });
});
