import * as path from 'path';
import { connectionStatus, editorText, readFileOrEmpty, typeAtStart, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

describe('Reconnect after a server restart', () => {
  const session = useSandboxSession();

  it('reconnects without a reload, keeps unsaved acknowledged edits, and saves edits from before and after the restart', async () => {
    const { page, server } = session;
    const before = uniqueToken('beforeRestart');
    const after = uniqueToken('afterRestart');
    const tab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="README.md"]');
    await page.evaluate(() => ((window as unknown as { __e2eMarker: string }).__e2eMarker = 'same-page'));

    await typeAtStart(page, `${before} `);
    await waitFor(async () => (await editorText(page)).includes(before), { message: 'typed text before restart' });
    await new Promise((r) => setTimeout(r, 1000)); // let the server acknowledge (and journal) the edits

    const seen: string[] = [];
    const watcher = setInterval(() => {
      connectionStatus(page).then((s) => seen.push(s), () => undefined);
    }, 50);
    try {
      await server.restart();
      await waitFor(() => seen.some((s) => s === 'Disconnected' || s === 'Connecting'), { timeout: 10_000, message: 'Disconnected/Connecting status' });
      await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'Connected again' });
    } finally {
      clearInterval(watcher);
    }
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe('same-page');
    expect(await editorText(page)).toContain(before);

    await typeAtStart(page, `${after} `);
    await waitFor(async () => (await editorText(page)).includes(after), { message: 'typed text after restart' });
    await page.keyboard.press('Control+s');
    await waitFor(async () => (await tab.getAttribute('data-dirty')) === 'false', { timeout: 15_000, message: 'tab clean after save' });

    const file = path.join(server.filesDir, 'README.md');
    await waitFor(() => {
      const text = readFileOrEmpty(file);
      return text.includes(before) && text.includes(after);
    }, { message: `${before} and ${after} in ${file}` });
  });

  it('keeps every acknowledged edit through a kill -9 of the server and reconnects without a reload', async () => {
    const { page, server } = session;
    const before = uniqueToken('beforeKill');
    const after = uniqueToken('afterKill');
    await typeAtStart(page, `${before} `);
    await waitFor(async () => (await editorText(page)).includes(before), { message: 'typed text before kill -9' });
    await new Promise((r) => setTimeout(r, 1000)); // let the server acknowledge (and journal) the edits
    await server.restart('SIGKILL');
    await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'Connected again' });
    await waitFor(async () => (await editorText(page)).split(before).length === 2, { message: `${before} exactly once after the restart` });
    await typeAtStart(page, `${after} `);
    await waitFor(async () => (await editorText(page)).includes(after), { message: 'typed text after kill -9' });
    await page.keyboard.press('Control+s');
    const file = path.join(server.filesDir, 'README.md');
    await waitFor(() => {
      const text = readFileOrEmpty(file);
      return text.split(before).length === 2 && text.includes(after);
    }, { timeout: 20_000, message: `${before} once and ${after} in ${file}` });
  });
});
