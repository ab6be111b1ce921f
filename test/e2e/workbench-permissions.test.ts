import { BullpenServer, E2E_OWNER_TOKEN, editorText, typeAtStart, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const READONLY_TEXT = 'This terminal is readonly, fork this devbox/branch to create new terminals.';

/** What visitors may do in the sandbox, switched at run time by its owner (docs/protocol/client.md "Access changes at run time"). */
async function setAccess(server: BullpenServer, anonymousAccess: 'read' | 'write'): Promise<void> {
  const res = await fetch(`${server.origin}/api/v1/sandboxes/${server.sandboxId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${E2E_OWNER_TOKEN}` },
    body: JSON.stringify({ anonymousAccess }),
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data: { anonymousAccess: string } }).data.anonymousAccess).toBe(anonymousAccess);
}

/**
 * Permissions changed while the page is open (docs/client/permissions.md): client/permissions reaches the views
 * without a reload. The page marks its window once; the mark still being there shows it was not reloaded.
 */
describe('Workbench when the sandbox access changes while the page is open', () => {
  const session = useSandboxSession();
  const note = () => session.page.locator('[data-testid=terminal-readonly]');
  const extensions = () => session.page.locator('[data-testid=status-enable-extensions]');
  const notReloaded = () => session.page.evaluate(() => (window as unknown as { bullpenE2eMark?: boolean }).bullpenE2eMark === true);

  it('starts with write access: typing edits the document, a terminal runs, no read-only text', async () => {
    const { page } = session;
    await page.locator('[data-testid=terminal] .xterm-rows').waitFor({ timeout: 30_000 });
    await page.evaluate(() => void ((window as unknown as { bullpenE2eMark?: boolean }).bullpenE2eMark = true));
    const token = uniqueToken('writer');
    await typeAtStart(page, `${token} `);
    await waitFor(async () => (await editorText(page)).includes(token), { message: 'typed text in the editor' });
    expect(await note().count()).toBe(0);
    expect(await page.locator('button[aria-label="New Terminal"]').count()).toBe(1);
    // Shell create permission and shell IO: the status bar offers VS Code extensions (spec 002 §6), and says why
    // Bullpen has none: a click explains instead of reloading the window for nothing.
    expect(await extensions().textContent()).toBe('Enable VSCode Extensions');
    expect(await extensions().getAttribute('title')).toBe(
      "Write access lets you install extensions via the server. Bullpen runs no VS Code server in the workspace, so extensions are not available; Bullpen's own language servers provide the language features.",
    );
    await extensions().click();
    const explanation = page.locator('.bp-toast[role=status]', { hasText: 'Extensions are not available in Bullpen' });
    await explanation.waitFor();
    expect(await explanation.textContent()).toContain("no VS Code server runs in this workspace. Bullpen's own language servers provide the language features");
    expect(await notReloaded()).toBe(true);
    await explanation.getByRole('button', { name: 'Dismiss' }).click();
  });

  it('switched to read: the terminal panel shows the read-only text and the editor refuses typing', async () => {
    const { page, server } = session;
    await setAccess(server, 'read');
    await note().waitFor({ timeout: 15_000 });
    expect(await note().textContent()).toBe(READONLY_TEXT);
    await waitFor(async () => (await page.locator('button[aria-label="New Terminal"]').count()) === 0, { message: 'no New Terminal button' });
    expect(await extensions().count()).toBe(0);
    expect(await page.locator('[data-testid=terminal]').count()).toBe(1); // the running terminal can still be watched
    // ... but nothing typed reaches the shell (shell.write; the client sends no keys, and the server would refuse them).
    const typed = uniqueToken('readerTerminal');
    await page.locator('[data-testid=terminal] .xterm').click();
    await page.keyboard.type(`echo ${typed}`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(1_000);
    expect(await page.locator('[data-testid=terminal] .xterm-rows').textContent()).not.toContain(typed);

    const before = await editorText(page);
    const refused = uniqueToken('reader');
    await typeAtStart(page, refused);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Backspace');
    expect(await editorText(page)).toBe(before); // not even shown for a moment
    await waitFor(async () => ((await page.locator('.monaco-editor-overlaymessage').textContent()) ?? '').includes('Cannot edit in read-only editor'), {
      message: "Monaco's read-only message",
    });
    await page.waitForTimeout(1_000);
    expect(await editorText(page)).toBe(before);
    expect(await notReloaded()).toBe(true);
  });

  it('switched back to write: editable again, the read-only text gone, still without a reload', async () => {
    const { page, server } = session;
    await setAccess(server, 'write');
    await waitFor(async () => (await note().count()) === 0, { message: 'the read-only text gone' });
    await page.locator('button[aria-label="New Terminal"]').waitFor({ timeout: 15_000 });
    expect(await extensions().count()).toBe(1);
    const token = uniqueToken('writerAgain');
    await typeAtStart(page, `${token} `);
    await waitFor(async () => (await editorText(page)).includes(token), { message: 'typed text in the editor again' });
    expect(await notReloaded()).toBe(true);
  });
});
