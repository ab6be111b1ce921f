import { Browser } from 'playwright-core';
import { BullpenServer, connectionStatus, launchBrowser, openSandbox, startServer, waitFor } from './support/server';

jest.setTimeout(120_000);

/**
 * ADR 0023 on a network bind (HOST=0.0.0.0): the default sandbox is private, the printed URL shows nothing to a
 * visitor, and the printed one-time link signs the owner in, lands in the editor and stays signed in across reloads
 * and a server restart.
 */
describe('The owner on a network bind (HOST=0.0.0.0)', () => {
  let server: BullpenServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { HOST: '0.0.0.0' } }), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('shows a visitor nothing of the private default sandbox: the page says not found and no pitcher token reaches it', async () => {
    expect(server.url).toBe(`http://localhost:${server.port}/sandbox/${server.sandboxId}`);
    const context = await browser.newContext();
    const page = await context.newPage();
    const answers: number[] = [];
    page.on('response', (r) => r.url().includes(`/api/v1/`) && r.url().includes(server.sandboxId) && answers.push(r.status()));
    await page.goto(server.url);
    expect(await page.content()).not.toContain('pitcher_token');
    await page.getByText(/not found/i).first().waitFor({ timeout: 30_000 });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((status) => status === 404)).toBe(true);
    await context.close();
  });

  it('signs the owner in with the printed link once: cookies set, the editor connects as the owner and reconnects after a restart', async () => {
    const link = server.ownerSignInUrl();
    expect(link).toMatch(new RegExp(`^http://localhost:${server.port}/signin/link/[A-Za-z0-9_-]{43}$`));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'connected as the owner' });
    expect(page.url()).toBe(`${server.origin}/sandbox/${server.sandboxId}`);
    const cookies = await context.cookies(server.origin);
    expect(cookies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: `bullpen_session_${server.port}`, httpOnly: true, sameSite: 'Strict', path: '/' }),
        expect.objectContaining({ name: `bullpen_signed_in_${server.port}`, value: 'true', httpOnly: false, sameSite: 'Strict' }),
      ]),
    );
    const me = await page.evaluate(async () => (await (await fetch('/api/v1/users/current')).json()) as { data: { username: string; siteRole: string } });
    expect(me.data).toMatchObject({ username: 'owner', siteRole: 'owner' });

    // The link worked once.
    const again = await (await browser.newContext()).newPage();
    expect((await again.goto(link))?.status()).toBe(410);
    await again.context().close();

    // A restart drops the socket; the client mints a new pitcher token with its session and reconnects, no reload.
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
    // The session is a row: after the restart a reload still opens the private sandbox.
    await openSandbox(page, `${server.origin}/sandbox/${server.sandboxId}`);
    await context.close();
  });
});
