import { Browser, BrowserContext, Page } from 'playwright-core';
import { BullpenServer, editorText, launchBrowser, openSandbox, startServer, typeAtStart, uniqueToken, waitFor } from './support/server';

jest.setTimeout(120_000);

const collaborators = (page: Page) => page.locator('[data-testid=collaborators] li');

async function collaboratorNames(page: Page): Promise<string[]> {
  return collaborators(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-name') ?? ''));
}

describe('Collaboration', () => {
  let server: BullpenServer;
  let browser: Browser;
  let contextA: BrowserContext;
  let contextB: BrowserContext;
  let pageA: Page;
  let pageB: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    [contextA, contextB] = await Promise.all([browser.newContext(), browser.newContext()]);
    [pageA, pageB] = await Promise.all([contextA.newPage(), contextB.newPage()]);
    await openSandbox(pageA, server.url);
    await openSandbox(pageB, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('lists both connected users as collaborators on each page, marking self with (you)', async () => {
    for (const page of [pageA, pageB]) {
      await waitFor(async () => (await collaborators(page).count()) === 2, { message: 'two collaborators' });
      const titles = await collaborators(page).evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
      expect(titles.filter((t) => t.endsWith(' (you)'))).toHaveLength(1);
    }
    const idsA = await collaborators(pageA).evaluateAll((els) => els.map((el) => el.getAttribute('data-client-id')).sort());
    const idsB = await collaborators(pageB).evaluateAll((els) => els.map((el) => el.getAttribute('data-client-id')).sort());
    expect(idsA).toEqual(idsB);
    expect(new Set(idsA).size).toBe(2);
  });

  it("shows text typed in page A in page B's editor", async () => {
    const token = uniqueToken('fromA');
    await typeAtStart(pageA, `${token} `);
    await waitFor(async () => (await editorText(pageB)).includes(token), { message: `${token} in page B` });
  });

  it("shows text typed in page B in page A's editor", async () => {
    const token = uniqueToken('fromB');
    await typeAtStart(pageB, `${token} `);
    await waitFor(async () => (await editorText(pageA)).includes(token), { message: `${token} in page A` });
    // Both documents converge.
    await waitFor(async () => (await editorText(pageA)) === (await editorText(pageB)), { message: 'converged documents' });
  });

  it('converges with every keystroke exactly once when both users type at the same time', async () => {
    const tokenA = uniqueToken('concurrentA');
    const tokenB = uniqueToken('concurrentB');
    const typeAtEnd = async (page: Page, text: string) => {
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(text, { delay: 5 });
    };
    await Promise.all([typeAtStart(pageA, `${tokenA} `), typeAtEnd(pageB, ` ${tokenB}`)]);
    await waitFor(async () => {
      const [a, b] = [await editorText(pageA), await editorText(pageB)];
      return a === b && a.includes(tokenA) && a.includes(tokenB);
    }, { timeout: 30_000, message: 'both tokens on both pages, identical texts' });
    const text = await editorText(pageA);
    expect(text.split(tokenA)).toHaveLength(2);
    expect(text.split(tokenB)).toHaveLength(2);
  });

  it("shows each user's caret in the other user's editor, labelled with their name", async () => {
    await typeAtStart(pageA, 'a');
    await waitFor(async () => (await pageB.locator('.monaco-editor .bp-remote-caret').count()) > 0, { message: 'remote caret of A in page B' });
    await typeAtStart(pageB, 'b');
    await waitFor(async () => (await pageA.locator('.monaco-editor .bp-remote-caret').count()) > 0, { message: 'remote caret of B in page A' });

    const selfName = async (page: Page) =>
      collaborators(page).evaluateAll((els) => els.find((el) => (el.getAttribute('title') ?? '').endsWith(' (you)'))?.getAttribute('data-name') ?? '');
    const [nameA, nameB] = [await selfName(pageA), await selfName(pageB)];
    expect(nameA).not.toBe('');
    expect(nameB).not.toBe('');
    const caretLabel = (page: Page) =>
      page.locator('.monaco-editor .bp-remote-caret').first().evaluate((el) => getComputedStyle(el, '::after').content);
    await waitFor(async () => (await caretLabel(pageB)).includes(nameA), { message: `caret label ${nameA} in page B` });
    await waitFor(async () => (await caretLabel(pageA)).includes(nameB), { message: `caret label ${nameB} in page A` });
  });

  it('lists one collaborator on page A after page B closes', async () => {
    expect(await collaboratorNames(pageA)).toHaveLength(2);
    await contextB.close();
    await waitFor(async () => (await collaborators(pageA).count()) === 1, { timeout: 20_000, message: 'one collaborator on page A' });
    expect(await collaborators(pageA).first().getAttribute('title')).toMatch(/ \(you\)$/);
  });
});
