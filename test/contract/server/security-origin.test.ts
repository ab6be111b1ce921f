import { existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode, encodeMessage } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { readConfig } from '../../../src/server/config';
import { SandboxRepository } from '../../../src/server/application/ports/sandbox-repository.port';
import { WorkspaceStorage } from '../../../src/server/application/ports/workspace-storage.port';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, removeDir, startSandbox, startTestServer, tempDataDir } from '../support/server-harness';
import { pitcherPath, rawRequest, rawUpgrade } from '../support/http-client';

jest.setTimeout(60_000);

/** ADR 0007, on the default (loopback, no secret) configuration: Host and Origin checks, sandbox-scoped tokens. */
describe('safe by default: Host, Origin and sandbox-scoped pitcher tokens', () => {
  let dataDir: string;
  let server: RunningServer;
  let otherId: string;
  const own = () => `http://localhost:${server.port}`;
  const json = (body: string) => JSON.parse(body) as unknown;

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir, 'write', { env: { HOST: '' } }); // HOST unset (empty counts as unset)
    otherId = 'second1';
    await server.container.get<WorkspaceStorage>(WorkspaceStorage).create(otherId, { 'b.txt': 'sandbox B\n' });
    await server.container.get<SandboxRepository>(SandboxRepository).create({ id: otherId, title: 'Second', template: 'test', createdAt: new Date().toISOString(), privacy: 0 });
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('binds 127.0.0.1 by default, where visitors may use the default sandbox without signing in', async () => {
    expect(readConfig({} as NodeJS.ProcessEnv).host).toBe('127.0.0.1');
    expect(readConfig({} as NodeJS.ProcessEnv).anonymousAccess).toBe('write');
    expect(readConfig({ HOST: '0.0.0.0' } as NodeJS.ProcessEnv).anonymousAccess).toBe('read');
    expect(server.address).toBe('127.0.0.1');
    expect(server.editorUrl).toBe(`http://localhost:${server.port}/sandbox/${server.defaultSandboxId}`);
    expect(existsSync(path.join(dataDir, 'access-token'))).toBe(false);
    expect((await rawRequest(server.port, { method: 'POST', path: `/api/v1/vm/${server.defaultSandboxId}/start` })).status).toBe(200);
  });

  it.each([['localhost'], ['127.0.0.1'], ['[::1]']])('answers the loopback host name %s with the port', async (name) => {
    const res = await rawRequest(server.port, { path: `/api/v1/sandboxes/${server.defaultSandboxId}`, headers: { Host: `${name}:${server.port}` } });
    expect(res.status).toBe(200);
  });

  it.each([
    ['GET', '/api/v1/sandboxes/DEFAULT'],
    ['POST', '/api/v1/vm/DEFAULT/start'],
    ['GET', '/sandbox/DEFAULT'],
    ['GET', '/'],
    ['GET', '/no/such/asset.js'],
  ])('refuses %s %s with Host evil.example (DNS rebinding): 403 and the error shape', async (method, route) => {
    const res = await rawRequest(server.port, { method, path: route.replace('DEFAULT', server.defaultSandboxId), headers: { Host: 'evil.example', Accept: 'text/html' } });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toContain('application/json');
    expect(json(res.body)).toEqual({ errors: [expect.stringContaining('host name')] });
  });

  it('refuses Host with another port', async () => {
    const res = await rawRequest(server.port, { path: `/api/v1/sandboxes/${server.defaultSandboxId}`, headers: { Host: `localhost:${server.port + 1}` } });
    expect(res.status).toBe(403);
  });

  it('refuses a start call from another Origin with 403, and allows its own origin and no Origin (the SDK)', async () => {
    const start = (headers: Record<string, string>) => rawRequest(server.port, { method: 'POST', path: `/api/v1/vm/${server.defaultSandboxId}/start`, headers });
    const foreign = await start({ Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(json(foreign.body)).toEqual({ errors: ['Requests from other sites are not allowed'] });
    expect((await start({ Origin: 'null' })).status).toBe(403);
    expect((await start({ Origin: `http://localhost:${server.port + 1}` })).status).toBe(403);
    expect((await start({ Origin: own() })).status).toBe(200);
    expect((await start({ Origin: `http://127.0.0.1:${server.port}` })).status).toBe(200);
    expect((await start({})).status).toBe(200);
  });

  it('refuses a websocket upgrade from another Origin or Host with an HTTP 403 in the error shape', async () => {
    const host = await startSandbox(server);
    const foreign = await rawUpgrade(server.port, pitcherPath(host), { Origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(json(foreign.body)).toEqual({ errors: ['Requests from other sites are not allowed'] });
    const rebound = await rawUpgrade(server.port, pitcherPath(host), { Host: `evil.example:${server.port}` });
    expect(rebound.status).toBe(403);
    expect(json(rebound.body)).toEqual({ errors: [expect.stringContaining('host name')] });
    expect((await rawUpgrade(server.port, pitcherPath(host), { Origin: own() })).status).toBe(101);
    expect((await rawUpgrade(server.port, pitcherPath(host))).status).toBe(101);
  });

  it('puts the sandbox id in the pitcher URL and accepts it with and without the trailing slash', async () => {
    const host = await startSandbox(server);
    expect(host.pitcherUrl).toBe(`ws://localhost:${server.port}/pitcher/${server.defaultSandboxId}`);
    expect((await rawUpgrade(server.port, pitcherPath(host, true))).status).toBe(101);
    expect((await rawUpgrade(server.port, pitcherPath(host, false))).status).toBe(101);
    expect((await rawUpgrade(server.port, `/pitcher?token=${encodeURIComponent(host.pitcherToken)}`)).status).toBe(404);
  });

  it('a token for sandbox A does not open sandbox B', async () => {
    const a = await startSandbox(server);
    const b = await startSandbox(server, { sandboxId: otherId });
    const aTokenOnB = await rawUpgrade(server.port, `/pitcher/${otherId}/?token=${encodeURIComponent(a.pitcherToken)}`);
    expect(aTokenOnB.status).toBe(403);
    expect(json(aTokenOnB.body)).toEqual({ errors: ['This pitcher token is for another sandbox'] });
    const bTokenOnA = await rawUpgrade(server.port, `/pitcher/${server.defaultSandboxId}?token=${encodeURIComponent(b.pitcherToken)}`);
    expect(bTokenOnA.status).toBe(403);
    expect((await rawUpgrade(server.port, pitcherPath(b))).status).toBe(101);
  });

  it('a token stops working when its sandbox is deleted: refused at the upgrade and at the join', async () => {
    const id = 'doomed1';
    const repository = server.container.get<SandboxRepository>(SandboxRepository);
    await server.container.get<WorkspaceStorage>(WorkspaceStorage).create(id, { 'a.txt': 'a\n' });
    await repository.create({ id, title: 'Doomed', template: 'test', createdAt: new Date().toISOString(), privacy: 0 });
    const host = await startSandbox(server, { sandboxId: id });
    const wire = await WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(host.pitcherToken)}`);
    await repository.delete(id);
    wire.send(encodeMessage({ method: 'client/join', params: JOIN_PARAMS, id: 0 }));
    const join = await wire.waitFor((v) => v && v.id === 0 && 'status' in v);
    expect(join.value).toMatchObject({ status: 1, error: { code: PitcherErrorCode.NO_ACCESS } });
    await wire.close();
    const again = await rawUpgrade(server.port, pitcherPath(host));
    expect(again.status).toBe(404);
    expect(json(again.body)).toEqual({ errors: ['Sandbox not found'] });
  });
});
