import { PitcherClient } from '../../../src/adapters/pitcher/pitcher-client';
import { PitcherCommands } from '../../../src/adapters/pitcher/pitcher-commands.adapter';
import { PitcherContainer } from '../../../src/adapters/pitcher/pitcher-container.adapter';
import { PitcherGit } from '../../../src/adapters/pitcher/pitcher-git.adapter';
import { PitcherLanguage } from '../../../src/adapters/pitcher/pitcher-language.adapter';
import { PitcherRawFs } from '../../../src/adapters/pitcher/pitcher-raw-fs.adapter';
import { PitcherSearch } from '../../../src/adapters/pitcher/pitcher-search.adapter';
import { PitcherTasks } from '../../../src/adapters/pitcher/pitcher-tasks.adapter';
import { PitcherWorkspaceNotifications } from '../../../src/adapters/pitcher/pitcher-workspace-notifications.adapter';
import { CommandNotFoundError } from '../../../src/application/ports/commands.port';
import { GitPortError } from '../../../src/application/ports/git.port';
import { LspRequestError } from '../../../src/application/ports/language.port';
import { RawFsError } from '../../../src/application/ports/raw-fs.port';
import { TaskPortError } from '../../../src/application/ports/tasks.port';
import { FakePitcherSocket, flush, joinResult } from './support/fake-pitcher-socket';

let client: PitcherClient;
let socket: FakePitcherSocket;

beforeEach(async () => {
  client = new PitcherClient((url) => (socket = new FakePitcherSocket(url)));
  client.connect({ pitcherUrl: 'ws://host', pitcherToken: 't' });
  socket.open();
  socket.respond(0, 'client/join', joinResult('rt'));
  await flush();
});
afterEach(() => client.dispose());

const last = (method: string) => socket.lastFrame(method);

