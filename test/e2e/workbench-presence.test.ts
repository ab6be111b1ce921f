import * as fs from 'fs';
import * as path from 'path';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { BullpenServer, connectionStatus, holdWorkspaceSocket, launchBrowser, openSandbox, startServer, waitFor } from './support/server';

jest.setTimeout(120_000);

const LINES = 300;
const LONG_FILE = 'long.txt';
const longText = Array.from({ length: LINES }, (_, i) => `line ${String(i + 1).padStart(3, '0')}`).join('\n') + '\n';

const avatar = (page: Page, clientId: string) => page.locator(`[data-testid=collaborators] li[data-client-id="${clientId}"]`);
const frame = (page: Page) => page.locator('[data-testid=follow-frame]');
const activeTab = (page: Page, filePath: string) => page.locator(`[data-testid=editor-tabs] [role=tab][data-path="${filePath}"][aria-selected=true]`);

/** The client id of the page's own user (the avatar marked '(you)'). */
async function selfId(page: Page): Promise<string> {
  return waitFor(
    () => page.locator('[data-testid=collaborators] li').evaluateAll((els) => els.find((el) => (el.getAttribute('title') ?? '').endsWith(' (you)'))?.getAttribute('data-client-id') ?? ''),
    { message: 'own avatar' },
  );
}

/** The line numbers Monaco shows in the page's editor now. */
async function visibleLines(page: Page): Promise<number[]> {
  const numbers = await page.locator('.monaco-editor .margin .line-numbers').evaluateAll((els) => els.map((el) => Number(el.textContent)));
  return numbers.filter((n) => Number.isFinite(n) && n > 0).sort((a, b) => a - b);
}

