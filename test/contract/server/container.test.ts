import { existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { SandboxService } from '../../../src/server/application/sandbox/sandbox-service';
import { SYSTEM_PATH } from '../../../src/server/adapters/process/bwrap-arguments';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

/** A feature whose tool the workspace's sandbox does not have (its PATH is the system's: /usr, /bin, …). */
const FEATURES_TO_MISS: Array<[feature: string, tool: string]> = [
  ['powershell', 'pwsh'],
  ['hugo', 'hugo'],
  ['php', 'php'],
  ['ruby', 'ruby'],
  ['dotnet', 'dotnet'],
];
const onSystemPath = (tool: string) => SYSTEM_PATH.split(':').some((dir) => existsSync(path.join(dir, tool)));

/**
 * container/setup over a real websocket (docs/protocol/system.md "container"): the template's devcontainer.json is
 * written into the workspace, the Dev Container task runs in the workspace's sandbox, looks for the tools and runs the
 * lifecycle commands, the clients follow it as system/initStatus and are told of missing tools; bad input is refused.
 */
describe('container/setup', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  const disk = (name: string) => path.join(context.filesDir, name);
  const taskUpdate = (s: WireSession, predicate: (task: any) => boolean, from: number) =>
    s.notification('task/update', (t) => t.id === 'devcontainer' && predicate(t), from);
  /** The task/update that says the run in shell `shellId` ended. */
  const ended = (s: WireSession, shellId: string, from: number) =>
    taskUpdate(s, (t) => t.shell?.shellId === shellId && t.shell.status !== 'RUNNING', from);
  /** The dev container's system/initStatus from `from` (the workspace's own start-up may still report in between). */
  const initStatuses = (s: WireSession, from: number) =>
    s.wire.received
      .slice(from)
      .filter((f) => f.value.method === 'system/initStatus' && !('id' in f.value) && /Dev Container|Dev container/.test(f.value.params.message))
      .map((f) => f.value.params);
  const output = async (shellId: string) => (await b.ask('shell/open', { shellId, size: { cols: 128, rows: 40 } })).result.buffer.join('');

  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  it('is announced in the join result: system.containers', () => {
    expect(a.joinResult.capabilities.system.containers).toBe(true);
    expect(a.joinResult.permissions.system.containers).toBe(true);
  });

  it('writes devcontainer.json from the template, answers the Dev Container TaskDTO and runs it to FINISHED', async () => {
    const from = { a: a.wire.received.length, b: b.wire.received.length };
    const answer = await a.ask('container/setup', {
      templateId: 'ghcr.io/devcontainers/templates/javascript-node',
      templateArgs: { imageVariant: '20-bookworm', postCreateCommand: 'node --version && echo made-by-post-create > post-create.txt' },
      features: [{ id: 'ghcr.io/devcontainers/features/git:1', options: { ppa: false } }],
    });
    expect(answer.status).toBe(0);
    const expected = {
      name: 'Node.js & JavaScript',
      image: 'mcr.microsoft.com/devcontainers/javascript-node:1-20-bookworm',
      features: { 'ghcr.io/devcontainers/features/git:1': { ppa: false } },
      postCreateCommand: 'node --version && echo made-by-post-create > post-create.txt',
    };
    expect(JSON.parse(readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8'))).toEqual(expected);

    const task = answer.result;
    expect(task).toEqual({
      id: 'devcontainer',
      name: 'Dev Container',
      command: expect.stringMatching(/^# Dev Container \(\.devcontainer\/devcontainer\.json\)/),
      unconfigured: true,
      shell: { shellId: expect.any(String), name: 'Dev Container', status: 'RUNNING', shellType: 'COMMAND', startCommand: task.command },
      ports: [],
    });
    const listed = (await b.ask('task/list', {})).result.tasks.devcontainer;
    expect(Object.keys(listed).sort()).toEqual(Object.keys(task).sort());

    const finished = await ended(b, task.shell.shellId, from.b);
    expect(finished.shell).toMatchObject({ shellId: task.shell.shellId, status: 'FINISHED', exitCode: 0 });
    const out = await output(task.shell.shellId);
    expect(out).toContain('Ensuring that Dev Container is ready...');
    expect(out).toContain("Bullpen runs dev containers on the host's toolchain: looking for node, npm, git");
    expect(out).toMatch(/ {2}node: \/\S*node\r?\n/);
    expect(out).toContain('Installing Dev Container...');
    expect(out).toContain('Running postCreateCommand (1 of 1): node --version && echo made-by-post-create > post-create.txt');
    expect(out).toMatch(/v\d+\.\d+\.\d+/);
    expect(out).toContain('Dev Container is ready');
    expect(readFileSync(disk('post-create.txt'), 'utf8')).toBe('made-by-post-create\n');

    // Every client hears of the file (fs/operations) and can read it; the install is followed as system/initStatus.
    await eventually(async () => (await b.idOf('.devcontainer/devcontainer.json')) !== undefined, 'the tree to list devcontainer.json');
    const read = await b.ask('fs/readFile', { path: '/.devcontainer/devcontainer.json' });
    expect(JSON.parse(Buffer.from(read.result.content).toString('utf8'))).toEqual(expected);
    const statuses: any[] = (await eventually((): any[] | undefined => {
      const seen = initStatuses(b, from.b);
      return seen.some((s) => s.message === 'Dev Container is ready') ? seen : undefined;
    }, 'the installation to be reported ready'))!;
    expect(statuses[0]).toEqual({ message: 'Ensuring that Dev Container is ready...', progress: 0, nextProgress: 10 });
    expect(statuses.some((s) => s.message === 'Installing Dev Container...' && s.progress >= 10)).toBe(true);
    expect(statuses[statuses.length - 1]).toMatchObject({ message: 'Dev Container is ready', progress: 100, nextProgress: 100 });
    expect(statuses[statuses.length - 1].stdout).toContain('made-by-post-create');
    const progress = statuses.map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
    expect(b.wire.received.slice(from.b).some((f) => f.value.method === 'container/openSetupDevtool')).toBe(false);
  });

  it('a second setup replaces the file and runs the same task again; a failing lifecycle command ends it in ERROR with its code', async () => {
    const before = (await a.ask('task/list', {})).result.tasks.devcontainer.shell.shellId;
    const from = a.wire.received.length;
    const answer = await a.ask('container/setup', { templateId: 'python', templateArgs: { postCreateCommand: 'echo failing-step; exit 5' } });
    expect(answer.result).toMatchObject({ id: 'devcontainer', name: 'Dev Container', shell: { status: 'RUNNING' } });
    expect(answer.result.shell.shellId).not.toBe(before);
    expect(JSON.parse(readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8'))).toEqual({
      name: 'Python 3',
      image: 'mcr.microsoft.com/devcontainers/python:1-3.12-bookworm',
      postCreateCommand: 'echo failing-step; exit 5',
    });
    const failed = await ended(a, answer.result.shell.shellId, from);
    expect(failed.shell).toMatchObject({ status: 'ERROR', exitCode: 5 });
    const out = await output(answer.result.shell.shellId);
    expect(out).toContain('failing-step');
    expect(out).toContain('postCreateCommand failed with exit code 5');
    const last = await eventually(() => initStatuses(a, from).find((s) => s.isError), 'the failure as system/initStatus');
    expect(last).toMatchObject({ message: 'Dev container installation failed with exit code 5', isError: true, progress: 100 });
    expect(Object.keys((await a.ask('task/list', {})).result.tasks).filter((id) => id.startsWith('dev'))).toEqual(['devcontainer']);
  });

  it('tells every client which tools are missing (container/openSetupDevtool) and the task says to install them on the server', async () => {
    const [feature, tool] = FEATURES_TO_MISS.find(([, t]) => !onSystemPath(t)) ?? [];
    if (!feature || !tool) throw new Error(`every tool of ${FEATURES_TO_MISS.map(([, t]) => t).join(', ')} is installed: pick another`);
    const from = { a: a.wire.received.length, b: b.wire.received.length };
    const answer = await a.ask('container/setup', { templateId: 'debian', templateArgs: {}, features: [{ id: feature, options: {} }] });
    expect(answer.status).toBe(0);
    expect(await b.notification('container/openSetupDevtool', () => true, from.b)).toEqual({ dependencies: [tool] });
    expect(await a.notification('container/openSetupDevtool', () => true, from.a)).toEqual({ dependencies: [tool] });
    expect(JSON.parse(readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8')).features).toEqual({ [`ghcr.io/devcontainers/features/${feature}:1`]: {} });
    const failed = await ended(b, answer.result.shell.shellId, from.b);
    expect(failed.shell).toMatchObject({ status: 'ERROR', exitCode: 127 });
    const out = await output(answer.result.shell.shellId);
    expect(out).toContain(`  ${tool}: missing (needed by ghcr.io/devcontainers/features/${feature}:1)`);
    expect(out).toContain(`Missing: ${tool}. Bullpen runs dev containers on the host's toolchain: install ${tool} on the server`);
    expect(out).toContain('Running postCreateCommand (1 of 1): git --version');
    const last = await eventually(() => initStatuses(b, from.b).find((s) => s.isError), 'the failure as system/initStatus');
    expect(last.message).toBe(`Dev container installation failed: Bullpen runs dev containers on the host's toolchain: install ${tool} on the server`);
  });

  it('follows devcontainer.json edited on disk: the task runs its new commands; a broken file makes the task say why', async () => {
    const edited = ['// edited by hand', '{', '  "name": "Mine",', '  "image": "mcr.microsoft.com/devcontainers/base:bookworm",', '  "onCreateCommand": ["sh", "-c", "echo from-the-edited-file > edited.txt"],', '}', ''];
    let from = a.wire.received.length;
    writeFileSync(disk('.devcontainer/devcontainer.json'), edited.join('\n'));
    const updated = await a.notification('task/update', (t) => t.id === 'devcontainer' && t.command.includes('from-the-edited-file'), from);
    expect(updated.command).toMatch(/^# Dev Container \(\.devcontainer\/devcontainer\.json\)/);
    from = a.wire.received.length;
    const ran = await a.ask('task/run', { taskId: 'devcontainer' });
    expect(ran.status).toBe(0);
    expect((await ended(a, ran.result.shell.shellId, from)).shell).toMatchObject({ status: 'FINISHED', exitCode: 0 });
    expect(readFileSync(disk('edited.txt'), 'utf8')).toBe('from-the-edited-file\n');

    from = a.wire.received.length;
    writeFileSync(disk('.devcontainer/devcontainer.json'), '{ "name": ');
    await a.notification('task/update', (t) => t.id === 'devcontainer' && t.command.includes('is not valid JSON'), from);
    from = a.wire.received.length;
    const broken = await a.ask('task/run', { taskId: 'devcontainer' });
    expect((await ended(a, broken.result.shell.shellId, from)).shell).toMatchObject({ status: 'ERROR', exitCode: 1 });
    expect(await output(broken.result.shell.shellId)).toMatch(/\.devcontainer\/devcontainer\.json is not valid JSON: .* at line 1, column \d+/);
  });

  it('a Dev Container task saved to tasks.json gets the next setup\'s command written there', async () => {
    expect((await a.ask('task/saveToConfig', { taskId: 'devcontainer' })).status).toBe(0);
    const answer = await a.ask('container/setup', { templateId: 'rust', templateArgs: { postCreateCommand: 'echo saved-task-ran' } });
    expect(answer.result).toMatchObject({ id: 'devcontainer', name: 'Dev Container' });
    expect(answer.result.unconfigured).toBeUndefined();
    expect(answer.result.command).toContain('saved-task-ran');
    expect(JSON.parse(readFileSync(disk('.codesandbox/tasks.json'), 'utf8')).tasks.devcontainer).toEqual({ name: 'Dev Container', command: answer.result.command });
  });

  it('refuses bad params and an unknown template with INVALID_PARAMS, writing nothing', async () => {
    const before = readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8');
    const invalid = (reason: string) => `Invalid params for container/setup: ${reason}`;
    const cases: Array<[unknown, string]> = [
      [{ templateId: '', templateArgs: {} }, invalid('params.templateId must be a non-empty string')],
      [{ templateId: 'go', templateArgs: { imageVariant: 1 } }, invalid('params.templateArgs.imageVariant must be a string')],
      [{ templateId: 'go' }, invalid('params.templateArgs must be a map of strings')],
      [{ templateId: 'go', templateArgs: {}, features: [{ id: 'node', options: [1] }] }, invalid('params.features[0].options must be a map')],
      [{ templateId: 'go', templateArgs: {}, features: 'node' }, invalid('params.features must be an array')],
      [{ templateId: 'go', templateArgs: {}, extra: true }, invalid('params.extra is not a known field')],
      [{ templateId: 'go', templateArgs: { flavour: 'x' } }, 'The template go has no option "flavour"; its options are imageVariant, postCreateCommand'],
      [
        { templateId: 'node', templateArgs: {} },
        'Unknown dev container template "node": Bullpen knows debian, ubuntu, javascript-node, typescript-node, python, go, rust, java, universal ' +
          '(ghcr.io/devcontainers/templates/<name>, or the name alone)',
      ],
    ];
    for (const [params, message] of cases) {
      const answer = await a.ask('container/setup', params);
      expect(answer).toEqual({ id: expect.any(Number), method: 'container/setup', status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS, message } });
    }
    expect(readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8')).toBe(before);
  });

  it('will not write through a .devcontainer symlink that leaves the workspace', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'devcontainer-outside-'));
    const moved = disk('.devcontainer-moved');
    try {
      rmSync(moved, { recursive: true, force: true });
      renameSync(disk('.devcontainer'), moved);
      symlinkSync(outside, disk('.devcontainer'));
      const answer = await a.ask('container/setup', { templateId: 'debian', templateArgs: {} });
      expect(answer.status).toBe(1);
      expect(answer.error.code).toBe(PitcherErrorCode.CRITICAL_ERROR);
      expect(answer.error.message).toMatch(/^Failed to write to \.devcontainer\/devcontainer\.json: /);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      rmSync(disk('.devcontainer'), { force: true });
      renameSync(moved, disk('.devcontainer'));
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses a read-only client with NO_ACCESS, before looking at its params', async () => {
    const started = await context.server.container
      .get(SandboxService)
      .start(context.server.defaultSandboxId, { username: 'viewer', name: 'Viewer', access: 'read' }, `ws://127.0.0.1:${context.server.port}/pitcher`);
    if (!started.ok) throw new Error('could not start the sandbox for the reader');
    const reader = new WireSession(await WireClient.connect(`${started.value.pitcher_url}/?token=${encodeURIComponent(started.value.pitcher_token)}`));
    try {
      reader.joinResult = (await reader.ask('client/join', JOIN_PARAMS)).result;
      expect(reader.joinResult.permissions.system.containers).toBe(false);
      const before = readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8');
      for (const params of [{ templateId: 'rust', templateArgs: {} }, { templateId: 'nope' }]) {
        expect(await reader.ask('container/setup', params)).toEqual({
          id: expect.any(Number),
          method: 'container/setup',
          status: 1,
          error: { code: PitcherErrorCode.NO_ACCESS, message: 'You do not have permission to use container/setup' },
        });
      }
      expect(readFileSync(disk('.devcontainer/devcontainer.json'), 'utf8')).toBe(before);
    } finally {
      await reader.close();
    }
  });
});
