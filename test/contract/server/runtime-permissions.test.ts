import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { permissionsFor } from '../../../src/server/application/workspace/permissions';
import { rawRequest } from '../support/http-client';
import { asOwner, removeDir, startTestServer, tempDataDir, useTestServer } from '../support/server-harness';
import { WireSession, useWireSessions } from '../support/wire-session';
import { SandboxRepository } from '../../../src/server/application/ports/sandbox-repository.port';

jest.setTimeout(120_000);

/** PATCH /api/v1/sandboxes/:id over real HTTP, as the owner (visitors may not change who may do what). */
async function setAccess(server: RunningServer, body: unknown, sandboxId = server.defaultSandboxId, headers: Record<string, string> = asOwner) {
  const res = await rawRequest(server.port, {
    method: 'PATCH',
    path: `/api/v1/sandboxes/${sandboxId}`,
    headers: { host: `127.0.0.1:${server.port}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: JSON.parse(res.body) };
}

/**
 * A sandbox's access changed at run time (docs/protocol/client.md "Access changes at run time"): every joined client
 * whose access changes gets client/permissions, and from that moment the server holds it to the new level.
 */
describe('access changed while clients are joined', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  const readPermissions = { isProtected: false, permissions: permissionsFor('read') };
  const writePermissions = { isProtected: false, permissions: permissionsFor('write') };

  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  const writeFile = (s: WireSession, name: string, text: string) =>
    s.ask('fs/writeFile', { path: name, content: new Uint8Array(Buffer.from(text)), create: true, overwrite: true });

  it('lowering it to read tells every joined client its read permissions, and from the HTTP answer on their writes are refused', async () => {
    expect(a.joinResult.permissions).toEqual(permissionsFor('write'));
    expect((await writeFile(a, 'before.txt', 'written')).status).toBe(0);
    const fromA = a.wire.received.length;
    const fromB = b.wire.received.length;
    const changed = await setAccess(context.server, { anonymousAccess: 'read' });
    expect(changed).toEqual({ status: 200, body: { data: expect.objectContaining({ id: context.server.defaultSandboxId, anonymousAccess: 'read' }) } });
    expect(await a.notification('client/permissions', () => true, fromA)).toEqual(readPermissions);
    expect(await b.notification('client/permissions', () => true, fromB)).toEqual(readPermissions);

    const refused = await writeFile(a, 'after.txt', 'refused');
    expect(refused).toMatchObject({ status: 1, error: { code: PitcherErrorCode.NO_ACCESS, message: 'You do not have permission to use fs/writeFile' } });
    const readme = (await b.idOf('README.md'))!;
    const opened = await b.ask('file/open', { id: readme });
    expect(opened.status).toBe(0);
    const edit = await b.ask('file/documentOperation', { id: readme, operation: ['x', opened.result.content.length], revision: opened.result.document.revision });
    expect(edit).toMatchObject({ status: 1, error: { code: PitcherErrorCode.NO_ACCESS } });
    expect((await b.ask('shell/create', { type: 'TERMINAL', size: { cols: 80, rows: 24 } })).error.code).toBe(PitcherErrorCode.NO_ACCESS);
    expect((await a.ask('fs/readFile', { path: 'before.txt' })).status).toBe(0);
    expect(() => readFileSync(path.join(context.filesDir, 'after.txt'))).toThrow();
    await b.ask('file/close', { id: readme });
  });

  it('is stored with the sandbox, shown by the API, and a client joining now joins read-only', async () => {
    const record = await context.server.container.get<SandboxRepository>(SandboxRepository).get(context.server.defaultSandboxId);
    expect(record?.anonymousAccess).toBe('read');
    const shown = await rawRequest(context.server.port, { path: `/api/v1/sandboxes/${context.server.defaultSandboxId}` });
    expect(JSON.parse(shown.body).data.anonymousAccess).toBe('read');
    const late = await WireSession.open(context.server);
    expect(late.joinResult.permissions).toEqual(permissionsFor('read'));
    await late.close();
  });

  it('setting the level it already has tells nobody; raising it back to write restores every client', async () => {
    const fromA = a.wire.received.length;
    expect((await setAccess(context.server, { anonymousAccess: 'read' })).status).toBe(200);
    expect((await setAccess(context.server, { anonymousAccess: 'write' })).body.data.anonymousAccess).toBe('write');
    // Both reviews were sent before their HTTP answers, in order: the first client/permissions since is the second's.
    await a.notification('client/permissions', () => true, fromA);
    expect(a.wire.received.slice(fromA).filter((f) => f.value.method === 'client/permissions').map((f) => f.value.params)).toEqual([writePermissions]);
    expect((await writeFile(a, 'after.txt', 'allowed again')).status).toBe(0);
    expect(readFileSync(path.join(context.filesDir, 'after.txt'), 'utf8')).toBe('allowed again');
  });

  it('refuses a bad level (400) and an unknown sandbox (404) without telling anyone', async () => {
    const fromA = a.wire.received.length;
    expect(await setAccess(context.server, { anonymousAccess: 'owner' })).toEqual({ status: 400, body: { errors: ["anonymousAccess must be 'read' or 'write'"] } });
    expect(await setAccess(context.server, {})).toMatchObject({ status: 400 });
    expect(await setAccess(context.server, { anonymousAccess: 'read' }, 'nosuch')).toEqual({ status: 404, body: { errors: ['Sandbox not found'] } });
    // A visitor, even one who may edit the sandbox, may not change who may do what in it.
    expect(await setAccess(context.server, { anonymousAccess: 'read' }, context.server.defaultSandboxId, {})).toEqual({ status: 401, body: { errors: ['Sign in to do this'] } });
    expect((await writeFile(a, 'still.txt', 'yes')).status).toBe(0);
    expect(a.wire.received.slice(fromA).some((f) => f.value.method === 'client/permissions')).toBe(false);
  });
});

describe('access changed on a server whose visitors may only read', () => {
  let server: RunningServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir, 'read');
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('a sandbox cannot be opened to writers beyond the server\'s level: nobody is told anything, writes stay refused', async () => {
    const s = await WireSession.open(server);
    expect(s.joinResult.permissions).toEqual(permissionsFor('read'));
    const from = s.wire.received.length;
    expect((await setAccess(server, { anonymousAccess: 'write' })).body.data.anonymousAccess).toBe('read');
    expect((await s.ask('fs/writeFile', { path: 'x.txt', content: new Uint8Array([1]), create: true, overwrite: true })).error.code).toBe(PitcherErrorCode.NO_ACCESS);
    expect(s.wire.received.slice(from).some((f) => f.value.method === 'client/permissions')).toBe(false);
    await s.close();
  });
});
