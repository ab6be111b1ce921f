import { saveScreenshot } from './support/screenshots';
import { openSandbox, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

/** The workbench shell (issue 7): activity bar, command palette, quick open, layout kept per user, query parameters. */
describe('Workbench layout', () => {
  const session = useSandboxSession();
  const sideBar = () => session.page.locator('[data-testid=side-bar]');

  it("shows the activity bar in the spec's order with the missing views marked", async () => {
    const { page } = session;
    const views = await page.locator('.bp-activity-bar [role=tab]').evaluateAll((els) => els.map((el) => el.getAttribute('data-view')));
    expect(views).toEqual(['explorer', 'search', 'scm', 'debug', 'remote', 'extensions', 'bullpen', 'references', 'pull-requests', 'chat']);
    await page.locator('.bp-activity-bar [data-view=debug]').click();
    await waitFor(async () => (await sideBar().textContent())?.includes('Not available in Bullpen yet'), { message: 'not-available text' });
    await page.locator('.bp-activity-bar [data-view=explorer]').click();
    await page.locator('[data-testid=file-tree]').waitFor();
    await saveScreenshot(page, 'workbench');
  });

  it('runs an action from the command palette by keyboard, with its key binding listed', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Shift+P');
    const input = page.locator('[data-testid=quick-input]');
    await input.waitFor();
    expect(await input.inputValue()).toBe('>');
    await page.keyboard.type('toggle side bar');
    const option = page.locator('[role=option][data-id="workbench.action.toggleSidebarVisibility"]');
    await option.waitFor();
    expect(await option.locator('kbd').textContent()).toBe('Ctrl+B');
    await saveScreenshot(page, 'command-palette');
    await page.keyboard.press('Enter');
    await waitFor(async () => (await sideBar().count()) === 0, { message: 'side bar hidden' });
    await page.keyboard.press('Control+B');
    await sideBar().waitFor();
  });

  it('opens a file with quick open (Ctrl+P) over path search', async () => {
    const { page } = session;
    await page.keyboard.press('Control+P');
    await page.locator('[data-testid=quick-input]').waitFor();
    await page.keyboard.type('appjs');
    await page.locator('[role=option][data-id="src/App.js"]').waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/App.js"][aria-selected=true]').waitFor();
    await waitFor(async () => (await page.locator('[data-testid=status-language]').textContent()) === 'JavaScript', { message: 'status bar language' });
    expect(await page.locator('[data-testid=status-cursor]').textContent()).toMatch(/^Ln \d+, Col \d+/);
    expect(await page.locator('[data-testid=status-branch]').textContent()).toContain('main');
  });

  it('keeps a resized side bar and the chosen panel after a reload', async () => {
    const { page } = session;
    const sash = page.locator('[role=separator][aria-label="Resize side bar"]');
    const before = Number(await sash.getAttribute('aria-valuenow'));
    await sash.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await waitFor(async () => Number(await sash.getAttribute('aria-valuenow')) === before + 100, { message: 'side bar 100 px wider' });
    await page.reload();
    await openSandbox(page, session.server.url);
    expect(Number(await page.locator('[role=separator][aria-label="Resize side bar"]').getAttribute('aria-valuenow'))).toBe(before + 100);
    expect(await sideBar().evaluate((el) => el.getBoundingClientRect().width)).toBe(before + 100);
  });

  it('honours the file, sidebar and showConsole query parameters for the visit only', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}?file=src/index.js&sidebar=%22search%22&showConsole=0`);
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/index.js"][aria-selected=true]').waitFor({ timeout: 30_000 });
    expect(await sideBar().getAttribute('data-view')).toBe('search');
    expect(await page.locator('[data-testid=bottom-panel]').count()).toBe(0);
    await page.goto(`${server.url}?sidebar=false`);
    await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
    expect(await sideBar().count()).toBe(0);
    // Not saved: a plain visit shows the saved layout again.
    await page.goto(server.url);
    await sideBar().waitFor({ timeout: 30_000 });
    expect(await sideBar().getAttribute('data-view')).toBe('explorer');
    await page.locator('[data-testid=bottom-panel]').waitFor();
  });
});
