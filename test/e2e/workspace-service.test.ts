import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser } from 'playwright-core';
import { WireClient } from '../contract/support/server-harness';
import { JOIN_PARAMS } from '../contract/support/scenario';
import { WireSession } from '../contract/support/wire-session';
import { BullpenServer, connectionStatus, freePort, launchBrowser, startServer, waitFor } from './support/server';

jest.setTimeout(180_000);

/**
 * The workspace service end to end, against the server `npm start` runs: a client starts a task that runs a web
 * server, its port appears and the preview URL serves the page in Chromium; a commit made from the client is in
 * `git log`; a streaming search finds a string across the project; the TypeScript language server answers a hover.
 */
describe('workspace service end to end', () => {
  let server: BullpenServer;
  let client: WireSession;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    const res = await fetch(`${server.origin}/api/v1/vm/${server.sandboxId}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { data } = (await res.json()) as { data: { pitcher_url: string; pitcher_token: string } };
    client = new WireSession(await WireClient.connect(`${data.pitcher_url}/?token=${encodeURIComponent(data.pitcher_token)}`, { origin: server.origin }));
    const joined = await client.ask('client/join', JOIN_PARAMS);
    expect(joined.status).toBe(0);
    client.joinResult = joined.result;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await server?.dispose();
  });

  it('a task that starts a web server is started from the client, its port appears and the preview serves the page in Chromium', async () => {
    const port = await freePort();
    const script = `require('http').createServer((q, s) => { s.setHeader('content-type', 'text/html'); s.end('<h1 id="hello">Hello from the preview on ${port}</h1>'); }).listen(${port}, '127.0.0.1')`;
    fs.mkdirSync(path.join(server.filesDir, '.codesandbox'), { recursive: true });
    fs.writeFileSync(path.join(server.filesDir, 'preview-server.js'), script);
    fs.writeFileSync(
      path.join(server.filesDir, '.codesandbox', 'tasks.json'),
      JSON.stringify({ tasks: { web: { name: 'Web server', command: 'node preview-server.js', preview: { port } } } }, null, 2),
    );
    await waitFor(async () => (await client.ask('task/list', {})).result.tasks.web !== undefined, { timeout: 20_000, message: 'the task from tasks.json' });
    const from = client.wire.received.length;
    const run = await client.ask('task/run', { taskId: 'web' });
    expect(run.status).toBe(0);
    const changed = await client.notification('port/changed', (p) => p.list.some((e: { port: number }) => e.port === port), from, 30_000);
    const url = changed.list.find((e: { port: number }) => e.port === port).url as string;
    expect(url).toContain(`${server.sandboxId}-${port}.localhost`);
    const page = await browser.newPage();
    await page.goto(url);
    expect(await page.locator('#hello').innerText()).toBe(`Hello from the preview on ${port}`);
    await page.close();
    await client.ask('task/stop', { taskId: 'web' });
  });

  it('a commit made from the client is in git log', async () => {
    fs.writeFileSync(path.join(server.filesDir, 'committed.txt'), 'from the client\n');
    const from = client.wire.received.length;
    const commit = await client.ask('git/commit', { message: 'Commit from the Bullpen client', paths: ['committed.txt'] });
    expect(commit.status).toBe(0);
    const finished = await client.notification('git/commitFinished', () => true, from, 60_000);
    expect(finished.exitCode).toBe(0);
    const log = execFileSync('git', ['-c', 'safe.directory=*', 'log', '--format=%s', '-n', '3'], { cwd: server.filesDir, encoding: 'utf8' });
    expect(log.split('\n')[0]).toBe('Commit from the Bullpen client');
  });

  it('a streaming search finds a string across the project', async () => {
    for (const name of ['alpha.txt', 'nested/beta.txt', 'nested/deeper/gamma.md']) {
      fs.mkdirSync(path.dirname(path.join(server.filesDir, name)), { recursive: true });
      fs.writeFileSync(path.join(server.filesDir, name), `line one\nthe needle-e2e-7 is here\n`);
    }
    const from = client.wire.received.length;
    const answer = await client.ask('fs/streamingSearch', { searchId: 'e2e-1', text: 'needle-e2e-7' });
    expect(answer.result).toEqual({ searchId: 'e2e-1' });
    await client.notification('fs/searchFinished', (p) => p.searchId === 'e2e-1', from, 30_000);
    const files = client.wire.received
      .slice(from)
      .filter((f) => f.value.method === 'fs/searchMatches' && !('id' in f.value))
      .flatMap((f) => f.value.params.matches.map((m: { filepath: string }) => m.filepath))
      .sort();
    expect(files).toEqual(['/alpha.txt', '/nested/beta.txt', '/nested/deeper/gamma.md']);
  });

  it('a hover from the TypeScript language server arrives', async () => {
    fs.writeFileSync(path.join(server.filesDir, 'hover.ts'), 'const answer: number = 42;\nexport { answer };\n');
    const lsp = (message: unknown) => client.ask('language/lspRequest', { languageId: 'typescript', serverId: 'typescript', message });
    const init = await lsp({ method: 'initialize', params: { processId: null, rootUri: 'file:///', capabilities: {} } });
    expect(init.status).toBe(0);
    await lsp({ method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///hover.ts', languageId: 'typescript', version: 1, text: fs.readFileSync(path.join(server.filesDir, 'hover.ts'), 'utf8') } } });
    const hover = await waitFor(
      async () => {
        const answer = await lsp({ method: 'textDocument/hover', params: { textDocument: { uri: 'file:///hover.ts' }, position: { line: 0, character: 7 } } });
        return answer.status === 0 && answer.result ? answer.result : undefined;
      },
      { timeout: 90_000, interval: 1000, message: 'a hover from tsserver' },
    );
    expect(JSON.stringify(hover.contents)).toContain('answer: number');
  });

  it('a dev container that fails once the workspace runs shows the failed step in Chromium, not that the workspace could not start', async () => {
    const page = await browser.newPage();
    await page.goto(server.url);
    await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'connected' });
    const answer = await client.ask('container/setup', { templateId: 'python', templateArgs: { postCreateCommand: 'echo failing-step; exit 5' } });
    expect(answer.status).toBe(0);
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor({ timeout: 60_000 });
    expect(await dialog.getByRole('heading', { level: 1 }).textContent()).toBe('A workspace step failed');
    await waitFor(async () => ((await dialog.textContent()) ?? '').includes('Dev container installation failed with exit code 5'), { message: 'the failed step' });
    await dialog.getByRole('button', { name: 'Continue to the editor' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});