/** Presence and following (spec 002 §4), the start-up screen (§2, §9) and the disconnected banner (spec 001 §4), two users in Chromium. */
describe('Workbench presence and following', () => {
  let server: BullpenServer;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;
  let idB: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    fs.writeFileSync(path.join(server.filesDir, LONG_FILE), longText);
    [contextA, contextB] = await Promise.all([browser.newContext(), browser.newContext()]);
    [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    await openSandbox(pageA, server.url);
    await openSandbox(pageB, server.url);
    idB = await selfId(pageB);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("labels the window and shows B's avatar in A; following B by keyboard frames A's page in B's colour", async () => {
    expect(await pageA.title()).toMatch(/ - Devbox - Bullpen$/);
    expect(await pageA.locator('[data-testid=window-label]').textContent()).toBe('Devbox');
    const bInA = avatar(pageA, idB);
    await bInA.waitFor({ timeout: 15_000 });
    const button = bInA.getByRole('button');
    expect(await button.getAttribute('aria-label')).toMatch(/^Follow /);
    await button.focus();
    await pageA.keyboard.press('Enter');
    await frame(pageA).waitFor({ timeout: 10_000 });
    expect(await frame(pageA).getAttribute('data-client-id')).toBe(idB);
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    const colourOfB = await bInA.locator('.bp-avatar-face').evaluate((el) => getComputedStyle(el).backgroundColor);
    const frameColour = await frame(pageA).evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(frameColour).toBe(colourOfB);
    // B learns that A follows it.
    const idA = await selfId(pageA);
    await waitFor(async () => (await avatar(pageB, idA).getAttribute('data-follower')) === 'true', { message: 'A marked as follower in B' });
    await saveScreenshot(pageA, 'presence');
  });

  it('opens the file B opens and scrolls where B scrolls', async () => {
    await pageB.locator('.monaco-editor .view-lines').first().click();
    await pageB.keyboard.press('Control+P');
    await pageB.locator('[data-testid=quick-input]').waitFor();
    await pageB.keyboard.type(LONG_FILE);
    // Path search names root files with or without a leading '/'.
    await pageB.locator(`[role=option][data-id$="${LONG_FILE}"]`).first().waitFor({ timeout: 15_000 });
    await pageB.keyboard.press('Enter');
    await activeTab(pageB, LONG_FILE).waitFor();
    await activeTab(pageA, LONG_FILE).waitFor({ timeout: 10_000 });

    await pageB.locator('.monaco-editor .view-lines').first().click();
    await pageB.keyboard.press('Control+End');
    const linesB: number[] = await waitFor(async () => {
      const lines = await visibleLines(pageB);
      return lines.includes(LINES) ? lines : undefined;
    }, { message: 'B scrolled to the end' }).then((lines) => lines ?? []);
    expect(linesB[0]).toBeGreaterThan(100);
    await waitFor(async () => {
      const linesA = await visibleLines(pageA);
      return linesA.includes(linesB[0]) && linesA.includes(linesB[0] + 5);
    }, { timeout: 10_000, message: `A shows B's first visible line ${linesB[0]}` });
    expect(await frame(pageA).count()).toBe(1);
  });

  it('stops following when A types', async () => {
    const linesA = await visibleLines(pageA);
    await pageA.locator('.monaco-editor .view-lines').first().click();
    expect(await frame(pageA).count()).toBe(1); // a click is not an edit
    await pageA.keyboard.type('x');
    await frame(pageA).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await avatar(pageA, idB).getByRole('button').getAttribute('aria-pressed')).toBe('false');
    expect(linesA.length).toBeGreaterThan(0);
  });

  it("stops following 500 ms after B's file is no longer the one A shows", async () => {
    const button = avatar(pageA, idB).getByRole('button');
    await button.focus();
    await pageA.keyboard.press('Enter');
    await frame(pageA).waitFor({ timeout: 10_000 });
    await activeTab(pageA, LONG_FILE).waitFor({ timeout: 10_000 });
    // Measured in the page: from the moment another tab shows until the frame goes.
    await pageA.evaluate(() => {
      const w = window as unknown as { __unfollowedAfter: Promise<number> };
      w.__unfollowedAfter = new Promise<number>((resolve) => {
        let switchedAt: number | undefined;
        const check = () => {
          const shown = document.querySelector('[data-testid=editor-tabs] [role=tab][aria-selected=true]')?.getAttribute('data-path');
          if (switchedAt === undefined && shown !== undefined && shown !== 'long.txt') switchedAt = performance.now();
          if (switchedAt !== undefined && !document.querySelector('[data-testid=follow-frame]')) {
            observer.disconnect();
            resolve(performance.now() - switchedAt);
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected'] });
      });
    });
    await pageA.locator('.monaco-editor .view-lines').first().click();
    await pageA.keyboard.press('Alt+PageUp'); // the previous editor of the group: README.md
    await activeTab(pageA, 'README.md').waitFor({ timeout: 10_000 });
    expect(await frame(pageA).count()).toBe(1); // not at once
    const after = await pageA.evaluate(() => (window as unknown as { __unfollowedAfter: Promise<number> }).__unfollowedAfter);
    expect(after).toBeGreaterThanOrEqual(400);
    expect(after).toBeLessThan(2_000);
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    const idA = await selfId(pageA);
    await waitFor(async () => (await avatar(pageB, idA).getAttribute('data-follower')) !== 'true', { message: 'A no longer a follower in B' });
    // Not following, A stays where it went.
    await new Promise((r) => setTimeout(r, 300));
    expect(await activeTab(pageA, 'README.md').count()).toBe(1);
  });

  it('shows the start-up progress until the workspace is ready', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Hold the workspace connection (its frames wait here) until the start-up screen was seen.
    const release = await holdWorkspaceSocket(page);
    await page.goto(server.url);
    const overlay = page.locator('[data-testid=startup-overlay]');
    await overlay.waitFor();
    await waitFor(async () => (await page.locator('[data-testid=startup-message]').textContent()) === 'MicroVM started, connecting...55%', {
      message: 'MicroVM started at 55 %',
    });
    expect(await page.getByRole('progressbar', { name: 'Start-up progress' }).getAttribute('aria-valuenow')).toBe('55');
    await saveScreenshot(page, 'startup');
    release();
    await overlay.waitFor({ state: 'detached', timeout: 30_000 });
    await waitFor(async () => (await connectionStatus(page)) === 'Connected', { message: 'Connected after the start-up' });
    await context.close();
  });

  it('shows the disconnected banner with its wording while the server is down, asks before unload, and removes it once reconnected', async () => {
    const banner = pageA.locator('[data-testid=disconnected-banner]');
    const message = () => banner.locator('.bp-banner-message').textContent({ timeout: 1_000 }).catch(() => null);
    const seen = new Set<string>();
    const details = new Set<string>();
    await server.stop();
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.getAttribute('role')).toBe('alert');
    // The reconnect attempts (focused page), then the background retries after the reconnect phase gave up (≤ 10 s).
    await waitFor(
      async () => {
        const text = await message();
        if (text) seen.add(text);
        const detail = await banner.locator('.bp-banner-detail').textContent({ timeout: 1_000 }).catch(() => null);
        if (detail) details.add(detail);
        return text === 'You are disconnected. Retrying in the background…';
      },
      { timeout: 30_000, interval: 50, message: 'the background retry wording' },
    );
    expect([...seen]).toContain('Connection to the workspace lost. Reconnecting…');
    expect([...details].some((d) => /^Attempt [123] of 3$/.test(d))).toBe(true);
    expect(await banner.locator('.bp-banner-detail').textContent()).toBe('Edits made now are kept here and sent once the connection is back.');
    const reconnect = banner.getByRole('button', { name: 'Reconnect' });
    expect(await reconnect.isEnabled()).toBe(true);
    await saveScreenshot(pageA, 'disconnected');

    // Spec 001 §4: leaving the page asks first, with the spec's text (the handler's answer to a beforeunload event) …
    const unload = await pageA.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      Object.defineProperty(event, 'returnValue', { value: '', writable: true });
      window.dispatchEvent(event);
      return { prevented: event.defaultPrevented, text: (event as unknown as { returnValue: unknown }).returnValue };
    });
    expect(unload).toEqual({ prevented: true, text: 'You are disconnected, are you sure you want to reload. You risk loosing changes' });
    // … and Chromium shows its confirmation; staying keeps the page.
    await pageA.evaluate(() => ((window as unknown as { __e2eMarker: string }).__e2eMarker = 'same-page'));
    const dialog = new Promise<string>((resolve) => pageA.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await pageA.evaluate(() => setTimeout(() => location.reload()));
    expect(await dialog).toBe('beforeunload');
    expect(await pageA.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same-page');

    await server.restart();
    await banner.waitFor({ state: 'detached', timeout: 45_000 });
    await waitFor(async () => (await connectionStatus(pageA)) === 'Connected', { timeout: 10_000, message: 'Connected again' });
    // Connected: leaving needs no confirmation.
    const connected = await pageA.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      Object.defineProperty(event, 'returnValue', { value: '', writable: true });
      window.dispatchEvent(event);
      return { prevented: event.defaultPrevented, text: (event as unknown as { returnValue: unknown }).returnValue };
    });
    expect(connected).toEqual({ prevented: false, text: '' });
  });
});
