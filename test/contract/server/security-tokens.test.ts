import { rmSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode, encodeMessage } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { readConfig } from '../../../src/server/config';
import { PITCHER_TOKEN_TTL_SECONDS } from '../../../src/server/application/workspace/pitcher-grant';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, asOwner, removeDir, startSandbox, startTestServer, tempDataDir } from '../support/server-harness';
import { cookieFrom, pitcherPath, rawRequest, rawUpgrade } from '../support/http-client';

jest.setTimeout(60_000);

/** Requests with ids from 0 over one raw pitcher socket. */
async function joined(host: { pitcherUrl: string; pitcherToken: string }) {
  const wire = await WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(host.pitcherToken)}`);
  let nextId = 0;
  const ask = async (method: string, params: unknown): Promise<any> => {
    const id = nextId++;
    const from = wire.received.length;
    wire.send(encodeMessage({ method, params, id }));
    return (await wire.waitFor((v) => v && v.id === id && 'status' in v, from)).value;
  };
  return { wire, ask, join: await ask('client/join', JOIN_PARAMS) };
}

/** ADR 0007, 0023: pitcher tokens are short-lived, and stop working when the access they grant is no longer allowed. */
describe('pitcher tokens stop working', () => {
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const dataDir = () => {
    const dir = tempDataDir();
    dirs.push(dir);
    return dir;
  };
  const track = (server: RunningServer) => (servers.push(server), server);
  afterAll(async () => {
    for (const server of servers) await server.close().catch(() => undefined);
    dirs.forEach(removeDir);
  });

  it('are minted for five minutes', async () => {
    expect(PITCHER_TOKEN_TTL_SECONDS).toBe(300);
    expect(readConfig({} as NodeJS.ProcessEnv).pitcherTokenTtlSeconds).toBe(300);
    const server = track(await startTestServer(dataDir()));
    const mintedAfter = Math.floor(Date.now() / 1000);
    const { pitcherToken } = await startSandbox(server);
    const mintedBefore = Math.floor(Date.now() / 1000);
    const { e } = JSON.parse(Buffer.from(pitcherToken.split('.')[0], 'base64url').toString('utf8')) as { e: number };
    expect(e).toBeGreaterThanOrEqual(mintedAfter + PITCHER_TOKEN_TTL_SECONDS);
    expect(e).toBeLessThanOrEqual(mintedBefore + PITCHER_TOKEN_TTL_SECONDS);
  });

  it('an expired pitcher token is refused at the upgrade', async () => {
    const server = track(await startTestServer(dataDir(), 'write', { config: { pitcherTokenTtlSeconds: 0 } }));
    const res = await rawUpgrade(server.port, pitcherPath(await startSandbox(server)));
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toEqual({ errors: ['Invalid or expired pitcher token'] });
  });

  it('a write token minted before the anonymous level was lowered joins read-only and its edit is refused', async () => {
    const dir = dataDir();
    const before = await startTestServer(dir, 'write');
    const host = await startSandbox(before);
    const port = before.port;
    await before.close();
    const after = track(await startTestServer(dir, 'read', { env: { PORT: String(port) } }));
    const s = await joined(host);
    expect(s.join).toMatchObject({ status: 0, result: { permissions: { file: { documentOperation: false, save: false }, shell: { create: false } } } });
    const read = await s.ask('fs/read', null);
    const readme = (read.result.treeNodes as Array<{ id: string; name: string }>).find((n) => n.name === 'README.md')!;
    const opened = await s.ask('file/open', { id: readme.id, isResync: false });
    expect(opened.status).toBe(0);
    const edit = await s.ask('file/documentOperation', { id: readme.id, operation: ['x', opened.result.content.length], revision: 0 });
    expect(edit).toMatchObject({ status: 1, error: { code: PitcherErrorCode.NO_ACCESS } });
    await s.wire.close();
    // A token minted now carries read access too.
    const fresh = await joined(await startSandbox(after));
    expect(fresh.join.result.permissions.file.documentOperation).toBe(false);
    await fresh.wire.close();
  });

  it('a new signing secret (secret.key deleted) invalidates old pitcher tokens; sessions and API tokens stay (they are rows)', async () => {
    const dir = dataDir();
    const first = await startTestServer(dir);
    const port = first.port;
    const sdkHost = await startSandbox(first, { headers: asOwner });
    expect((await rawUpgrade(port, pitcherPath(sdkHost))).status).toBe(101);
    await first.close();
    rmSync(path.join(dir, 'secret.key'));
    const second = track(await startTestServer(dir, 'write', { env: { PORT: String(port) } }));
    expect((await rawUpgrade(port, pitcherPath(sdkHost))).status).toBe(401);
    expect((await rawRequest(port, { path: '/api/v1/users/current', headers: asOwner })).status).toBe(200);
    expect((await rawUpgrade(port, pitcherPath(await startSandbox(second, { headers: asOwner })))).status).toBe(101);
  });

  it('a valid pitcher token with anything appended, or changed, is refused', async () => {
    const server = track(await startTestServer(dataDir()));
    const host = await startSandbox(server);
    const withToken = (token: string) => pitcherPath({ ...host, pitcherToken: token });
    expect((await rawUpgrade(server.port, withToken(host.pitcherToken))).status).toBe(101);
    const [body, mac] = host.pitcherToken.split('.');
    for (const forged of [`${host.pitcherToken}.extra`, `${host.pitcherToken}.`, `${body}.${mac}=`, `${body}.${mac}.${mac}`, `${body}..${mac}`, ` ${host.pitcherToken}`]) {
      const res = await rawUpgrade(server.port, withToken(forged));
      expect({ forged, status: res.status }).toEqual({ forged, status: 401 });
    }
  });

  it('a session cookie with anything appended, or changed, is refused and told it is signed out', async () => {
    const server = track(await startTestServer(dataDir()));
    const link = new URL(server.ownerSignInUrl);
    const cookie = cookieFrom(await rawRequest(server.port, { path: link.pathname }));
    const me = '/api/v1/users/current';
    expect((await rawRequest(server.port, { path: me, headers: { Cookie: cookie } })).status).toBe(200);
    const [name, value] = cookie.split('=');
    for (const forged of [`${cookie}.extra`, `${cookie}x`, `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await rawRequest(server.port, { path: me, headers: { Cookie: forged } });
      expect({ forged, status: res.status }).toEqual({ forged, status: 401 });
      expect(res.headers['set-cookie']?.some((c) => /^bullpen_signed_in_\d+=false;/.test(c))).toBe(true);
    }
  });
});
