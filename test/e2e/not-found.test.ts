import { Browser } from 'playwright-core';
import { BullpenServer, launchBrowser, startServer, waitFor } from './support/server';

jest.setTimeout(120_000);

describe('Unknown sandbox', () => {
  let server: BullpenServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it("shows 'Sandbox not found' for a sandbox id that does not exist", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.origin}/sandbox/doesnotexist`);
    await waitFor(async () => (await page.locator('body').innerText()).includes('Sandbox not found'), { message: "'Sandbox not found' on the page" });
  });
});
