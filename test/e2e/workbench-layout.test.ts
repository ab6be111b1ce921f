import * as fs from 'fs';
import * as path from 'path';
import { Locator, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { connectionStatus, holdWorkspaceSocket, openSandbox, useSandboxSession, waitFor } from './support/server';
import { command } from './support/palette';

jest.setTimeout(120_000);

/** Spec 002 §2: the first editor group opens the first of these that exists. */
const INITIAL_FILES = [
  'README.md', 'src/App.js', 'src/App.tsx', 'src/index.js', 'src/index.ts', 'src/index.tsx', 'index.js', 'index.ts', 'src/main.tsx',
  'src/main.jsx', 'main.ts', 'src/main.rs', 'src/lib.rs', 'index.html', 'src/index.html', 'src/index.vue', 'src/App.vue', 'src/main.astro',
  'package.json',
];

/**
 * The workbench shell (issue 7): activity bar, command palette, quick open, layout kept per user, query parameters,
 * the status bar's connection item, the new-tab page when no initial file exists.
 */
describe('Workbench layout', () => {
  const session = useSandboxSession();
  const sideBar = () => session.page.locator('[data-testid=side-bar]');

  it("shows only the views Bullpen has, in the spec's order, none leading to a dead end", async () => {
    const { page, server } = session;
    const views = await page.locator('.bp-activity-bar [role=tab]').evaluateAll((els) => els.map((el) => el.getAttribute('data-view')));
    expect(views).toEqual(['explorer', 'search', 'scm', 'bullpen']);
    // The explorer shows first: the others, then the explorer again (a click on the shown view would hide the bar).
    for (const view of [...views.slice(1), views[0]]) {
      await page.locator(`.bp-activity-bar [data-view=${view}]`).click();
      await waitFor(async () => (await sideBar().getAttribute('data-view')) === view, { message: `the ${view} view shown` });
      await waitFor(async () => !(await sideBar().textContent())?.includes('Loading'), { message: `the ${view} view loaded` });
      expect(await sideBar().textContent()).not.toContain('Not available');
    }
    // The palette offers no view Bullpen does not have.
    await page.keyboard.press('Control+Shift+P');
    await page.locator('[data-testid=quick-input]').waitFor();
    const labels = await page.locator('#bp-quick-list [role=option]').allInnerTexts();
    await page.keyboard.press('Escape');
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.filter((l) => /\b(debug|extensions?|remote explorer|references|pull requests?|chat)\b/i.test(l))).toEqual([]);
    // Nor does a link asking for one (?sidebar="debug"): the saved view shows.
    await page.goto(`${server.url}?sidebar=%22debug%22`);
    await sideBar().waitFor({ timeout: 30_000 });
    expect(await sideBar().getAttribute('data-view')).toBe('explorer');
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
    await saveScreenshot(page, 'quick-open');
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

  it('keeps the resized preview, bottom panel and editor groups split after a reload (each sash by keyboard)', async () => {
    const { page, server } = session;
    const sash = (label: string) => page.locator(`[role=separator][aria-label="${label}"]`);
    const valueOf = async (label: string) => Number(await sash(label).getAttribute('aria-valuenow'));
    const panel = page.locator('[data-testid=bottom-panel]');
    const firstGroup = page.locator('[role=group][data-group="1"]');
    const preview = page.locator('[data-testid=preview]');
    const width = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().width);
    const height = (locator: Locator) => locator.evaluate((el) => el.getBoundingClientRect().height);
    // A window with room for the preview at the width set (in a narrower one it gives way to the editor:
    // workbench-narrow-layout.test.ts).
    await page.setViewportSize({ width: 1920, height: 1080 });
    // The preview, shown from the command palette (saved, unlike ?layout=preview).
    await command(page, 'View: Toggle Preview');
    await preview.waitFor();
    try {
      // The preview's sash, on its left edge: Left widens the preview.
      const previewBefore = await valueOf('Resize preview');
      expect(await width(preview)).toBe(previewBefore);
      await sash('Resize preview').focus();
      await page.keyboard.press('Shift+ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await waitFor(async () => (await valueOf('Resize preview')) === previewBefore + 60, { message: 'the preview 60 px wider' });
      expect(await width(preview)).toBe(previewBefore + 60);

      // The bottom panel's sash: Up makes the panel taller.
      const panelBefore = await valueOf('Resize panel');
      expect(await height(panel)).toBe(panelBefore);
      await sash('Resize panel').focus();
      await page.keyboard.press('Shift+ArrowUp');
      await page.keyboard.press('Shift+ArrowUp');
      await waitFor(async () => (await valueOf('Resize panel')) === panelBefore + 100, { message: 'the panel 100 px taller' });
      expect(await height(panel)).toBe(panelBefore + 100);

      // The sash between the editor groups: Right widens the first group.
      const groupsBefore = await valueOf('Resize editor groups');
      expect(Math.abs((await width(firstGroup)) - groupsBefore)).toBeLessThanOrEqual(1);
      await sash('Resize editor groups').focus();
      await page.keyboard.press('Shift+ArrowRight');
      await page.keyboard.press('ArrowRight');
      await waitFor(async () => Math.abs((await valueOf('Resize editor groups')) - (groupsBefore + 60)) <= 1, { message: 'the first group 60 px wider' });
      const groupsAfter = await width(firstGroup);
      expect(Math.abs(groupsAfter - (groupsBefore + 60))).toBeLessThanOrEqual(1);
      await saveScreenshot(page, 'layout-resized');

      await page.reload();
      await openSandbox(page, server.url);
      await preview.waitFor();
      expect(await valueOf('Resize preview')).toBe(previewBefore + 60);
      expect(await width(preview)).toBe(previewBefore + 60);
      expect(await valueOf('Resize panel')).toBe(panelBefore + 100);
      expect(await height(panel)).toBe(panelBefore + 100);
      // The split is saved as a share of the editor area's width: back within a pixel or two.
      await waitFor(async () => Math.abs((await width(firstGroup)) - groupsAfter) <= 2, { message: 'the editor groups split after the reload' });
      expect(Math.abs((await valueOf('Resize editor groups')) - groupsAfter)).toBeLessThanOrEqual(2);
    } finally {
      // The later tests expect no preview in the saved layout, at 1280 × 720.
      await command(page, 'View: Toggle Preview');
      await preview.waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1280, height: 720 });
    }
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
  it('moves between the bottom panel tabs with the arrow keys, Home and End, showing each panel', async () => {
    const { page } = session;
    const tab = (name: string) => page.locator('[data-testid=bottom-panel] [role=tablist][aria-label=Panels]').getByRole('tab', { name, exact: true });
    const panelOf = async () => page.locator(`#${await page.locator('[data-testid=bottom-panel] [role=tablist][aria-label=Panels] [role=tab][aria-selected=true]').getAttribute('aria-controls')}`);
    await tab('Terminal').click();
    await page.keyboard.press('ArrowRight');
    await waitFor(async () => (await tab('Tasks').getAttribute('aria-selected')) === 'true', { message: 'Tasks selected' });
    expect(await tab('Tasks').evaluate((el) => el === document.activeElement)).toBe(true);
    await (await panelOf()).locator('[data-testid=tasks-panel]').waitFor();
    expect(await (await panelOf()).getAttribute('aria-labelledby')).toBe(await tab('Tasks').getAttribute('id'));
    await page.keyboard.press('End');
    await (await panelOf()).locator('[data-testid=problems-panel]').waitFor();
    await page.keyboard.press('ArrowRight');
    await (await panelOf()).locator('.bp-terminal-panel').first().waitFor();
    expect(await tab('Terminal').evaluate((el) => el === document.activeElement)).toBe(true);
    // Tab leaves the tab list from the selected tab: one Tab stop.
    expect(await page.locator('[data-testid=bottom-panel] [role=tablist][aria-label=Panels] [role=tab][tabindex="0"]').count()).toBe(1);
  });

  it('honours the layout query parameter (editor, panel, preview) for the visit only', async () => {
    const { page, server } = session;
    const panel = page.locator('[data-testid=bottom-panel]');
    const preview = page.locator('[data-testid=preview]');
    await page.goto(`${server.url}?layout=editor`);
    await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
    expect(await panel.count()).toBe(0);
    expect(await preview.count()).toBe(0);

    await page.goto(`${server.url}?layout=preview`);
    await preview.waitFor({ timeout: 30_000 });
    expect(await preview.textContent()).toContain('No open port to preview.');
    await page.locator('.monaco-editor .view-lines').first().waitFor();

    // The panel hidden (saved), then shown for one visit by layout=panel.
    await page.goto(server.url);
    await panel.waitFor({ timeout: 30_000 });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+J');
    await panel.waitFor({ state: 'detached' });
    await page.goto(`${server.url}?layout=panel`);
    await panel.waitFor({ timeout: 30_000 });
    expect(await preview.count()).toBe(0);
    await page.goto(server.url);
    await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });
    expect(await panel.count()).toBe(0);
    expect(await preview.count()).toBe(0);
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+J');
    await panel.waitFor();
  });

  it("shows the connection in the status bar: Connecting until the workspace answers, then Connected", async () => {
    const { browser, server } = session;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // Hold the workspace connection until 'Connecting' was seen.
      const release = await holdWorkspaceSocket(page);
      await page.goto(server.url);
      const item = page.locator('[data-testid=status-bar] [data-testid=connection-status]');
      await waitFor(async () => (await item.textContent({ timeout: 1_000 }).catch(() => '')) === 'Connecting', { message: 'Connecting in the status bar', timeout: 30_000 });
      expect(await item.getAttribute('role')).toBe('status');
      release();
      await waitFor(async () => (await connectionStatus(page)) === 'Connected', { message: 'Connected in the status bar', timeout: 30_000 });
      expect(await item.getAttribute('title')).toBe('Connected');
      expect(await item.getAttribute('class')).toContain('bp-connection-connected');
    } finally {
      await context.close();
    }
  });

  it('shows the new-tab page in the first group when no file of the initial list exists; its actions work by keyboard', async () => {
    const { browser, server } = session;
    const away = path.join(server.filesDir, 'moved-away');
    const moved = INITIAL_FILES.filter((file) => fs.existsSync(path.join(server.filesDir, file)));
    expect(moved).toContain('README.md');
    for (const file of moved) {
      fs.mkdirSync(path.dirname(path.join(away, file)), { recursive: true });
      fs.renameSync(path.join(server.filesDir, file), path.join(away, file));
    }
    // A new visitor: no saved editor groups.
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'Connected' });
      const newTab = page.locator('[role=group][data-group="1"]').getByRole('region', { name: 'New Tab' });
      await newTab.waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid=editor-tabs] [role=tab][data-path]').count()).toBe(0);
      const entries = await newTab.locator('li').evaluateAll((items) => items.map((li) => `${li.querySelector('button')?.textContent}|${li.querySelector('kbd')?.textContent ?? ''}`));
      expect(entries).toEqual(['Go to File…|Ctrl+P', 'New File…|', 'Show All Commands|Ctrl+Shift+P']);
      await saveScreenshot(page, 'new-tab-page');
      // The page has the keyboard: Enter on its first action opens quick open.
      await waitFor(() => newTab.getByRole('button', { name: 'Go to File…' }).evaluate((el) => el === document.activeElement), { message: 'Go to File… focused' });
      await page.keyboard.press('Enter');
      await page.locator('[role=dialog][aria-label="Quick open"]').waitFor();
      await page.keyboard.press('Escape');
    } finally {
      await context.close();
      for (const file of moved) fs.renameSync(path.join(away, file), path.join(server.filesDir, file));
      fs.rmSync(away, { recursive: true, force: true });
    }
  });
});
