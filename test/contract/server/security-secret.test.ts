import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { RunningServer } from '../../../src/server/bullpen-server';
import { removeDir, startSandbox, startTestServer, tempDataDir } from '../support/server-harness';
import { RawResponse, cookieFrom, pitcherPath, rawRequest, rawUpgrade } from '../support/http-client';

jest.setTimeout(60_000);

/** ADR 0007: bound to all interfaces, everything needs the access secret (cookie after the `?token=` exchange, or Bearer). */
describe('HOST=0.0.0.0: the access secret', () => {
  let dataDir: string;
  let server: RunningServer;
  let secret: string;
  let cookie: string;
  const api = (route: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(server.port, { method, path: route, headers });
  const start = (headers: Record<string, string> = {}) => api(`/api/v1/vm/${server.defaultSandboxId}/start`, headers, 'POST');
  const hostOf = (res: RawResponse) => {
    const data = (JSON.parse(res.body) as { data: { pitcher_url: string; pitcher_token: string } }).data;
    return { pitcherUrl: data.pitcher_url, pitcherToken: data.pitcher_token };
  };
  const exchange = (query: string) => api(`/sandbox/${server.defaultSandboxId}${query}`, { Accept: 'text/html' });

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir, 'write', { env: { HOST: '0.0.0.0' } });
    secret = server.accessToken!;
    cookie = cookieFrom(await exchange(`?token=${encodeURIComponent(secret)}`));
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('generates the secret on first start, stores it in the data directory with mode 0600 and prints it in the editor URL', () => {
    expect(server.address).toBe('0.0.0.0');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const file = path.join(dataDir, 'access-token');
    expect(readFileSync(file, 'utf8').trim()).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(server.editorUrl).toBe(`http://localhost:${server.port}/sandbox/${server.defaultSandboxId}?token=${secret}`);
  });

  it('without the secret: 401 in the error shape on every API route', async () => {
    for (const res of [await api(`/api/v1/sandboxes/${server.defaultSandboxId}`), await start(), await api('/api/v1/nothing')]) {
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ errors: [expect.stringContaining('An access token is required')] });
    }
    expect((await start({ Authorization: 'Bearer wrong-secret-wrong-secret' })).status).toBe(401);
    expect((await start({ Cookie: `bullpen_session_${server.port}=forged.token` })).status).toBe(401);
  });

  it('without the secret: a page gets a 401 HTML page that says how to get the URL', async () => {
    const res = await exchange('');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Access token required');
    expect(res.body).toContain('Open the default sandbox: http://…?token=…');
    expect(res.body).not.toContain(secret);
  });

  it('without the secret: the websocket upgrade is refused with 401', async () => {
    const viaCookie = hostOf(await start({ Cookie: cookie }));
    const res = await rawUpgrade(server.port, pitcherPath(viaCookie));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ errors: [expect.stringContaining('another browser session')] });
    expect((await rawUpgrade(server.port, `/pitcher/${server.defaultSandboxId}/?token=garbage`)).status).toBe(401);
  });

  it('exchanges ?token= on a page for an HttpOnly SameSite=Strict session cookie and redirects without the token', async () => {
    const res = await exchange(`?x=1&token=${encodeURIComponent(secret)}&y=2`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/sandbox/${server.defaultSandboxId}?x=1&y=2`);
    const setCookie = res.headers['set-cookie']![0];
    expect(setCookie).toMatch(new RegExp(`^bullpen_session_${server.port}=[^;]+; `));
    expect(setCookie.split('; ')).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(setCookie).not.toContain(secret);
    expect((await exchange(`?token=${encodeURIComponent(secret)}`)).headers.location).toBe(`/sandbox/${server.defaultSandboxId}`);
  });

  it('an invalid ?token= gets the 401 page and no cookie', async () => {
    const res = await exchange('?token=not-the-secret');
    expect(res.status).toBe(401);
    expect(res.body).toContain('not valid');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('with the cookie: pages, the API and the websocket of a token minted with that cookie work', async () => {
    const page = await api(`/sandbox/${server.defaultSandboxId}`, { Accept: 'text/html', Cookie: cookie });
    expect(page.status).not.toBe(401); // 200 with the built editor, 503 without (contract tests do not build it)
    expect((await api(`/api/v1/sandboxes/${server.defaultSandboxId}`, { Cookie: cookie })).status).toBe(200);
    const res = await start({ Cookie: cookie, Origin: `http://127.0.0.1:${server.port}` });
    expect(res.status).toBe(200);
    const host = hostOf(res);
    expect(host.pitcherUrl).toBe(`ws://127.0.0.1:${server.port}/pitcher/${server.defaultSandboxId}`);
    expect((await rawUpgrade(server.port, pitcherPath(host), { Cookie: cookie, Origin: `http://127.0.0.1:${server.port}` })).status).toBe(101);
    // Bound to that browser session: another session's cookie does not open it.
    const otherCookie = cookieFrom(await exchange(`?token=${encodeURIComponent(secret)}`));
    expect((await rawUpgrade(server.port, pitcherPath(host), { Cookie: otherCookie })).status).toBe(401);
  });

  it('with Authorization: Bearer <secret> (the SDK): the API works and the minted token opens the websocket on its own', async () => {
    const bearer = { Authorization: `Bearer ${secret}` };
    expect((await api(`/api/v1/sandboxes/${server.defaultSandboxId}`, bearer)).status).toBe(200);
    const res = await start(bearer);
    expect(res.status).toBe(200);
    // The SDK connects to `${pitcher_url}/?token=` with no other credential (protocol.md §7.3).
    expect((await rawUpgrade(server.port, pitcherPath(hostOf(res)))).status).toBe(101);
  });

  it('still checks Host and Origin when the caller has the secret', async () => {
    expect((await start({ Authorization: `Bearer ${secret}`, Host: 'evil.example' })).status).toBe(403);
    expect((await start({ Cookie: cookie, Origin: 'http://evil.example' })).status).toBe(403);
  });

  it('keeps the secret and the sessions across a restart with the same data directory', async () => {
    const port = String(server.port); // the cookie's name carries the port
    await server.close();
    server = await startTestServer(dataDir, 'write', { env: { HOST: '0.0.0.0', PORT: port } });
    expect(server.accessToken).toBe(secret);
    expect((await start({ Cookie: cookie })).status).toBe(200);
  });
});

