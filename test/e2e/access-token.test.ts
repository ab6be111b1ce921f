import { Browser } from 'playwright-core';
import { BullpenServer, connectionStatus, launchBrowser, openSandbox, startServer, waitFor } from './support/server';

jest.setTimeout(120_000);

/** ADR 0007: bound to all interfaces, the printed URL carries the access token, exchanged for a session cookie. */
describe('Access token on a network bind (HOST=0.0.0.0)', () => {
  let server: BullpenServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { HOST: '0.0.0.0' } }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('opens the printed URL with the token: the cookie is set, the token leaves the address bar, the editor connects and reconnects', async () => {
    expect(server.url).toMatch(new RegExp(`^http://localhost:${server.port}/sandbox/${server.sandboxId}\\?token=[A-Za-z0-9_-]{32}$`));
    const context = await browser.newContext();
    const page = await context.newPage();
    const isStart = (url: string) => url.endsWith(`/api/v1/vm/${server.sandboxId}/start`);
    const startCalls: string[] = [];
    const starts: number[] = [];
    page.on('request', (r) => isStart(r.url()) && startCalls.push(r.method()));
    page.on('response', (r) => isStart(r.url()) && starts.push(r.status()));
    await openSandbox(page, server.url);
    // The first start came with the page (its boot data, ADR 0012): no start call before connecting.
    expect(startCalls).toEqual([]);
    expect(page.url()).toBe(`${server.origin}/sandbox/${server.sandboxId}`);
    const cookies = await context.cookies(server.origin);
    expect(cookies).toEqual([expect.objectContaining({ name: `bullpen_session_${server.port}`, httpOnly: true, sameSite: 'Strict', path: '/' })]);
    expect(cookies[0].value).not.toContain(new URL(server.url).searchParams.get('token'));

    // A restart drops the socket; the client mints a new pitcher token with its cookie and reconnects without a reload.
    await page.evaluate(() => ((window as unknown as { __e2eMarker: string }).__e2eMarker = 'same-page'));
    const seen: string[] = [];
    const watcher = setInterval(() => connectionStatus(page).then((s) => seen.push(s), () => undefined), 50);
    try {
      await server.restart();
      await waitFor(() => seen.some((s) => s !== 'Connected'), { timeout: 10_000, message: 'a status other than Connected' });
      await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'Connected again' });
    } finally {
      clearInterval(watcher);
    }
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same-page');
    // Each reconnect attempt first mints a fresh pitcher token with the start call, which the session cookie
    // authenticates. While the server is down that call fails (no response at all) or the closing server answers 503;
    // the client then tries its last token (pitcher-client nextUrl), which the restarted server may accept, so no
    // start call need have answered 200. Every call made is a POST, none is refused, and the cookie mints a token now.
    expect(startCalls.length).toBeGreaterThan(0);
    expect(new Set(startCalls)).toEqual(new Set(['POST']));
    expect(starts.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const minted = await page.evaluate(async (id) => {
      const response = await fetch(`/api/v1/vm/${id}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { status: response.status, token: ((await response.json()) as { data?: { pitcher_token?: string } }).data?.pitcher_token };
    }, server.sandboxId);
    expect(minted).toEqual({ status: 200, token: expect.any(String) });
    await context.close();
  });

  it('shows the 401 page without the token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${server.origin}/sandbox/${server.sandboxId}`);
    expect(response?.status()).toBe(401);
    expect(await page.locator('h1').innerText()).toBe('Access token required');
    expect(await page.locator('body').innerText()).toContain('Open the default sandbox: http://…?token=…');
    expect(await context.cookies(server.origin)).toEqual([]);
    await context.close();
  });
});
