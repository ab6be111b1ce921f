import { execFileSync } from 'node:child_process';
import { AxiosBranchRecords } from '../../../src/adapters/rest/axios-branch-records.adapter';
import { RunningServer } from '../../../src/server/bullpen-server';
import { removeDir, startTestServer, tempDataDir, useTestServer } from '../support/server-harness';
import { WireSession } from '../support/wire-session';

jest.setTimeout(120_000);

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const call = async (server: RunningServer, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
};

/**
 * Branch records over the real server (spec 000 §7 GET and PATCH /beta/sandboxes/branches/{id}, body name; spec 002
 * §4 "Branch rename": the persisted name first, then the git branch). A Bullpen sandbox is one branch of its
 * repository, so the branch id is the sandbox id. Errors have the spec 000 §8 shape.
 */
describe('branch records', () => {
  const context = useTestServer();
  let session: WireSession;
  const branch = () => `/api/beta/sandboxes/branches/${context.server.defaultSandboxId}`;

  beforeAll(async () => {
    session = await WireSession.open(context.server); // the workspace starts: the sandbox is a repository on main
    expect((await session.ask('git/status', {})).result.branch).toBe('main');
    git(context.filesDir, 'branch', 'other');
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the checked-out branch until a name is persisted', async () => {
    expect(await call(context.server, 'GET', branch())).toEqual({ status: 200, body: { data: { id: context.server.defaultSandboxId, name: 'main' } } });
  });

  it('refuses a name another local branch has, an invalid name, a missing name and an unknown branch', async () => {
    expect(await call(context.server, 'PATCH', branch(), { name: 'other' })).toEqual({ status: 422, body: { errors: ['Name has already been taken'] } });
    expect(await call(context.server, 'PATCH', branch(), { name: 'bad name' })).toEqual({ status: 422, body: { errors: ['Invalid branch name: bad name'] } });
    expect(await call(context.server, 'PATCH', branch(), {})).toEqual({ status: 400, body: { errors: ['name must be a string'] } });
    expect(await call(context.server, 'PATCH', '/api/beta/sandboxes/branches/nosuchbox', { name: 'x' })).toEqual({ status: 404, body: { errors: ['Branch not found'] } });
    expect(await call(context.server, 'GET', branch())).toMatchObject({ body: { data: { name: 'main' } } });
    git(context.filesDir, 'pack-refs', '--all'); // branches kept in .git/packed-refs only are taken as well
    expect(await call(context.server, 'PATCH', branch(), { name: 'other' })).toEqual({ status: 422, body: { errors: ['Name has already been taken'] } });
  });

  it('renames as the client does: the name is persisted, then git/renameBranch renames the git branch', async () => {
    const records = new AxiosBranchRecords(`${context.server.url}/api/beta`);
    await records.rename(context.server.defaultSandboxId, 'feature/login');
    expect(await call(context.server, 'GET', branch())).toMatchObject({ status: 200, body: { data: { name: 'feature/login' } } });
    expect(await session.ask('git/renameBranch', { oldBranch: 'main', newBranch: 'feature/login' })).toMatchObject({ status: 0, result: null });
    expect(git(context.filesDir, 'branch', '--show-current')).toBe('feature/login');
  });

  it('gives the client adapter the API\'s message, which the git store turns into name-taken', async () => {
    const records = new AxiosBranchRecords(`${context.server.url}/api/beta`);
    await expect(records.rename(context.server.defaultSandboxId, 'other')).rejects.toThrow('Name has already been taken');
    // the checked-out branch's own name is never taken: a failed rename can always be reverted
    await expect(records.rename(context.server.defaultSandboxId, 'feature/login')).resolves.toBeUndefined();
  });

  it('keeps the persisted name across a server restart', async () => {
    await session.close();
    await context.server.close();
    context.server = await startTestServer(context.dataDir);
    session = await WireSession.open(context.server);
    expect(await call(context.server, 'GET', branch())).toMatchObject({ status: 200, body: { data: { name: 'feature/login' } } });
  });
});

describe('branch records with read-only visitors', () => {
  let dataDir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir, 'read');
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('refuses a rename without write access (403), and the name stays', async () => {
    const path = `/api/beta/sandboxes/branches/${server.defaultSandboxId}`;
    expect(await call(server, 'PATCH', path, { name: 'mine' })).toEqual({ status: 403, body: { errors: ['Renaming a branch needs write access'] } });
    expect((await call(server, 'GET', path)).body).not.toMatchObject({ data: { name: 'mine' } });
  });
});
