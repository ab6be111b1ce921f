import { Browser, Page } from 'playwright-core';
import { BullpenServer, launchBrowser, openSandbox, startServer, waitFor } from './support/server';

jest.setTimeout(120_000);

/** The scripts a page fetched, by file name (`assets/<name>.<hash>.js`). */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.replace(/^\/assets\//, ''));
  });
  return scripts;
}

/** Client-side navigation, as a link of the app does it (react-router follows the history). */
const navigate = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

describe('client routes (issue 20 §1)', () => {
  let server: BullpenServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it.each(['/account', '/cli/login', '/signin'])('%s never fetches the editor (Monaco): only editor routes do', async (path) => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.origin}${path}`);
    await page.locator('h1').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => s.startsWith('editor.'))).toEqual([]);
    expect(scripts.some((s) => s.startsWith('app.'))).toBe(true);
    await page.close();
  });

  it("the editor route fetches the editor, and leaving it closes the workspace's connection", async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    const closed: string[] = [];
    page.on('websocket', (socket) => socket.on('close', () => closed.push(socket.url())));
    await openSandbox(page, server.url);
    expect(scripts.some((s) => s.startsWith('editor.'))).toBe(true);
    expect(closed).toEqual([]);
    await navigate(page, '/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await waitFor(() => closed.some((url) => url.includes('/pitcher/')), { message: 'the workspace websocket closed' });
    await page.close();
  });
});
