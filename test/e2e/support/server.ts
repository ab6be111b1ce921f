/** E2E support: run Bullpen as a child process (`npm start`/`npm run serve`), drive Debian Chromium, poll for conditions. */
import { spawn, ChildProcess, execFile } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { chromium, Browser, Page } from 'playwright-core';
import { seedEmptyDatabase } from '../../support/pglite-template';
import { TEST_TEMPLATE_DIR } from '../../support/test-template';

export const ROOT = path.resolve(__dirname, '../../..');
/** The start-up line; the URL carries `?token=<access token>` when the server requires one (ADR 0007). */
const URL_LINE = /Open the default sandbox: (http:\/\/\S+\/sandbox\/([^\s?/]+)\S*)/;
/** Every e2e server's BULLPEN_BOOTSTRAP_TOKEN: the owner's API token, for a test that acts as the owner from outside. */
export const E2E_OWNER_TOKEN = 'e2e-owner-token-0123456789';

/** The owner's one-time sign-in link, printed on the line after (ADR 0023). */
const SIGN_IN_LINE = /Sign in as the owner \(one-time link\): (http:\/\/\S+)/;

export interface BullpenServer {
  port: number;
  dataDir: string;
  url: string;
  origin: string;
  /** The owner's one-time sign-in link of the latest start (each start prints a new one). */
  ownerSignInUrl(): string;
  sandboxId: string;
  filesDir: string;
  output(): string;
  stop(): Promise<void>;
  /** Stops the server (SIGTERM, or SIGKILL: `kill -9` of the whole process group) and starts it again on the same port and data. */
  restart(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Stop and delete the data directory if this helper created it. */
  dispose(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `script` is the npm script: 'start' (build + serve, the user's command) or 'serve'.
 * The e2e global setup builds once, so tests default to 'serve': parallel jest workers
 * running `npm start` would run tsc/webpack concurrently into the same dist/ directory.
 */
export async function startServer(
  options: { script?: 'start' | 'serve'; port?: number; dataDir?: string; env?: Record<string, string> } = {},
): Promise<BullpenServer> {
  const script = options.script ?? (process.env.BULLPEN_E2E_SCRIPT === 'start' ? 'start' : 'serve');
  const port = options.port ?? (await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bullpen-e2e-'));
  if (!options.env?.DATABASE_URL) await seedEmptyDatabase(dataDir);
  let log = '';
  let child: ChildProcess | undefined;

  let signInUrl = '';
  const launch = async (): Promise<{ url: string; sandboxId: string }> => {
    log = '';
    const proc = spawn('npm', ['run', script], {
      cwd: ROOT,
      // Loopback without an access token unless the test says otherwise, whatever the calling shell exports; the
      // default sandbox from the test template (no setup, no tasks) unless the test sets BULLPEN_TEMPLATE ('' = built-in).
      env: { ...process.env, HOST: '127.0.0.1', BULLPEN_ACCESS_TOKEN: '', BULLPEN_BOOTSTRAP_TOKEN: E2E_OWNER_TOKEN, DATABASE_URL: '', PORT: String(port), BULLPEN_DATA: dataDir, BULLPEN_TEMPLATE: TEST_TEMPLATE_DIR, ...options.env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail(new Error('timed out after 180 s waiting for the sandbox URL')), 180_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(new Error(`Bullpen (npm run ${script}, PORT=${port}) did not start: ${error.message}\n--- output ---\n${log}`));
      };
      const onData = (chunk: Buffer) => {
        log += chunk.toString();
        const match = URL_LINE.exec(log);
        const signIn = SIGN_IN_LINE.exec(log);
        if (match && signIn) {
          clearTimeout(timer);
          signInUrl = signIn[1];
          resolve({ url: match[1], sandboxId: match[2] });
        }
      };
      proc.stdout!.on('data', onData);
      proc.stderr!.on('data', onData);
      proc.on('error', fail);
      proc.on('exit', (code, signal) => fail(new Error(`process exited early (code ${code}, signal ${signal})`)));
    });
  };

  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> => {
    const proc = child;
    child = undefined;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const kill = (signal: NodeJS.Signals) => {
      try {
        process.kill(-proc.pid!, signal);
      } catch {
        /* already gone */
      }
    };
    kill(signal);
    const timer = setTimeout(() => kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    // npm may exit before its child node process; wait until the port is free again.
    await waitFor(async () => !(await portInUse(port)), { timeout: 15_000, message: `port ${port} still in use after stop` });
  };

  const first = await launch();
  const server: BullpenServer = {
    port,
    dataDir,
    url: first.url,
    origin: new URL(first.url).origin,
    sandboxId: first.sandboxId,
    filesDir: path.join(dataDir, 'sandboxes', first.sandboxId, 'files'),
    output: () => log,
    ownerSignInUrl: () => signInUrl,
    stop: () => stop(),
    restart: async (signal = 'SIGTERM') => {
      await stop(signal);
      const again = await launch();
      if (again.url !== server.url) throw new Error(`restart changed the sandbox URL: ${server.url} -> ${again.url}`);
    },
    dispose: async () => {
      await stop();
      if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
  return server;
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `showScrollbars`: scroll bars take room as in a user's Chromium (Playwright hides them in headless mode). */
export async function launchBrowser(extraArgs: string[] = [], { showScrollbars = false }: { showScrollbars?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    ignoreDefaultArgs: showScrollbars ? ['--hide-scrollbars'] : undefined,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/** Poll `fn` until it returns a truthy value (returned) or the timeout passes (throws, with the last value or error). */
export async function waitFor<T>(fn: () => T | Promise<T>, options: { timeout?: number; interval?: number; message?: string } = {}): Promise<T> {
  const { timeout = 15_000, interval = 100, message = 'condition' } = options;
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`Timed out after ${timeout} ms waiting for ${message} (last: ${detail})`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

export function readFileOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The text of the page's (first) editor as shown (the lines Monaco renders), line by line. Monaco reuses its line
 * elements and places each with `style.top`, so after lines are removed their DOM order is not the text's order:
 * they are sorted by `top` first. Monaco renders spaces as U+00A0; they are normalised for comparisons.
 */
export async function editorText(page: Page): Promise<string> {
  return page
    .locator('.monaco-editor .view-lines')
    .first()
    .evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>(':scope > .view-line')]
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
        .join('\n'),
    );
}

export async function connectionStatus(page: Page): Promise<string> {
  return ((await page.locator('[data-testid=connection-status]').textContent()) ?? '').trim();
}

export async function openSandbox(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'connection status Connected' });
  await page.locator('.monaco-editor .view-lines').first().waitFor({ state: 'visible', timeout: 30_000 });
}

/** Put the caret at the very start of the document and type there. */
export async function typeAtStart(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type(text);
}

export function uniqueToken(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

export function execNpm(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('npm', args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`npm ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout + stderr);
    });
  });
}

export interface SandboxSession {
  server: BullpenServer;
  browser: Browser;
  page: Page;
}

/** Per test file: one server (npm start's), one Chromium, one page on the default sandbox. */
export function useSandboxSession(): SandboxSession {
  const session = {} as SandboxSession;
  beforeAll(async () => {
    [session.server, session.browser] = await Promise.all([startServer(), launchBrowser()]);
    session.page = await session.browser.newPage();
    await openSandbox(session.page, session.server.url);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.server?.dispose();
  });
  return session;
}

/**
 * Holds the page's workspace connection: its frames wait (in order) until the returned function is called, so a
 * test can see what the page shows while it connects. Call before navigating.
 */
export async function holdWorkspaceSocket(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.routeWebSocket(/\/pitcher/, async (ws) => {
    const early: Array<string | Buffer> = [];
    ws.onMessage((message) => void early.push(message));
    await held;
    const upstream = ws.connectToServer();
    ws.onMessage((message) => upstream.send(message));
    upstream.onMessage((message) => ws.send(message));
    for (const message of early) upstream.send(message);
  });
  return release;
}
