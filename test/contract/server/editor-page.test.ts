import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { WorkspaceRegistry } from '../../../src/server/application/workspace/workspace-registry';
import { useTestServer } from '../support/server-harness';
import { eventually } from '../support/wire-session';

/** A built client as `npm run build` leaves it: index.html, and a hashed asset with its .br and .gz beside it. */
const clientDir = mkdtempSync(path.join(tmpdir(), 'bullpen-client-'));
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!DOCTYPE html><html><head><title>Bullpen</title></head><body></body></html>');
writeFileSync(path.join(clientDir, 'assets', 'app.0123abcd.js'), SCRIPT);
writeFileSync(path.join(clientDir, 'assets', 'app.0123abcd.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(clientDir, 'assets', 'app.0123abcd.js.gz'), gzipSync(SCRIPT));

function get(port: number, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host: `localhost:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const bootOf = (html: string) => JSON.parse(/<script id="bp-boot" type="application\/json">(.*?)<\/script>/.exec(html)![1]);

describe('the editor page and its assets', () => {
  const context = useTestServer({ config: { clientDir } });
  afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

  it('does not wait for a workspace that is not running: it starts it and names no file (the client picks from the tree)', async () => {
    const registry = context.server.container.get(WorkspaceRegistry);
    const page = await get(context.server.port, `/sandbox/${context.server.defaultSandboxId}`);
    expect(page.status).toBe(200);
    expect(bootOf(page.body.toString()).initialFile).toBeUndefined();
    await eventually(() => registry.initialFile(context.server.defaultSandboxId) !== undefined, 'the workspace started by the page');
  });

  it('carries what the client needs to connect and the file it opens first, and is never cached', async () => {
    const page = await get(context.server.port, `/sandbox/${context.server.defaultSandboxId}`);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const boot = bootOf(page.body.toString());
    expect(boot.sandbox.id).toBe(context.server.defaultSandboxId);
    expect(typeof boot.vm.pitcher_token).toBe('string');
    expect(boot.initialFile).toBe('README.md');
  });

  it("names the next file of the spec's list when the first is gone, and none when no listed file exists", async () => {
    unlinkSync(path.join(context.filesDir, 'README.md'));
    // Once the watcher took the deletion into the tree.
    const pick = async () => bootOf((await get(context.server.port, `/sandbox/${context.server.defaultSandboxId}`)).body.toString()).initialFile;
    await eventually(async () => (await pick()) === 'src/App.js', 'the next file of the list');
    for (const file of ['src/App.js', 'src/index.js', 'index.html', 'package.json', 'public/index.html']) rmSync(path.join(context.filesDir, file), { force: true });
    await eventually(async () => (await pick()) === undefined, 'no file of the list');
  });

  it('serves hashed assets pre-compressed (brotli, else gzip) with immutable caching', async () => {
    const { port } = context.server;
    const br = await get(port, '/assets/app.0123abcd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(SCRIPT.length / 4);
    const gz = await get(port, '/assets/app.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(port, '/assets/app.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
  });
});
