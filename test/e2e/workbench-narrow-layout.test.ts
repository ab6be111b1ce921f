import * as fs from 'fs';
import * as path from 'path';
import { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { BullpenServer, launchBrowser, openSandbox, startServer, waitFor } from './support/server';
import { command } from './support/palette';

jest.setTimeout(180_000);

/** A usable editor: about 57 columns of 14 px code beside the gutter (issue 19 item 7). */
const MIN_CONTENT_WIDTH = 480;
const CHAPTERS = [1, 2, 3, 4, 5, 6].map((n) => `notes/chapter-${n}-notes.md`);
const LONG_LINE = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');

const group = (page: Page, n: number) => page.locator(`[role=group][data-group="${n}"]`);

/** The width of the text area of the active group's editor (Monaco's scrollable content, without the gutter). */
function activeContentWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const active = document.querySelector('[role=tab][aria-selected=true][data-path]')!.closest('[role=group]')!;
    return active.querySelector('.monaco-editor .editor-scrollable')!.getBoundingClientRect().width;
  });
}

async function quickOpen(page: Page, file: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.locator('[data-testid=quick-input]').waitFor();
  await page.keyboard.type(file);
  // Enter once the file is the selected option (the list follows the typing).
  await page.locator(`[role=option][aria-selected=true][data-id="${file}"]`).waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator(`[role=tab][data-path="${file}"][aria-selected=true]`).waitFor();
}

/**
 * Each tab of each strip, scrolled into view as a user would with the wheel: its centre and its lower edge hit the
 * tab (the strip's scroll bar does not cover it), at the strip's full height (the name on one line).
 */
async function tabsHit(page: Page): Promise<{ name: string; centre: boolean; lowerEdge: boolean; height: number }[]> {
  return page.locator('[role=tablist][data-group] [role=tab]').evaluateAll((tabs) =>
    tabs.map((tab) => {
      tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = tab.getBoundingClientRect();
      const hits = (x: number, y: number) => tab.contains(document.elementFromPoint(x, y));
      return {
        name: tab.getAttribute('data-path') ?? 'New Tab',
        centre: hits(r.left + r.width / 2, r.top + r.height / 2),
        lowerEdge: hits(r.left + r.width / 2, r.bottom - 2),
        height: Math.round(r.height),
      };
    }),
  );
}

/** Issue 19 item 7: the editor keeps a usable width beside the side bar, the pinned group and the preview. */
describe('Workbench in a narrow window', () => {
  let server: BullpenServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    // Scroll bars as a user's Chromium shows them (Playwright hides them in headless mode by default).
    [server, browser] = await Promise.all([startServer(), launchBrowser([], { showScrollbars: true })]);
    fs.mkdirSync(path.join(server.filesDir, 'notes'), { recursive: true });
    CHAPTERS.forEach((file, i) => fs.writeFileSync(path.join(server.filesDir, file), `# Chapter ${i + 1}\n\n${LONG_LINE}\n`));
    fs.writeFileSync(path.join(server.filesDir, 'notes/long-line.ts'), `export const words = '${LONG_LINE}';\n`);
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await openSandbox(page, server.url);
    await command(page, 'View: Toggle Preview');
    await page.locator('[data-testid=preview]').waitFor();
    for (const file of CHAPTERS) await quickOpen(page, file);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('at 1280×720 with the side bar and the preview open, the editor keeps a usable width', async () => {
    expect(await page.locator('[data-testid=side-bar]').isVisible()).toBe(true);
    expect(await page.locator('[data-testid=preview]').isVisible()).toBe(true);
    await waitFor(async () => (await activeContentWidth(page)) >= MIN_CONTENT_WIDTH, { message: `the editor's text at least ${MIN_CONTENT_WIDTH} px wide` });
    await saveScreenshot(page, 'narrow-layout-1280x720');
  });

  it('keeps every tab clickable: the active one in view, each at full height and not under the scroll bar', async () => {
    const active = await page.locator(`[role=tab][data-path="${CHAPTERS[5]}"]`).evaluate((tab) => {
      const strip = tab.closest('[role=tablist]')!.getBoundingClientRect();
      const r = tab.getBoundingClientRect();
      return r.left >= strip.left - 0.5 && r.right <= strip.right + 0.5;
    });
    expect(active).toBe(true);
    const tabs = await tabsHit(page);
    expect(tabs.length).toBeGreaterThanOrEqual(CHAPTERS.length + 1);
    const stripHeight = Math.max(...tabs.map((t) => t.height));
    expect(stripHeight).toBeGreaterThanOrEqual(30);
    expect(tabs.filter((t) => !t.centre || !t.lowerEdge || t.height !== stripHeight)).toEqual([]);
    // The wheel scrolls the strip sideways.
    const strip = page.locator('[data-testid=editor-tabs]');
    await strip.evaluate((el) => (el.scrollLeft = 0));
    const box = (await strip.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, 200);
    await waitFor(async () => (await strip.evaluate((el) => el.scrollLeft)) > 0, { message: 'the strip scrolled by the wheel' });
  });

  it('wraps Markdown lines (VS Code\'s [markdown] wordWrap on), not code', async () => {
    await quickOpen(page, CHAPTERS[0]);
    const renderedLines = () => page.evaluate(() => {
      const active = document.querySelector('[role=tab][aria-selected=true][data-path]')!.closest('[role=group]')!;
      return active.querySelectorAll('.monaco-editor .view-lines > .view-line').length;
    });
    // Four lines of text (the heading, a blank line, the long line, the empty last line): the long one wraps.
    await waitFor(async () => (await renderedLines()) >= 6, { message: 'the long Markdown line wrapped' });
    await quickOpen(page, 'notes/long-line.ts');
    await waitFor(async () => (await renderedLines()) === 2, { message: 'the long TypeScript line on one line' });
  });

  it('shows the pinned new-tab group again when the window has room, and keeps the editor usable', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await group(page, 2).locator('[role=tab][data-new-tab]').waitFor();
    expect(await group(page, 2).isVisible()).toBe(true);
    await quickOpen(page, CHAPTERS[1]);
    await waitFor(async () => (await activeContentWidth(page)) >= MIN_CONTENT_WIDTH, { message: `the editor's text at least ${MIN_CONTENT_WIDTH} px wide` });
    await saveScreenshot(page, 'narrow-layout-1920x1080');
    const tabs = await tabsHit(page);
    expect(tabs.filter((t) => !t.centre || !t.lowerEdge)).toEqual([]);
  });
});