describe('pitcher family adapters map wire errors to typed port errors', () => {
  it('git: GIT_OPERATION_IN_PROGRESS is locked with the spec text; other codes keep their message', async () => {
    const git = new PitcherGit(client);
    const pull = git.pull();
    socket.reject(last('git/pull').id, 'git/pull', 400, 'index.lock exists');
    const error = await pull.catch((e) => e);
    expect(error).toBeInstanceOf(GitPortError);
    expect(error).toMatchObject({ failure: 'locked', message: 'Another git operation is in progress, try again later.', code: 400 });
    const commit = git.commit('msg', { paths: ['a'] });
    expect(last('git/commit').params).toEqual({ message: 'msg', paths: ['a'] });
    socket.reject(last('git/commit').id, 'git/commit', 440, 'push rejected');
    await expect(commit).rejects.toMatchObject({ failure: 'push-failed', message: 'push rejected' });
  });

  it('git: pushToRemote sends squashAllCommits only when asked; GIT_TRANSPOSE_LINES_FAIL is transpose-failed; null lines are undefined', async () => {
    const git = new PitcherGit(client);
    const plain = git.pushToRemote('https://example.com/a.git', 'main');
    expect(last('git/pushToRemote').params).toEqual({ url: 'https://example.com/a.git', branch: 'main' });
    socket.respond(last('git/pushToRemote').id, 'git/pushToRemote', null);
    await plain;
    const squashed = git.pushToRemote('https://example.com/a.git', 'main', { squashAllCommits: true });
    expect(last('git/pushToRemote').params).toEqual({ url: 'https://example.com/a.git', branch: 'main', squashAllCommits: true });
    socket.reject(last('git/pushToRemote').id, 'git/pushToRemote', 440, 'rejected');
    await expect(squashed).rejects.toMatchObject({ failure: 'push-failed', message: 'rejected' });
    const lines = git.transposeLines([{ sha: 'abc', path: 'a.ts', line: 3 }, { sha: 'abc', path: 'b.ts', line: 1 }]);
    expect(last('git/transposeLines').params).toEqual([{ sha: 'abc', path: 'a.ts', line: 3 }, { sha: 'abc', path: 'b.ts', line: 1 }]);
    socket.respond(last('git/transposeLines').id, 'git/transposeLines', [{ path: 'a.ts', line: 5 }, null]);
    await expect(lines).resolves.toEqual([{ path: 'a.ts', line: 5 }, undefined]);
    const failing = git.transposeLines([{ sha: 'abc', path: 'a.ts', line: 3 }]);
    socket.reject(last('git/transposeLines').id, 'git/transposeLines', 470, 'fatal: bad object abc');
    await expect(failing).rejects.toMatchObject({ failure: 'transpose-failed', message: 'fatal: bad object abc', code: 470 });
  });

  it('raw fs: RAWFS_ERROR carries its errno; a rejection without one has errno null', async () => {
    const fs = new PitcherRawFs(client);
    const read = fs.readFile('missing.txt');
    socket.reject(last('fs/readFile').id, 'fs/readFile', 102, 'File not found', { errno: -2 });
    const error = await read.catch((e) => e);
    expect(error).toBeInstanceOf(RawFsError);
    expect(error).toMatchObject({ errno: -2, message: 'File not found' });
    const stat = fs.stat('../etc');
    socket.reject(last('fs/stat').id, 'fs/stat', 101, 'Invalid path');
    await expect(stat).rejects.toMatchObject({ errno: null, message: 'Invalid path' });
  });

  it('raw fs: maps stat and readdir node types, and routes watch events', async () => {
    const fs = new PitcherRawFs(client);
    const stat = fs.stat('src');
    socket.respond(last('fs/stat').id, 'fs/stat', { type: 1, isSymlink: false, size: 0, mtime: 5, ctime: 4, atime: 3 });
    await expect(stat).resolves.toEqual({ type: 'directory', isSymlink: false, size: 0, mtime: 5, ctime: 4, atime: 3 });
    const events: unknown[] = [];
    fs.onDidReceiveWatchEvents((e) => events.push(e));
    socket.receive({ method: 'fs/watchEvent', params: { watchId: 'w1', events: [{ type: 'add', paths: ['src/a'] }] } });
    expect(events).toEqual([{ watchId: 'w1', events: [{ type: 'add', paths: ['src/a'] }] }]);
  });

  it('tasks: TASK_NOT_FOUND is task-not-found; task shells map FINISHED with an exit code above 0 to ERROR', async () => {
    const tasks = new PitcherTasks(client);
    const run = tasks.run('ghost');
    socket.reject(last('task/run').id, 'task/run', 601, 'Task not found');
    const error = await run.catch((e) => e);
    expect(error).toBeInstanceOf(TaskPortError);
    expect(error).toMatchObject({ failure: 'task-not-found' });
    const updates: unknown[] = [];
    tasks.onDidUpdateTask((t) => updates.push(t.shell));
    socket.receive({
      method: 'task/update',
      params: { id: 'dev', name: 'dev', command: 'x', shell: { shellId: 's', name: 'dev', status: 'FINISHED', exitCode: 2, shellType: 'COMMAND', startCommand: 'x' }, ports: [] },
    });
    expect(updates).toEqual([{ shellId: 's', status: 'ERROR', exitCode: 2 }]);
  });

  it('commands: COMMAND_NOT_FOUND becomes CommandNotFoundError', async () => {
    const commands = new PitcherCommands(client);
    const run = commands.execute('ghost');
    socket.reject(last('command/execute').id, 'command/execute', 704, 'Command not found');
    await expect(run).rejects.toBeInstanceOf(CommandNotFoundError);
  });

  it('language: a server LSP error keeps its code; a lost connection reads "Failed to send request: …"', async () => {
    const language = new PitcherLanguage(client);
    const hover = language.lspRequest('typescript', 'tsserver', { method: 'textDocument/hover', params: {}, id: 3 });
    socket.reject(last('language/lspRequest').id, 'language/lspRequest', -32800, 'Request cancelled');
    await expect(hover).rejects.toMatchObject({ lspError: { code: -32800, message: 'Request cancelled' } });
    const lost = language.lspRequest('typescript', 'tsserver', { method: 'textDocument/hover' });
    socket.drop('network');
    const error = (await lost.catch((e: unknown) => e)) as LspRequestError;
    expect(error).toBeInstanceOf(LspRequestError);
    expect(error.message).toBe('Failed to send request: Could not complete language/lspRequest: network');
  });

  it('search: streamed byte offsets become UTF-16 offsets of the line, without its line break', () => {
    const search = new PitcherSearch(client);
    const got: unknown[] = [];
    search.onDidReceiveMatches((m) => got.push(m));
    socket.receive({
      method: 'fs/searchMatches',
      params: {
        searchId: 's1',
        matches: [{ filepath: 'a.ts', fileId: 'f1', lines: { text: 'é😀 todo\n' }, lineNumber: 2, absoluteOffset: 10, submatches: [{ match: { text: 'todo' }, start: 7, end: 11 }] }],
      },
    });
    expect(got).toEqual([{ searchId: 's1', matches: [{ filepath: 'a.ts', fileId: 'f1', lineNumber: 2, lineText: 'é😀 todo', ranges: [{ start: 4, end: 8 }] }] }]);
  });

  it('search: fs/search lines get UTF-16 offsets too; INVALID_PARAMS is an invalid query, anything else a failed search', async () => {
    const search = new PitcherSearch(client);
    const found = search.search({ text: 'todo', glob: '*.ts' });
    expect(last('fs/search').params).toEqual({ text: 'todo', glob: '*.ts' });
    socket.respond(last('fs/search').id, 'fs/search', [
      { fileId: 'f1', lines: { text: 'é😀 todo\r\n' }, lineNumber: 2, absoluteOffset: 10, submatches: [{ match: { text: 'todo' }, start: 7, end: 11 }] },
    ]);
    await expect(found).resolves.toEqual([{ fileId: 'f1', lineNumber: 2, lineText: 'é😀 todo', ranges: [{ start: 4, end: 8 }] }]);
    const bad = search.search({ text: '(', isRegex: true });
    socket.reject(last('fs/search').id, 'fs/search', 1001, 'Invalid regular expression: unclosed group');
    await expect(bad).rejects.toMatchObject({ name: 'SearchPortError', failure: 'invalid-query', message: 'Invalid regular expression: unclosed group' });
    const broken = search.search({ text: 'x' });
    socket.reject(last('fs/search').id, 'fs/search', 0, 'Search failed: rg exited with code 2');
    await expect(broken).rejects.toMatchObject({ failure: 'failed', message: 'Search failed: rg exited with code 2', code: 0 });
  });

  it('notifications: a null response goes on the wire as nil', async () => {
    const notifications = new PitcherWorkspaceNotifications(client);
    const answer = notifications.respond('n1', null);
    expect(last('notification/notifyResponse').params).toEqual({ notificationId: 'n1', response: null });
    socket.respond(last('notification/notifyResponse').id, 'notification/notifyResponse', null);
    await answer;
  });

  it('container: container/openSetupDevtool reaches the port; container/setup sends the template and its features', async () => {
    const container = new PitcherContainer(client);
    const asked: unknown[] = [];
    container.onDidRequestSetupDevtool((request) => asked.push(request));
    socket.receive({ method: 'container/openSetupDevtool', params: { dependencies: ['docker'] } });
    expect(asked).toEqual([{ dependencies: ['docker'] }]);
    const setup = container.setup({ templateId: 'node', templateArgs: { version: '20' }, features: [{ id: 'git', options: {} }] });
    expect(last('container/setup').params).toEqual({ templateId: 'node', templateArgs: { version: '20' }, features: [{ id: 'git', options: {} }] });
    socket.reject(last('container/setup').id, 'container/setup', 1003, 'Dev containers are not available in Bullpen yet');
    await expect(setup).rejects.toThrow('Dev containers are not available in Bullpen yet');
  });
});
