import 'reflect-metadata';
import { PitcherChannels } from '../../../src/adapters/pitcher/pitcher-channels.adapter';
import { PitcherCollaborators } from '../../../src/adapters/pitcher/pitcher-collaborators.adapter';
import { PitcherCommands } from '../../../src/adapters/pitcher/pitcher-commands.adapter';
import { PitcherContainer } from '../../../src/adapters/pitcher/pitcher-container.adapter';
import { PitcherDocuments } from '../../../src/adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../../../src/adapters/pitcher/pitcher-file-tree.adapter';
import { PitcherGit } from '../../../src/adapters/pitcher/pitcher-git.adapter';
import { PitcherLanguage } from '../../../src/adapters/pitcher/pitcher-language.adapter';
import { PitcherPorts } from '../../../src/adapters/pitcher/pitcher-ports.adapter';
import { PitcherPresence } from '../../../src/adapters/pitcher/pitcher-presence.adapter';
import { PitcherRawFs } from '../../../src/adapters/pitcher/pitcher-raw-fs.adapter';
import { PitcherSearch } from '../../../src/adapters/pitcher/pitcher-search.adapter';
import { PitcherSetup } from '../../../src/adapters/pitcher/pitcher-setup.adapter';
import { PitcherShells } from '../../../src/adapters/pitcher/pitcher-shells.adapter';
import { PitcherSystem } from '../../../src/adapters/pitcher/pitcher-system.adapter';
import { PitcherTasks } from '../../../src/adapters/pitcher/pitcher-tasks.adapter';
import { PitcherWorkspaceNotifications } from '../../../src/adapters/pitcher/pitcher-workspace-notifications.adapter';
import { CommandStore } from '../../../src/application/command/command.store';
import { ContainerStore } from '../../../src/application/container/container.store';
import { GitStore } from '../../../src/application/git/git.store';
import { LanguageStore } from '../../../src/application/language/language.store';
import { WorkspaceNotificationStore } from '../../../src/application/notification/notification.store';
import { PortsStore } from '../../../src/application/port/ports.store';
import { CommandNotFoundError } from '../../../src/application/ports/commands.port';
import { GitPortError } from '../../../src/application/ports/git.port';
import { LspRequestError } from '../../../src/application/ports/language.port';
import { PortError } from '../../../src/application/ports/port-error';
import { RawFsError } from '../../../src/application/ports/raw-fs.port';
import { TaskPortError } from '../../../src/application/ports/tasks.port';
import { SearchStore } from '../../../src/application/search/search.store';
import { SetupStore } from '../../../src/application/setup/setup.store';
import { TasksStore } from '../../../src/application/tasks/tasks.store';
import { AccessStore } from '../../../src/application/workspace/access.store';
import { TextOperation } from '../../../src/domain/ot/text-operation';
import { READ_ONLY_ACCESS } from '../../../src/domain/permissions/workspace-access';
import { ClientReplay, flush } from '../support/client-harness';
import { answerFromFixture, deliverNotifications, responseOf } from '../support/fixture-recorder/client-feed';
import { loadFixture } from '../support/fixtures';

/**
 * The real client adapters (src/adapters/pitcher) and stores, fed the frames recorded from the real server through a
 * fake socket: every request they send must be the fixture's request byte for byte, and they must end in the state
 * the recorded answers and notifications imply. One block per family.
 */
let replay: ClientReplay;
let errors: string[];
const notifyError = (message: string) => errors.push(message);
beforeEach(async () => {
  replay = new ClientReplay();
  await replay.join();
  errors = [];
});
afterEach(() => replay.dispose());

const bytesOf = (bin: { $bin: string }) => new Uint8Array(Buffer.from(bin.$bin, 'hex'));

