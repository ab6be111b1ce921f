import * as fs from 'fs';
import * as path from 'path';
import { FrameLocator, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { freePort, uniqueToken, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

/** Runs a palette command by its label: Ctrl+Shift+P, type, Enter. */
async function command(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Control+Shift+P');
  await page.locator('[role=dialog][aria-label="Command palette"] [role=combobox]').waitFor();
  await page.keyboard.type(label);
  await waitFor(async () => (await page.locator('#bp-quick-list [role=option][aria-selected=true]').innerText()).includes(label), { message: `palette selects ${label}` });
  await page.keyboard.press('Enter');
}

const taskStatus = (page: Page) => page.locator('[data-task-id=web] [data-testid=task-status]').textContent();
const frame = (page: Page): FrameLocator => page.frameLocator('[data-testid=preview-frame]');

/**
 * Tasks, ports and the preview (issue 7): a tasks.json task starting an HTTP server runs from the tasks panel, its
 * port shows in the ports panel, the preview pane shows the page, an edit reloads it (edit-delayed), stop kills it.
 */
describe('Workbench tasks, ports and preview', () => {
  const session = useSandboxSession();
  const message = uniqueToken('hello');
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    const { filesDir } = session.server;
    fs.writeFileSync(path.join(filesDir, 'message.txt'), `${message}\n`);
    // Counts the page loads (not the favicon) and shows message.txt as it is on disk.
    const server =
      `let n=0;require('http').createServer((q,s)=>{if(q.url.split('?')[0]==='/')n++;` +
      `s.setHeader('content-type','text/html');` +
      `s.end('<h1 id=t>'+require('fs').readFileSync('message.txt','utf8').trim()+'</h1><p id=n>'+n+'</p>')}).listen(${port})`;
    const tasks = { tasks: { web: { name: 'Web server', command: `node -e ${JSON.stringify(server)}`, preview: { port } } } };
    fs.mkdirSync(path.join(filesDir, '.codesandbox'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, '.codesandbox', 'tasks.json'), JSON.stringify(tasks, null, 2));
  });

  it('runs a tasks.json task from the tasks panel: RUNNING', async () => {
    const { page } = session;
    await command(page, 'Tasks: Show Tasks');
    const run = page.getByRole('button', { name: 'Run Web server' });
    await run.waitFor({ timeout: 30_000 });
    expect(await taskStatus(page)).toBe('NOT STARTED');
    await run.click();
    await waitFor(async () => (await taskStatus(page)) === 'RUNNING', { message: 'the task RUNNING', timeout: 30_000 });
    // The server's port is the task's (its preview port).
    await page.locator(`[data-task-id=web] button[aria-label="Open port ${port} of Web server in the preview"]`).waitFor({ timeout: 30_000 });
    await saveScreenshot(page, 'tasks');
  });

  it('lists the port in the ports panel with its preview address', async () => {
    const { page, server } = session;
    await command(page, 'Ports: Show Ports');
    const row = page.locator(`[data-testid=ports-panel] tr[data-port="${port}"]`);
    await row.waitFor({ timeout: 30_000 });
    const url = `http://${server.sandboxId}-${port}.localhost:${server.port}/`;
    expect(await row.getByRole('link', { name: url }).count()).toBe(1);
    expect(await row.getByRole('link', { name: `Open port ${port} in a new tab` }).getAttribute('href')).toMatch(new RegExp(`^${url.replace(/\./g, '\\.')}(\\?preview_token=.+)?$`));
    await saveScreenshot(page, 'ports');
  });

  it('shows the page in the preview pane beside the editor, with its address', async () => {
    const { page, server } = session;
    await page.getByRole('button', { name: `Open port ${port} in the preview` }).click();
    await page.locator('[data-testid=preview]').waitFor();
    await waitFor(async () => (await frame(page).locator('#t').textContent({ timeout: 2_000 })) === message, { message: 'the page in the preview', timeout: 30_000 });
    expect(await page.locator('.bp-preview-origin').textContent()).toBe(`http://${server.sandboxId}-${port}.localhost:${server.port}`);
    // The address bar: another path, Enter loads it.
    const loads = Number(await frame(page).locator('#n').textContent());
    await page.getByRole('textbox', { name: 'Preview path' }).fill('/?from=address-bar');
    await page.keyboard.press('Enter');
    await waitFor(async () => Number(await frame(page).locator('#n').textContent({ timeout: 2_000 })) === loads + 1, { message: 'the page loaded again', timeout: 30_000 });
    await saveScreenshot(page, 'preview');
  });

  it('reloads the preview after an edit (edit-delayed), and shows the saved text', async () => {
    const { page } = session;
    await page.locator('[role=treeitem][data-path="message.txt"]').click();
    await page.locator('[role=tab][data-path="message.txt"][aria-selected=true]').waitFor({ timeout: 15_000 });
    const generation = Number(await page.locator('[data-testid=preview-frame]').getAttribute('data-generation'));
    const loads = Number(await frame(page).locator('#n').textContent());
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('edited');
    await waitFor(async () => Number(await page.locator('[data-testid=preview-frame]').getAttribute('data-generation')) > generation, { message: 'the preview reloaded after the edit', timeout: 15_000 });
    await waitFor(async () => Number(await frame(page).locator('#n').textContent({ timeout: 2_000 })) > loads, { message: 'the page requested again', timeout: 15_000 });

    await page.keyboard.press('Control+S');
    await waitFor(async () => (await frame(page).locator('#t').textContent({ timeout: 2_000 }))?.includes('edited'), { message: 'the saved text in the preview', timeout: 30_000 });
  });

  it('stops the task: KILLED, and its port closes', async () => {
    const { page } = session;
    await command(page, 'Tasks: Show Tasks');
    await page.getByRole('button', { name: 'Stop Web server' }).click();
    await waitFor(async () => (await taskStatus(page))?.startsWith('KILLED'), { message: 'the task KILLED', timeout: 30_000 });
    await page.getByRole('button', { name: 'Run Web server' }).waitFor();
    await command(page, 'Ports: Show Ports');
    await page.locator(`[data-testid=ports-panel] tr[data-port="${port}"]`).waitFor({ state: 'detached', timeout: 30_000 });
  });
});
