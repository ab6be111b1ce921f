import * as fs from 'fs';
import { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { BullpenServer, launchBrowser, openSandbox, startServer } from './support/server';

jest.setTimeout(120_000);

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's WCAG A and AA violations as "<rule>: <element>", in the page or in the element `within` selects. */
async function violations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    async ({ tags, within }) => {
      type Result = { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> };
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
      const result = await axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
    },
    { tags: RULE_TAGS, within },
  );
}

/** Every sign-in method on: the server's features (until the server half answers them, the route is faked here). */
const allMethods = (page: Page) =>
  page.route('**/api/meta/features', (route) =>
    route.fulfill({
      json: { data: { loginWithGithub: true, loginWithGoogle: true, loginWithApple: true, loginWithWorkos: true, loginWithPassword: true, signup: 'open' } },
    }),
  );

describe('sign-in and account pages: accessibility and keyboard (axe-core in Chromium)', () => {
  let server: BullpenServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('the sign-in dialog of the workbench, opened and closed by keyboard, focus kept inside and given back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await allMethods(page);
    await openSandbox(page, server.url);
    const entry = page.getByRole('button', { name: 'Sign in', exact: true });
    await entry.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign in to Bullpen' });
    await dialog.getByRole('button', { name: 'Sign in with GitHub' }).waitFor();
    expect(await violations(page, '.bp-modal')).toEqual([]);
    await saveScreenshot(page, 'sign-in-dialog');
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Sign in with SSO' }).click();
    await dialog.getByPlaceholder('Enter your email').waitFor();
    expect(await violations(page, '.bp-modal')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign in');
    await page.close();
  });

  it.each(['/account', '/cli/login'])('%s, as it shows a visitor who is signed out', async (path) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await allMethods(page);
    await page.goto(`${server.origin}${path}`);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.close();
  });
});