describe('client', () => {
  it('lists collaborators; a join and a leave of others are reported', async () => {
    const collaborators = new PitcherCollaborators(replay.client);
    const presence = new PitcherPresence(replay.client);
    const connected: unknown[] = [];
    const left: unknown[] = [];
    collaborators.onDidConnect((c) => connected.push(c));
    presence.onDidLeave((l) => left.push(l));
    const list = await answerFromFixture(replay, 'client/list', () => collaborators.list());
    expect(list.map((c) => c.clientId)).toEqual(responseOf('client/list').result.map((c: any) => c.clientId));
    expect(list[1]).toEqual({ clientId: '<id-2>', username: 'guest-<2>', name: 'Guest <2>', color: expect.stringMatching(/^#/) });
    const [joined] = deliverNotifications(replay, 'client/join.collaborator', 'client/connected');
    expect(connected).toEqual([{ clientId: joined.clientId, username: joined.username, name: joined.name, color: joined.color }]);
    const [gone] = deliverNotifications(replay, 'client/list.after-disconnect', 'client/disconnected');
    expect(left).toEqual([{ clientId: gone.clientId, reason: 'Disconnect' }]);
    expect(await answerFromFixture(replay, 'client/list.after-disconnect', () => presence.listClientIds())).toEqual(['<id-1>', '<id-2>']);
  });

  it('client/permissions reaches the connection with the lowered permissions, and the access store follows it', async () => {
    const fresh = new ClientReplay();
    const access = new AccessStore(fresh.client);
    await fresh.join();
    expect(access.can).toMatchObject({ edit: true, save: true, changeFiles: true, upload: true, createShells: true, commit: true, runTasks: true });
    const updates: any[] = [];
    fresh.client.onDidChangePermissions((u) => updates.push(u));
    deliverNotifications(fresh, 'file/save.error-no-access', 'client/permissions');
    expect(updates).toHaveLength(1);
    expect(updates[0].isProtected).toBe(false);
    expect(updates[0].permissions.file).toMatchObject({ open: true, save: false, documentOperation: false });
    expect(access.can).toEqual(READ_ONLY_ACCESS);
    fresh.dispose();
  });
});

describe('file', () => {
  const app = () => responseOf('file/open').result.id as string;

  it('opens, edits, acknowledges, selects, saves and closes a document as recorded', async () => {
    const docs = new PitcherDocuments(replay.client);
    const opened = await answerFromFixture(replay, 'file/open', () => docs.open(app(), false));
    expect(opened).toMatchObject({
      fileId: app(),
      isBinary: false,
      revision: 0,
      savedHash: responseOf('file/open').result.savedHash,
      participants: { '<id-1>': { username: 'guest-<1>' } },
    });
    expect(opened.content).toContain('Hello Bullpen');

    const request = (loadFixture('file/documentOperation').request as any).params;
    const op = TextOperation.fromJSON(request.operation);
    if (!op.ok) throw new Error(op.error.message);
    await expect(answerFromFixture(replay, 'file/documentOperation', () => docs.sendOperation(app(), 0, op.value, 1))).resolves.toEqual({
      id: app(),
      revision: 1,
    });
    await expect(answerFromFixture(replay, 'file/documentAck', () => docs.acknowledge(app(), 1))).resolves.toBeUndefined();
    await answerFromFixture(replay, 'file/documentSelection', () => docs.sendSelection(app(), [{ anchor: 3, head: 9 }]));
    const saves: unknown[] = [];
    docs.onDidSave((s) => saves.push(s));
    const [saved] = deliverNotifications(replay, 'file/save', 'file/save', 'A');
    await answerFromFixture(replay, 'file/save', () => docs.save(app()));
    expect(saves).toEqual([{ fileId: app(), savedHash: saved.savedHash }]);
    expect(saved.savedHash).not.toBe(opened.savedHash);
    await answerFromFixture(replay, 'file/close', () => docs.close(app()));
  });

  it("reports others' joins, operations, selections and leaves", () => {
    const docs = new PitcherDocuments(replay.client);
    const events: unknown[] = [];
    docs.onDidJoinFile((e) => events.push(['join', e]));
    docs.onDidReceiveOperation((e) => events.push(['operation', e.fileId, e.revision, e.operation.toJSON()]));
    docs.onDidReceiveSelections((e) => events.push(['selections', e]));
    docs.onDidLeaveFile((e) => events.push(['leave', e]));
    deliverNotifications(replay, 'file/openByPath', 'file/join');
    const [operation] = deliverNotifications(replay, 'file/documentOperation', 'file/documentOperation');
    const [selection] = deliverNotifications(replay, 'file/documentSelection', 'file/documentSelection');
    deliverNotifications(replay, 'file/close', 'file/leave');
    expect(events).toEqual([
      ['join', { fileId: app(), clientId: '<id-2>', username: 'guest-<2>' }],
      ['operation', app(), 1, operation.operation],
      ['selections', { fileId: app(), selections: selection.selections }],
      ['leave', { fileId: app(), clientId: '<id-2>' }],
    ]);
    expect(selection.selections['<id-1>']).toEqual([{ anchor: 3, head: 9 }]);
  });

  it('opens a document by its path (file/openByPath) as recorded: the answer names its id and both participants', async () => {
    const docs = new PitcherDocuments(replay.client);
    const recorded = responseOf('file/openByPath').result;
    const opened = await answerFromFixture(replay, 'file/openByPath', () => docs.openByPath('src/App.js', false));
    expect(opened).toEqual({
      fileId: recorded.id,
      isBinary: false,
      content: recorded.content,
      revision: 0,
      savedHash: recorded.savedHash,
      selections: { '<id-1>': null, '<id-2>': null },
      participants: { '<id-1>': { username: 'guest-<1>' }, '<id-2>': { username: 'guest-<2>' } },
    });
    expect(opened.content).toContain('Hello Bullpen');
  });

  it('an unknown file id is refused with its code', async () => {
    const docs = new PitcherDocuments(replay.client);
    const { error } = responseOf('file/open.error-invalid-id');
    await expect(answerFromFixture(replay, 'file/open.error-invalid-id', () => docs.open('no-such-file', false))).rejects.toEqual(
      new PortError('rejected', error.message, 100),
    );
    expect(error.message).toBe('Failed to retrieve a path for the file (id: no-such-file): file not found.');
  });
});

describe('fs', () => {
  it('reads the tree; fs/operations from others reach the tree port', async () => {
    const tree = new PitcherFileTree(replay.client);
    const read = await answerFromFixture(replay, 'fs/read', () => tree.read());
    expect(read).toEqual({ nodes: responseOf('fs/read').result.treeNodes, clock: 0 });
    expect(read.nodes.find((n) => n.name === 'App.js')?.parentId).toBe(read.nodes.find((n) => n.name === 'src')?.id);
    const batches: unknown[] = [];
    tree.onDidReceiveOperations((ops) => batches.push(ops));
    const [ops] = deliverNotifications(replay, 'fs/operation', 'fs/operations', 'B');
    expect(batches).toEqual([ops.operations]);
    expect(ops.operations[0]).toMatchObject({ operation: { type: 'create', parentId: '0', newEntry: { name: 'created.txt', type: 0 } }, clock: 1 });
    expect(await answerFromFixture(replay, 'fs/readdir', () => tree.readdir('src'))).toEqual([
      { name: 'App.js', isDirectory: false, isSymlink: false },
      { name: 'index.js', isDirectory: false, isSymlink: false },
      { name: 'styles.css', isDirectory: false, isSymlink: false },
    ]);
  });

  it('raw calls decode contents, stats, watch events and errno errors', async () => {
    const fs = new PitcherRawFs(replay.client);
    const content = await answerFromFixture(replay, 'fs/readFile', () => fs.readFile('README.md'));
    expect(content).toEqual(bytesOf(responseOf('fs/readFile').result.content));
    expect(Buffer.from(content).toString('utf8')).toContain('Welcome to Bullpen');
    await answerFromFixture(replay, 'fs/writeFile', () =>
      fs.writeFile('notes.txt', new TextEncoder().encode('first note\n'), { create: true, overwrite: true }),
    );
    expect(await answerFromFixture(replay, 'fs/stat', () => fs.stat('notes.txt'))).toEqual({
      type: 'file',
      isSymlink: false,
      size: 11,
      mtime: 1_700_000_000_000,
      ctime: 1_700_000_000_000,
      atime: 1_700_000_000_000,
    });
    await answerFromFixture(replay, 'fs/mkdir', () => fs.mkdir('docs/drafts', { recursive: true }));
    await answerFromFixture(replay, 'fs/copy', () => fs.copy('notes.txt', 'docs/copy.txt'));
    await answerFromFixture(replay, 'fs/rename', () => fs.rename('docs/copy.txt', 'docs/renamed.txt'));
    const watchId = await answerFromFixture(replay, 'fs/watch', () => fs.watch('docs', { recursive: true }));
    expect(watchId).toBe(responseOf('fs/watch').result.watchId);
    const events: unknown[] = [];
    fs.onDidReceiveWatchEvents((e) => events.push(e));
    deliverNotifications(replay, 'fs/watch', 'fs/watchEvent');
    expect(events).toEqual([{ watchId, events: [{ type: 'add', paths: ['/docs/drafts/watched.txt'] }] }]);
    await answerFromFixture(replay, 'fs/unwatch', () => fs.unwatch(watchId));
    await answerFromFixture(replay, 'fs/remove', () => fs.remove('docs', { recursive: true }));
    expect(await answerFromFixture(replay, 'fs/upload', () => fs.upload('0', 'upload.bin', new Uint8Array([0, 1, 2, 255])))).toBe(
      responseOf('fs/upload').result.fileId,
    );
    expect(await answerFromFixture(replay, 'fs/download', () => fs.download('src'))).toBe('/download/<token>/src.zip');
    const error = await answerFromFixture(replay, 'fs/readFile.error-enoent', () => fs.readFile('missing.txt')).catch((e) => e);
    expect(error).toBeInstanceOf(RawFsError);
    expect(error).toMatchObject({ errno: -2, message: 'File not found', code: 102 });
  });
});

describe('fs search', () => {
  it('a streaming search fills its session from the recorded matches and ends as recorded', async () => {
    const port = new PitcherSearch(replay.client);
    const store = new SearchStore(port, () => 'search-1');
    const query = { text: 'hello bullpen', caseSensitivity: 'disabled' as const };
    await answerFromFixture(replay, 'fs/streamingSearch', async () => void store.search(query));
    deliverNotifications(replay, 'fs/streamingSearch', 'fs/searchMatches');
    deliverNotifications(replay, 'fs/streamingSearch', 'fs/searchFinished');
    const session = store.session('search-1')!;
    expect(session.state).toEqual({ kind: 'FINISHED', hitLimit: false });
    expect(session.matchCount).toBe(1);
    expect([...session.files.keys()]).toEqual(['/src/App.js']);
    const matches: any[] = [];
    port.onDidReceiveMatches((m) => matches.push(...m.matches));
    deliverNotifications(replay, 'fs/streamingSearch', 'fs/searchMatches');
    // UTF-8 byte offsets 10..23 of the line are UTF-16 offsets 10..23 here (ASCII); the line break is dropped.
    expect(matches).toEqual([
      {
        filepath: '/src/App.js',
        fileId: responseOf('fs/search').result[0].fileId,
        lineNumber: 4,
        lineText: '      <h1>Hello Bullpen</h1>',
        ranges: [{ start: 10, end: 23 }],
      },
    ]);
    await answerFromFixture(replay, 'fs/cancelStreamingSearch', () => port.cancelSearch('search-1'));
    expect(await answerFromFixture(replay, 'fs/pathSearch', () => store.searchPaths('app'))).toEqual([{ path: '/src/App.js', ranges: [{ start: 5, end: 8 }] }]);
  });
});

describe('fs search, one-shot', () => {
  it('the search store finds every line at once (fs/search); a refused limit is an invalid query with the server text', async () => {
    const store = new SearchStore(new PitcherSearch(replay.client));
    const [recorded] = responseOf('fs/search').result;
    expect(await answerFromFixture(replay, 'fs/search', () => store.findAll({ text: 'Hello Bullpen' }))).toEqual({
      ok: true,
      value: [{ fileId: recorded.fileId, lineNumber: 4, lineText: '      <h1>Hello Bullpen</h1>', ranges: [{ start: 10, end: 23 }] }],
    });
    expect(await answerFromFixture(replay, 'fs/search.error-invalid-params', () => store.findAll({ text: 'x', maxResults: 0 }))).toEqual({
      ok: false,
      error: { kind: 'invalid-query', message: 'Invalid params for fs/search: params.maxResults must be at least 1' },
    });
    expect(store.sessions.size).toBe(0);
  });
});

describe('shell', () => {
  it('creates a terminal, types into it and hears its output; opens, lists and resizes', async () => {
    const shells = new PitcherShells(replay.client);
    const created = await answerFromFixture(replay, 'shell/create', () => shells.create({ cols: 80, rows: 24 }));
    const shellId = responseOf('shell/create').result.shellId;
    expect(created).toEqual({ shellId, name: 'Terminal 1', status: 'RUNNING', isTerminal: true, buffer: [] });
    const outputs: Array<{ shellId: string; out: string }> = [];
    shells.onDidOutput((o) => outputs.push(o));
    await answerFromFixture(replay, 'shell/in.terminal', () => shells.input(shellId, 'echo contract-$((6*7))\r'));
    deliverNotifications(replay, 'shell/in.terminal', 'shell/out');
    expect(outputs.map((o) => o.shellId)).toEqual([shellId]);
    expect(outputs[0].out).toMatch(/contract-42\r\n/);
    const typed = (loadFixture('shell/in').request as any).params;
    await answerFromFixture(replay, 'shell/in', () => shells.input(typed.shellId, 'contract-42\r'));
    deliverNotifications(replay, 'shell/in', 'shell/out');
    expect(outputs[1]).toEqual({ shellId: typed.shellId, out: 'contract-42\r\n' });
    const command = responseOf('shell/create.command').result.shellId;
    expect(await answerFromFixture(replay, 'shell/open', () => shells.open(command, { cols: 80, rows: 24 }))).toEqual({
      shellId: command,
      name: "printf 'contract-42\\n'",
      status: 'FINISHED',
      isTerminal: false,
      exitCode: 0,
      buffer: ['contract-42\r\n'],
    });
    expect((await answerFromFixture(replay, 'shell/list', () => shells.list())).map((s) => [s.shellId, s.status, s.isTerminal])).toEqual([
      [shellId, 'RUNNING', true],
      [command, 'FINISHED', false],
    ]);
    await answerFromFixture(replay, 'shell/resize', () => shells.resize(shellId, { cols: 100, rows: 30 }));
  });

  it('shell/exit of a command shell reaches onDidExit', () => {
    const shells = new PitcherShells(replay.client);
    const exits: unknown[] = [];
    shells.onDidExit((e) => exits.push(e));
    deliverNotifications(replay, 'shell/create.command', 'shell/exit', 'A');
    expect(exits).toEqual([{ shellId: responseOf('shell/create.command').result.shellId, exitCode: 0 }]);
  });
});

describe('port', () => {
  it('the ports store lists the recorded port, and empties when port/changed says it closed', async () => {
    const store = new PortsStore(new PitcherPorts(replay.client));
    await answerFromFixture(replay, 'port/list', () => store.resync());
    const [{ url }] = responseOf('port/list').result.list;
    expect(store.list).toEqual([{ port: 5173, url }]);
    expect(url).toBe('http://<sandbox>-<port>.localhost:<server-port>/');
    deliverNotifications(replay, 'port/list.after-close', 'port/changed');
    expect(store.list).toEqual([]);
  });
});

describe('task', () => {
  it('the tasks store follows the list, the task updates, unassigned ports and parse errors', async () => {
    const port = new PitcherTasks(replay.client);
    const store = new TasksStore(port, notifyError);
    await answerFromFixture(replay, 'task/list', () => store.resync());
    expect(store.all).toEqual([]);
    deliverNotifications(replay, 'task/create', 'task/listUpdate');
    expect(store.all.map((t) => t.id)).toEqual(['start', 'build', 'greet']);
    expect(store.setupTasks.map((t) => t.name)).toEqual(['First', 'Wait', 'Last']);
    const run = await answerFromFixture(replay, 'task/run', () => port.run('greet'));
    expect(run.shell).toEqual({ shellId: responseOf('task/run').result.shell.shellId, status: 'RUNNING' });
    deliverNotifications(replay, 'task/run', 'task/update');
    expect(store.statusOf('greet')).toBe('FINISHED');
    deliverNotifications(replay, 'task/stop', 'task/update');
    expect(store.statusOf('sleeper')).toBe('KILLED');
    deliverNotifications(replay, 'port/list', 'task/unassignedPortOpened');
    expect(store.unassignedPorts.map((p) => p.port)).toEqual([5173]);
    const [parse] = deliverNotifications(replay, 'task/list.config-parse-error', 'task/configParseError');
    expect(store.configParseError).toBe(parse.error);
    expect(parse.error).toMatch(/^\.codesandbox\/tasks\.json is not valid JSON: /);
    const error = await answerFromFixture(replay, 'task/run.error-not-found', () => port.run('no-such-task')).catch((e) => e);
    expect(error).toBeInstanceOf(TaskPortError);
    expect(error).toMatchObject({ failure: 'task-not-found', message: 'Task no-such-task not found' });
  });
});

describe('setup', () => {
  it('the setup store follows get, init and setup/progress; a bad step index is told to the user', async () => {
    const store = new SetupStore(new PitcherSetup(replay.client), notifyError);
    await answerFromFixture(replay, 'setup/get', () => store.resync());
    expect(store.progress).toEqual({ state: 'FINISHED', steps: [], currentStepIndex: 0 });
    await answerFromFixture(replay, 'setup/init', () => store.init());
    expect(store.state).toBe('IN_PROGRESS');
    expect(store.currentStep?.name).toBe('First');
    deliverNotifications(replay, 'setup/skip', 'setup/progress');
    expect(store.state).toBe('FINISHED');
    expect(store.progress?.steps.map((s) => s.finishStatus)).toEqual(['SUCCEEDED', 'SKIPPED', 'SUCCEEDED']);
    await answerFromFixture(replay, 'setup/skip.error-invalid-params', () => store.skip(9));
    expect(errors).toEqual(['Setup step 9 does not exist (there are 3 steps)']);
  });
});

describe('git', () => {
  const newStore = () => new GitStore(new PitcherGit(replay.client), notifyError, { rename: async () => undefined }, () => undefined, () => undefined);

  it("the git store's status, branch and remotes are the recorded ones", async () => {
    const store = newStore();
    const pending = store.resync();
    const statusId = replay.expectRequest(loadFixture('git/status').frames[0]);
    const remotesId = replay.expectRequest(loadFixture('git/remotes').frames[0]);
    replay.deliver(loadFixture('git/status').frames[1], statusId);
    replay.deliver(loadFixture('git/remotes').frames[1], remotesId);
    await pending;
    expect(store.branch).toBe('main');
    expect(store.status?.head).toBe(responseOf('git/status').result.head);
    expect(store.remotes).toEqual({ origin: '<data>/sandboxes/<sandbox>/home/remote.git', upstream: '' });

    deliverNotifications(replay, 'git/renameBranch', 'git/renameBranch');
    expect(store.branch).toBe('trunk');
    const [status] = deliverNotifications(replay, 'git/pull.error-conflict', 'git/status');
    expect(store.status).toEqual(status);
    expect(store.changedFiles).toEqual([expect.objectContaining({ path: 'README.md', isConflicted: true, deleted: false })]);
  });

  it('commit and pull: the store follows started and finished; a conflicting pull fails with its message', async () => {
    const store = newStore();
    await answerFromFixture(replay, 'git/commit', () => store.commitChanges('Add notes'));
    deliverNotifications(replay, 'git/commit', 'git/commitStarted');
    expect(store.commit.kind).toBe('RUNNING');
    deliverNotifications(replay, 'git/commit', 'git/commitFinished');
    expect(store.commit.kind).toBe('SUCCEEDED');
    deliverNotifications(replay, 'git/commit', 'git/status');
    expect(store.status?.commits.map((c) => c.message)).toEqual(['Add notes']);

    const pull = store.pullChanges();
    deliverNotifications(replay, 'git/pull.error-conflict', 'git/pullStarted');
    deliverNotifications(replay, 'git/pull.error-conflict', 'git/pullFinished');
    expect(store.pull).toEqual({ kind: 'FAILED', message: 'Pulling led to conflicts in: README.md' });
    replay.deliver(loadFixture('git/pull.error-conflict').frames[1], replay.expectRequest(loadFixture('git/pull.error-conflict').frames[0]));
    await pull;
    expect(store.pull).toEqual({ kind: 'FAILED', message: 'Pulling led to conflicts in: README.md' });
  });

  it('the git store pushes to another repository (git/pushToRemote) and transposes lines (git/transposeLines) as recorded', async () => {
    const store = newStore();
    const url = '<data>/sandboxes/<sandbox>/home/published.git';
    expect(await answerFromFixture(replay, 'git/pushToRemote', () => store.pushToRemote(url, 'published'))).toBe(true);
    expect(store.push).toEqual({ kind: 'SUCCEEDED' });
    const asked = (loadFixture('git/transposeLines').request as any).params;
    expect(await answerFromFixture(replay, 'git/transposeLines', () => store.transposeLines(asked))).toEqual({
      ok: true,
      value: [{ path: 'README.md', line: 2 }, undefined],
    });
    expect(errors).toEqual([]);
  });

  it('other requests decode as recorded; a missing remote file is remote-file-not-found', async () => {
    const git = new PitcherGit(replay.client);
    expect(await answerFromFixture(replay, 'git/targetDiff', () => git.targetDiff('main'))).toEqual(responseOf('git/targetDiff').result);
    expect(await answerFromFixture(replay, 'git/diffStatus', () => git.diffStatus('HEAD~1', 'HEAD'))).toEqual(responseOf('git/diffStatus').result.files);
    expect(await answerFromFixture(replay, 'git/remoteContent', () => git.remoteContent('main', 'README.md'))).toBe('from the other clone\n');
    expect(await answerFromFixture(replay, 'git/discard', () => git.discard(['README.md']))).toEqual({ paths: ['README.md'] });
    await answerFromFixture(replay, 'git/push', () => git.push());
    const error = await answerFromFixture(replay, 'git/remoteContent.error-not-found', () => git.remoteContent('main', 'nope.txt')).catch((e) => e);
    expect(error).toBeInstanceOf(GitPortError);
    expect(error).toMatchObject({ failure: 'remote-file-not-found', message: 'File nope.txt not found at main', code: 404 });
  });
});

describe('container', () => {
  const newStore = () => new ContainerStore(replay.client, new PitcherSystem(replay.client), new PitcherContainer(replay.client), notifyError);

  it('the container store sends container/setup as recorded and gets the Dev Container task', async () => {
    const store = newStore();
    const setup = { templateId: 'ghcr.io/devcontainers/templates/javascript-node', templateArgs: { imageVariant: '20-bookworm' } };
    expect(await answerFromFixture(replay, 'container/setup', () => store.setUpContainer(setup))).toBe(true);
    expect(responseOf('container/setup').result).toMatchObject({ id: 'devcontainer', name: 'Dev Container', shell: { status: 'RUNNING' } });
    expect(errors).toEqual([]);
  });

  it('opens the setup tool with the missing tools the workspace names (container/openSetupDevtool)', async () => {
    const store = newStore();
    const setup = { templateId: 'debian', templateArgs: {}, features: [{ id: 'powershell', options: {} }] };
    expect(await answerFromFixture(replay, 'container/setup.missing-tools', () => store.setUpContainer(setup))).toBe(true);
    deliverNotifications(replay, 'container/setup.missing-tools', 'container/openSetupDevtool');
    expect(store.setupDevtool).toEqual({ dependencies: ['pwsh'] });
  });

  it('tells the user why an unknown template is refused', async () => {
    const store = newStore();
    expect(await answerFromFixture(replay, 'container/setup.error-unknown-template', () => store.setUpContainer({ templateId: 'node', templateArgs: {} }))).toBe(false);
    expect(errors).toEqual([responseOf('container/setup.error-unknown-template').error.message]);
    expect(errors[0]).toMatch(/^Unknown dev container template "node": Bullpen knows debian, /);
  });
});

describe('language', () => {
  it('the language store lists the catalog; hover, diagnostics and a server request come through', async () => {
    const port = new PitcherLanguage(replay.client);
    const store = new LanguageStore(port);
    await answerFromFixture(replay, 'language/list', () => store.resync());
    expect(store.byId('typescript')).toEqual({
      id: 'typescript',
      extensions: ['.ts', '.mts', '.cts'],
      globs: [],
      hasLanguageServer: true,
      languageServerIds: ['typescript'],
    });
    expect(store.forPath('src/main.ts')?.id).toBe('typescript');

    const hoverRequest = (loadFixture('language/lspRequest').request as any).params.message;
    const hover: any = await answerFromFixture(replay, 'language/lspRequest', () => port.lspRequest('typescript', 'typescript', hoverRequest));
    expect(hover.contents.value).toContain('const origin: Point');

    const notes: any[] = [];
    port.onDidReceiveLspNotification((n) => notes.push(n));
    deliverNotifications(replay, 'language/lspRequest.did-open', 'language/lspNotification');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ languageId: 'typescript', serverId: 'typescript', method: 'textDocument/publishDiagnostics' });
    expect(notes[0].params.diagnostics[0].message).toBe("Type 'string' is not assignable to type 'number'.");

    const requests: any[] = [];
    port.onDidReceiveLspServerRequest((r) => requests.push(r));
    deliverNotifications(replay, 'language/lspServerResponse', 'language/lspServerRequest');
    expect(requests).toEqual([expect.objectContaining({ languageId: 'typescript', serverId: 'typescript', id: 1, method: 'workspace/applyEdit' })]);
    await answerFromFixture(replay, 'language/lspServerResponse', () =>
      port.lspServerResponse('typescript', 'typescript', { id: 1, result: { applied: true } }),
    );

    const error = (await answerFromFixture(replay, 'language/lspRequest.error-lsp', () =>
      port.lspRequest('typescript', 'typescript', { method: 'bullpen/noSuchMethod', params: {} }),
    ).catch((e: unknown) => e)) as LspRequestError;
    expect(error).toBeInstanceOf(LspRequestError);
    expect(error.lspError).toEqual({ code: -32601, message: 'Unhandled method bullpen/noSuchMethod' });
  });
});

describe('system', () => {
  it('metrics decode, update answers, hibernation is announced; a reader may not hibernate', async () => {
    const system = new PitcherSystem(replay.client);
    const figures = { used: 1, total: 1, configured: 1 };
    expect(await answerFromFixture(replay, 'system/metrics', () => system.metrics())).toEqual({
      cpu: { cores: 1, used: 1, configured: 1 },
      memory: figures,
      storage: figures,
    });
    await answerFromFixture(replay, 'system/update', () => system.update());
    await expect(answerFromFixture(replay, 'system/hibernate.error-no-access', () => system.hibernate())).rejects.toMatchObject({
      code: 2,
      message: 'You do not have permission to use system/hibernate',
    });
    let hibernated = 0;
    system.onDidHibernate(() => hibernated++);
    await answerFromFixture(replay, 'system/hibernate', () => system.hibernate());
    deliverNotifications(replay, 'system/hibernate', 'system/hibernate', 'A');
    expect(hibernated).toBe(1);
    expect(replay.client.status.kind).toBe('HIBERNATED');
  });

  it('system/initStatus while the workspace starts reaches onDidChangeInitStatus, up to ready', () => {
    const system = new PitcherSystem(replay.client);
    const statuses: any[] = [];
    system.onDidChangeInitStatus((s) => statuses.push(s));
    const sent = deliverNotifications(replay, 'client/join.during-startup', 'system/initStatus');
    expect(statuses).toHaveLength(2);
    expect(statuses[0]).toMatchObject({ message: sent[0].message, isError: false, progress: sent[0].progress, nextProgress: sent[0].nextProgress });
    expect(statuses[1]).toEqual({ message: 'The workspace is ready', isError: false, progress: 100, nextProgress: 100 });
  });
});

describe('notification', () => {
  it('the notification store shows a notification, answers it, and drops a dismissed one', async () => {
    const a = new WorkspaceNotificationStore(new PitcherWorkspaceNotifications(replay.client), notifyError);
    const [shown] = deliverNotifications(replay, 'notification/notifyResponse', 'notification/notify', 'A');
    expect(a.notifications).toEqual([
      { notificationId: shown.notificationId, type: 'warning', message: 'Install the dependencies?', actions: [{ label: 'Install' }, { label: 'Later' }] },
    ]);
    await answerFromFixture(replay, 'notification/notifyResponse', () => a.respond(shown.notificationId, 'Install'));
    expect(a.notifications).toEqual([]);
    expect(errors).toEqual([]);

    const b = new WorkspaceNotificationStore(new PitcherWorkspaceNotifications(replay.client), notifyError);
    deliverNotifications(replay, 'notification/notifyResponse', 'notification/notify', 'B');
    expect(b.notifications).toHaveLength(1);
    deliverNotifications(replay, 'notification/notifyResponse', 'notification/dismiss', 'B');
    expect(b.notifications).toEqual([]);
    await answerFromFixture(replay, 'notification/notifyResponse.error-invalid-id', () => b.respond('no-such-notification', null));
    expect(errors).toEqual(['Notification no-such-notification is not waiting for an answer']);
  });
});

describe('channel', () => {
  it('subscribes, messages and unsubscribes as recorded; membership and messages of others are reported', async () => {
    const channels = new PitcherChannels(replay.client);
    const events: unknown[] = [];
    channels.onDidSubscribe((m) => events.push(['subscribed', m]));
    channels.onDidReceiveMessage((m) => events.push(['message', m]));
    channels.onDidUnsubscribe((m) => events.push(['unsubscribed', m]));
    expect(await answerFromFixture(replay, 'channel/subscribe', () => channels.subscribe('chat'))).toEqual(['<id-1>', '<id-2>']);
    deliverNotifications(replay, 'channel/subscribe', 'channel/subscribed');
    expect(await answerFromFixture(replay, 'channel/message', () => channels.message('chat', { text: 'hello' }))).toEqual(['<id-2>']);
    deliverNotifications(replay, 'channel/message', 'channel/message');
    await answerFromFixture(replay, 'channel/unsubscribe', () => channels.unsubscribe('chat'));
    deliverNotifications(replay, 'channel/unsubscribe', 'channel/unsubscribed');
    expect(events).toEqual([
      ['subscribed', { name: 'chat', clientId: '<id-2>', subscribers: ['<id-1>', '<id-2>'] }],
      ['message', { name: 'chat', clientId: '<id-1>', isUser: true, data: { text: 'hello' } }],
      ['unsubscribed', { name: 'chat', clientId: '<id-2>', subscribers: ['<id-1>'] }],
    ]);
    await expect(answerFromFixture(replay, 'channel/message.error-not-subscribed', () => channels.message('chat', { text: 'nobody hears this' }))).rejects.toMatchObject({ code: 500 });
  });
});

describe('command', () => {
  it('the command store lists commands and follows command/changed; an unknown command is CommandNotFoundError', async () => {
    const port = new PitcherCommands(replay.client);
    const store = new CommandStore(port, notifyError);
    await answerFromFixture(replay, 'command/list', () => store.resync());
    expect(store.commands.map((c) => c.id)).toEqual(['bullpen.files.rescan', 'bullpen.system.hibernate']);
    deliverNotifications(replay, 'command/list.changed', 'command/changed');
    expect(store.commands.map((c) => c.id)).toEqual(['bullpen.files.rescan', 'bullpen.system.hibernate', 'contract.example']);
    expect(await answerFromFixture(replay, 'command/execute', () => store.execute('contract.example'))).toBe(true);
    await expect(answerFromFixture(replay, 'command/execute.error-not-found', () => port.execute('no.such.command'))).rejects.toBeInstanceOf(
      CommandNotFoundError,
    );
    await flush();
  });
});