describe('BULLPEN_PUBLIC_URL (behind a reverse proxy)', () => {
  let dataDir: string;
  let server: RunningServer;
  const publicHeaders = { Host: 'ide.example.com', Origin: 'https://ide.example.com' };

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir, 'write', { env: { BULLPEN_PUBLIC_URL: 'https://ide.example.com/' } });
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('requires an access secret even on loopback and prints the public URL with it', () => {
    expect(server.address).toBe('127.0.0.1');
    expect(server.accessToken).toEqual(expect.any(String));
    expect(server.editorUrl).toBe(`https://ide.example.com/sandbox/${server.defaultSandboxId}?token=${server.accessToken}`);
  });

  it('accepts the public host and origin, hands out the public wss pitcher URL and sets a Secure cookie', async () => {
    const start = await rawRequest(server.port, {
      method: 'POST',
      path: `/api/v1/vm/${server.defaultSandboxId}/start`,
      headers: { ...publicHeaders, Authorization: `Bearer ${server.accessToken}` },
    });
    expect(start.status).toBe(200);
    expect(JSON.parse(start.body).data.pitcher_url).toBe(`wss://ide.example.com/pitcher/${server.defaultSandboxId}`);
    const exchanged = await rawRequest(server.port, { path: `/?token=${server.accessToken}`, headers: { Host: 'ide.example.com' } });
    expect(exchanged.status).toBe(302);
    expect(exchanged.headers['set-cookie']![0].split('; ')).toContain('Secure');
    const foreign = await rawRequest(server.port, { path: '/api/v1/nothing', headers: { Host: 'ide.example.com', Origin: 'http://ide.example.com' } });
    expect(foreign.status).toBe(403);
  });
});
