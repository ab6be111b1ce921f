import * as fs from 'fs';
import * as path from 'path';
import { ConsoleMessage, Frame, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { BullpenServer, launchBrowser, openSandbox, startServer, uniqueToken, waitFor } from './support/server';
import { command } from './support/palette';
import { EDIT_DELAY_MS } from '../../src/domain/preview/edit-delayed';

// npm install against the registry, inside the workspace's sandbox, twice (Vite's 19 packages, webpack's ~330).
jest.setTimeout(240_000);
const INSTALL_TIMEOUT = 180_000;

const VITE_PORT = 5173;
const WEBPACK_PORT = 8080;

/**
 * A minimal webpack-dev-server project with hot module replacement, its dev server configured as create-react-app
 * configures it: the hot-reload socket's host, port and path from WDS_SOCKET_HOST, WDS_SOCKET_PORT and WDS_SOCKET_PATH
 * when they are set (the workspace sets WDS_SOCKET_PORT=0: the page's port, the preview's).
 */
const WEBPACK_APP: Record<string, string> = {
  'package.json': `${JSON.stringify(
    {
      name: 'webpack-app',
      private: true,
      scripts: { start: 'webpack serve' },
      devDependencies: { webpack: '^5.101.0', 'webpack-cli': '^6.0.1', 'webpack-dev-server': '^5.2.2' },
    },
    null,
    2,
  )}\n`,
  'webpack.config.js': `module.exports = {
  mode: "development",
  entry: "./src/index.js",
  devServer: {
    port: ${WEBPACK_PORT},
    static: "public",
    hot: true,
    client: {
      webSocketURL: {
        hostname: process.env.WDS_SOCKET_HOST,
        pathname: process.env.WDS_SOCKET_PATH,
        port: process.env.WDS_SOCKET_PORT,
      },
    },
  },
};
`,
  'public/index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>webpack app</title>
  </head>
  <body>
    <h1 id="message"></h1>
    <script src="/main.js"></script>
  </body>
</html>
`,
  'src/message.js': `export const message = "Hello webpack";\n`,
  'src/index.js': `import { message } from "./message.js";

const render = () => {
  document.getElementById("message").textContent = message;
};
render();
if (module.hot) module.hot.accept("./message.js", render);
`,
};

const previewFrame = (page: Page) => page.frameLocator('[data-testid=preview-frame]');
const generation = async (page: Page) => Number(await page.locator('[data-testid=preview-frame]').getAttribute('data-generation'));
const taskStatus = (page: Page, task: string) => page.locator(`[data-task-id=${task}] [data-testid=task-status]`).textContent();
const setupSummary = (page: Page) => page.locator('[data-testid=tasks-panel] .bp-setup-summary').textContent();

/** The preview frame's page, once it shows `port`. */
async function previewOf(page: Page, port: number): Promise<Frame> {
  const shown = () => page.frames().find((f) => new URL(f.url()).hostname.endsWith(`-${port}.localhost`));
  await waitFor(() => shown() !== undefined, { message: `the preview of port ${port}` });
  return shown()!;
}

/**
 * Clicks an element of the previewed page with the mouse, at its centre. (Playwright's own click inside the
 * cross-origin frame fails under Jest's sandboxed globals: 'Object not disposable'.)
 */
async function clickInPreview(page: Page, frame: Frame, selector: string): Promise<void> {
  const box = (await page.locator('[data-testid=preview-frame]').boundingBox())!;
  const centre = await frame.evaluate((s) => {
    const r = document.querySelector(s)!.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, selector);
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
}

/**
 * Lets the editor's edit-delayed reload of the preview (500 ms after the last change or save) come, if it is coming:
 * the checks after it see whether the page was reloaded. A wait for something not to happen, not a timed assertion.
 */
const pastEditDelay = (page: Page) => page.waitForTimeout(EDIT_DELAY_MS * 4);

/** Opens a file from the explorer, expanding its folders. */
async function openFromExplorer(page: Page, file: string): Promise<void> {
  await page.keyboard.press('Control+Shift+E');
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) {
    const folder = page.locator(`[role=treeitem][data-path="${parts.slice(0, i).join('/')}"]`);
    if ((await folder.getAttribute('aria-expanded')) !== 'true') await folder.click();
  }
  await page.locator(`[role=treeitem][data-path="${file}"]`).click();
  await page.locator(`[role=tab][data-path="${file}"][aria-selected=true]`).waitFor({ timeout: 15_000 });
}

/** Types `text` into the open editor, on the line showing `line`, `fromEnd` characters before its end; then saves. */
async function typeIntoLine(page: Page, line: string, fromEnd: number, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-line', { hasText: line }).first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < fromEnd; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+S');
}

/**
 * The first ten minutes with the default template (issue 19 items 3 and 4), in Chromium against a fresh server and data
 * directory: the setup installs with npm from the registry, the Vite dev server starts by itself, the preview shows the
 * app, an edit typed in the editor hot-reloads it (the page's state is kept: no reload), source control lists the
 * change and nothing of node_modules; then a webpack-dev-server project hot-reloads through the preview the same way.
 * No console errors in the preview throughout.
 */
describe('The default template', () => {
  let server: BullpenServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  /** Console errors of the previewed pages (every message not from the editor's own origin). */
  const previewErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: { BULLPEN_TEMPLATE: '' } }), launchBrowser()]);
    page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    page.on('console', (message: ConsoleMessage) => {
      const from = message.location().url;
      if (message.type() === 'error' && !from.startsWith(server.origin)) previewErrors.push(`${message.text()} (${from})`);
    });
    await openSandbox(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('installs its dependencies, then starts the dev server by itself; the preview shows the app', async () => {
    for (const file of ['.gitignore', '.codesandbox/tasks.json', 'vite.config.js', 'src/App.jsx']) expect(fs.existsSync(path.join(server.filesDir, file))).toBe(true);
    await command(page, 'Tasks: Show Tasks');
    // Nothing is clicked: the setup runs when the workspace starts, and the dev task as soon as it finished.
    await waitFor(async () => (await setupSummary(page)) === 'Setup finished', { timeout: INSTALL_TIMEOUT, interval: 500, message: 'npm install to finish' });
    await waitFor(async () => (await taskStatus(page, 'dev')) === 'RUNNING', { timeout: 30_000, message: 'the dev task RUNNING' });
    expect(fs.existsSync(path.join(server.filesDir, 'node_modules', 'vite', 'package.json'))).toBe(true);
    const open = page.getByRole('button', { name: `Open port ${VITE_PORT} of Dev server in the preview` });
    await open.waitFor({ timeout: 30_000 });
    await open.click();
    await waitFor(async () => (await previewFrame(page).locator('h1').textContent({ timeout: 2_000 })) === 'Hello Bullpen', { timeout: 30_000, message: 'the app in the preview' });
    await saveScreenshot(page, 'default-template-preview');
  });

  it('hot-reloads an edit of src/App.jsx typed in the editor: the page keeps its state, nothing reloads it', async () => {
    const app = await previewOf(page, VITE_PORT);
    await clickInPreview(page, app, 'button');
    await waitFor(async () => (await previewFrame(page).locator('button').textContent({ timeout: 2_000 })) === 'Count is 1', { message: 'the count at 1' });
    await app.evaluate(() => void ((window as unknown as { __mark: number }).__mark = 1));
    const frames = await generation(page);

    await openFromExplorer(page, 'src/App.jsx');
    const token = uniqueToken('hmr');
    // `<h1>Hello Bullpen</h1>`: before `</h1>`.
    await typeIntoLine(page, 'Hello Bullpen', '</h1>'.length, ` and ${token}`);
    await waitFor(async () => (await previewFrame(page).locator('h1').textContent({ timeout: 2_000 })) === `Hello Bullpen and ${token}`, { timeout: 30_000, message: 'the edit in the preview' });
    await waitFor(async () => fs.readFileSync(path.join(server.filesDir, 'src/App.jsx'), 'utf8').includes(token), { message: 'the file saved' });
    // A hot update: the same page (its mark and its count are still there), and the editor did not reload the frame.
    await pastEditDelay(page);
    const same = await previewOf(page, VITE_PORT);
    expect(await same.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
    expect(await previewFrame(page).locator('button').textContent()).toBe('Count is 1');
    expect(await generation(page)).toBe(frames);
    expect(previewErrors).toEqual([]);
    await saveScreenshot(page, 'default-template-hot-reload');
  });

  it("lists the user's change in source control, and nothing of node_modules", async () => {
    await page.keyboard.press('Control+Shift+G');
    const rows = page.locator('[data-testid=scm-view] [role=listitem][data-path]');
    const app = page.locator('[data-testid=scm-view] [role=listitem][data-path="src/App.jsx"]');
    await app.waitFor({ timeout: 15_000 });
    expect(await app.locator('.bp-scm-badge').textContent()).toBe('M');
    const listed = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-path')));
    // The lock file npm install wrote is new; node_modules is ignored (.gitignore).
    expect([...new Set(listed)].sort()).toEqual(['package-lock.json', 'src/App.jsx']);
    await saveScreenshot(page, 'default-template-scm');
  });

  it('runs a webpack-dev-server project added to tasks.json once its setup ran, and hot-reloads it through the preview', async () => {
    for (const [file, text] of Object.entries(WEBPACK_APP)) {
      fs.mkdirSync(path.dirname(path.join(server.filesDir, 'webpack-app', file)), { recursive: true });
      fs.writeFileSync(path.join(server.filesDir, 'webpack-app', file), text);
    }
    const tasksFile = path.join(server.filesDir, '.codesandbox', 'tasks.json');
    const tasks = JSON.parse(fs.readFileSync(tasksFile, 'utf8'));
    tasks.setupTasks.push({ name: 'Install webpack-app', command: 'cd webpack-app && npm install' });
    tasks.tasks.webpack = { name: 'Webpack dev server', command: 'cd webpack-app && npm start', runAtStart: true, preview: { port: WEBPACK_PORT } };
    fs.writeFileSync(tasksFile, `${JSON.stringify(tasks, null, 2)}\n`);

    await command(page, 'Tasks: Show Tasks');
    const runSetup = page.locator('[data-testid=tasks-panel] [data-testid=setup-progress]').getByRole('button', { name: 'Run setup' });
    await runSetup.waitFor({ timeout: 30_000 });
    await runSetup.click();
    await waitFor(async () => (await setupSummary(page)) === 'Setup finished', { timeout: INSTALL_TIMEOUT, interval: 500, message: 'the new setup to finish' });
    // The new runAtStart task starts as soon as the setup finished; the dev server still running keeps running.
    await waitFor(async () => (await taskStatus(page, 'webpack')) === 'RUNNING', { timeout: 30_000, message: 'the webpack task RUNNING' });
    expect(await taskStatus(page, 'dev')).toBe('RUNNING');
    const open = page.getByRole('button', { name: `Open port ${WEBPACK_PORT} of Webpack dev server in the preview` });
    await open.waitFor({ timeout: 60_000 });
    await open.click();
    await waitFor(async () => (await previewFrame(page).locator('#message').textContent({ timeout: 2_000 })) === 'Hello webpack', { timeout: 60_000, message: 'the webpack app in the preview' });
    const app = await previewOf(page, WEBPACK_PORT);
    await app.evaluate(() => void ((window as unknown as { __mark: number }).__mark = 1));
    const frames = await generation(page);

    await openFromExplorer(page, 'webpack-app/src/message.js');
    const token = uniqueToken('wds');
    // `export const message = "Hello webpack";`: before `";`.
    await typeIntoLine(page, 'Hello webpack', 2, ` and ${token}`);
    await waitFor(async () => (await previewFrame(page).locator('#message').textContent({ timeout: 2_000 })) === `Hello webpack and ${token}`, { timeout: 30_000, message: 'the edit in the preview' });
    await pastEditDelay(page);
    const same = await previewOf(page, WEBPACK_PORT);
    expect(await same.evaluate(() => (window as unknown as { __mark?: number }).__mark)).toBe(1);
    expect(await generation(page)).toBe(frames);
    expect(previewErrors).toEqual([]);
    await saveScreenshot(page, 'default-template-webpack');
  });

  it('shows the app and the workbench at 1920x1080 too', async () => {
    await page.getByRole('button', { name: `Open port ${VITE_PORT} of Dev server in the preview` }).click();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await waitFor(async () => ((await previewFrame(page).locator('h1').textContent({ timeout: 2_000 })) ?? '').startsWith('Hello Bullpen and '), { timeout: 30_000, message: 'the app in the preview' });
    await saveScreenshot(page, 'default-template-preview-1920');
    expect(previewErrors).toEqual([]);
  });
});
