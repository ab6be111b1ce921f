import * as fs from 'fs';
import * as path from 'path';
import { FrameLocator, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { freePort, uniqueToken, useSandboxSession, waitFor } from './support/server';
import { answerPick, command } from './support/palette';

jest.setTimeout(120_000);

const taskStatus = (page: Page, task = 'web') => page.locator(`[data-task-id=${task}] [data-testid=task-status]`).textContent();
const SETUP_STEPS = ['Install deps', 'Build assets', 'Seed data'];
const summary = (page: Page) => page.locator('[data-testid=tasks-panel] .bp-setup-summary').textContent();
const stepStatuses = (page: Page) => page.locator('[data-testid=tasks-panel] .bp-setup-step').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
const generation = async (page: Page) => Number(await page.locator('[data-testid=preview-frame]').getAttribute('data-generation'));
const frame = (page: Page): FrameLocator => page.frameLocator('[data-testid=preview-frame]');

/**
 * Tasks, ports and the preview (issue 7): the setup steps of tasks.json run with their progress, skip and skip all; a
 * tasks.json task starting an HTTP server runs from the tasks panel, its port shows in the ports panel, the preview
 * pane shows the page, an edit reloads it (edit-delayed), so does its reload button; restart serves it from a new
 * process; a failing task shows its exit code; stop kills it.
 */
describe('Workbench tasks, ports and preview', () => {
  const session = useSandboxSession();
  const message = uniqueToken('hello');
  let port = 0;

  beforeAll(async () => {
    port = await freePort();
    const { filesDir } = session.server;
    fs.writeFileSync(path.join(filesDir, 'message.txt'), `${message}\n`);
    // Counts the page loads (not the favicon), shows message.txt as it is on disk and a token of this start of the
    // process (not its pid: each start gets a fresh PID namespace in the workspace's sandbox, so the same pid).
    const server =
      `let n=0;const run=Math.random().toString(36).slice(2);require('http').createServer((q,s)=>{if(q.url.split('?')[0]==='/')n++;` +
      `s.setHeader('content-type','text/html');` +
      `s.end('<h1 id=t>'+require('fs').readFileSync('message.txt','utf8').trim()+'</h1><p id=n>'+n+'</p><p id=run>'+run+'</p>')}).listen(${port})`;
    const tasks = {
      setupTasks: SETUP_STEPS.map((name) => ({ name, command: 'sleep 120' })),
      tasks: {
        web: { name: 'Web server', command: `node -e ${JSON.stringify(server)}`, preview: { port } },
        check: { name: 'Failing check', command: 'echo checking; exit 3' },
      },
    };
    fs.mkdirSync(path.join(filesDir, '.codesandbox'), { recursive: true });
    fs.writeFileSync(path.join(filesDir, '.codesandbox', 'tasks.json'), JSON.stringify(tasks, null, 2));
  });

  it('runs the setup steps of tasks.json with their progress; skip stops the running step, skip all the rest', async () => {
    const { page } = session;
    await command(page, 'Tasks: Show Tasks');
    const setup = page.locator('[data-testid=tasks-panel] [data-testid=setup-progress]');
    await waitFor(async () => (await setup.locator('.bp-setup-step').count()) === SETUP_STEPS.length, { message: 'the three setup steps', timeout: 30_000 });
    // The steps arrived after the workspace's own setup ran: they wait for 'Run setup'.
    expect(await summary(page)).toBe('Setup not started');
    expect(await stepStatuses(page)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    await setup.getByRole('button', { name: 'Run setup' }).click();
    await waitFor(async () => (await summary(page)) === 'Running step 1 of 3', { message: 'step 1 running', timeout: 30_000 });
    await waitFor(async () => (await stepStatuses(page)).join() === 'RUNNING,PENDING,PENDING', { message: 'step 1 RUNNING' });
    expect(await setup.locator('[aria-current=step] .bp-setup-step-name').textContent()).toBe(SETUP_STEPS[0]);

    await setup.getByRole('button', { name: `Skip setup step ${SETUP_STEPS[0]}` }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await summary(page)) === 'Running step 2 of 3', { message: 'step 2 running', timeout: 30_000 });
    await waitFor(async () => (await stepStatuses(page)).join() === 'SKIPPED,RUNNING,PENDING', { message: 'step 1 SKIPPED, step 2 RUNNING' });
    await saveScreenshot(page, 'setup-progress');

    await setup.getByRole('button', { name: 'Skip all' }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await summary(page)) === 'Setup finished', { message: 'setup finished', timeout: 30_000 });
    await waitFor(async () => (await stepStatuses(page)).join() === 'SKIPPED,SKIPPED,SKIPPED', { message: 'every step SKIPPED' });
    expect(await setup.getByRole('button', { name: /^Skip/ }).count()).toBe(0);
  });

  it('runs a tasks.json task by keyboard (Tasks: Run Task, pick it): RUNNING', async () => {
    const { page } = session;
    await command(page, 'Tasks: Show Tasks');
    const run = page.getByRole('button', { name: 'Run Web server' });
    await run.waitFor({ timeout: 30_000 });
    expect(await taskStatus(page)).toBe('NOT STARTED');
    // By keyboard: Tasks: Run Task asks which one.
    await command(page, 'Tasks: Run Task');
    await answerPick(page, 'Select the task to run', 'Web server');
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

  it('reloads the preview with its reload button (keyboard)', async () => {
    const { page } = session;
    const before = await generation(page);
    const loads = Number(await frame(page).locator('#n').textContent());
    await page.getByRole('button', { name: 'Reload preview' }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await generation(page)) === before + 1, { message: 'a new frame generation' });
    await waitFor(async () => Number(await frame(page).locator('#n').textContent({ timeout: 2_000 })) === loads + 1, { message: 'the page requested again', timeout: 15_000 });
  });

  it('restarts the running task: RUNNING again, the preview served by a new process', async () => {
    const { page } = session;
    await command(page, 'Tasks: Show Tasks');
    const run = await frame(page).locator('#run').textContent();
    expect(run).toMatch(/^[a-z0-9]+$/);
    await command(page, 'Tasks: Restart Running Task');
    await answerPick(page, 'Select the task to restart', 'Web server');
    await waitFor(
      async () => {
        if ((await taskStatus(page)) !== 'RUNNING') return false;
        const reload = page.getByRole('button', { name: 'Reload preview' });
        if (await reload.isEnabled()) await reload.click();
        const now = await frame(page).locator('#run').textContent({ timeout: 1_000 }).catch(() => undefined);
        return now !== undefined && now !== null && now !== run;
      },
      { message: 'a new server process in the preview', timeout: 30_000, interval: 1_000 },
    );
    expect(await page.getByRole('button', { name: 'Stop Web server' }).count()).toBe(1);
  });

  it("shows a failing task's exit code: ERROR (exit code 3)", async () => {
    const { page } = session;
    expect(await taskStatus(page, 'check')).toBe('NOT STARTED');
    // The row's own button, by keyboard.
    await page.getByRole('button', { name: 'Run Failing check' }).focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await taskStatus(page, 'check')) === 'ERROR (exit code 3)', { message: 'ERROR (exit code 3)', timeout: 30_000 });
    expect(await page.locator('[data-task-id=check]').getAttribute('data-status')).toBe('ERROR');
    // It can run again.
    expect(await page.getByRole('button', { name: 'Run Failing check' }).count()).toBe(1);
  });

  it('stops the task: KILLED, and its port closes', async () => {
    const { page } = session;
    await command(page, 'Tasks: Show Tasks');
    await command(page, 'Tasks: Terminate Task');
    await answerPick(page, 'Select the task to terminate', 'Web server');
    await waitFor(async () => (await taskStatus(page))?.startsWith('KILLED'), { message: 'the task KILLED', timeout: 30_000 });
    await page.getByRole('button', { name: 'Run Web server' }).waitFor();
    await command(page, 'Ports: Show Ports');
    await page.locator(`[data-testid=ports-panel] tr[data-port="${port}"]`).waitFor({ state: 'detached', timeout: 30_000 });
  });
});
