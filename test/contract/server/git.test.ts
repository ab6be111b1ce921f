import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { WorkspaceStorage } from '../../../src/server/application/ports/workspace-storage.port';
import { TokenService } from '../../../src/server/application/ports/token-service.port';
import { PITCHER_TOKEN_PURPOSE } from '../../../src/server/application/workspace/pitcher-grant';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, removeDir, startSandbox, useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

const IN_PROGRESS = 'Another git operation is in progress, try again later.';
const identity = { GIT_AUTHOR_NAME: 'Other', GIT_AUTHOR_EMAIL: 'other@example.com', GIT_COMMITTER_NAME: 'Other', GIT_COMMITTER_EMAIL: 'other@example.com' };

/** The git CLI in a directory (the workspace, the bare remote or another clone), as a user at a terminal would run it. */
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8', env: { ...process.env, ...identity }, stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/**
 * git/* over the real server, on the real git CLI: a new sandbox is a repository with one commit; edits show in the
 * status pushed to every client; commit runs as a command shell; discard, push and pull (fast-forward and
 * conflicting) against a local bare remote; one operation at a time; branch renames; reading other revisions;
 * permissions and bad params.
 */
describe('git', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  let tmp: string;
  let home: string;
  let bare: string;
  let other: string;
  const files = () => context.filesDir;
  const changed = (status: any, p: string) => Object.values(status.changedFiles as Record<string, any>).find((item) => item.path === p);

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'bullpen-git-'));
    // Workspace processes may run in bubblewrap, which shows them only the workspace and its home directory:
    // the remotes live in the home directory.
    home = context.server.container.get<WorkspaceStorage>(WorkspaceStorage).homeDir(context.server.defaultSandboxId);
    mkdirSync(home, { recursive: true });
    bare = path.join(home, 'remote.git');
    other = path.join(tmp, 'other');
  });
  useWireSessions(context, 2, (opened) => ([a, b] = opened));
  afterAll(async () => {
    if (tmp) removeDir(tmp);
  });

  /** Runs git/commit and waits for its end; returns the shell id and git/commitFinished's params. */
  async function commit(params: Record<string, unknown>): Promise<{ shellId: string; finished: any }> {
    const from = a.wire.received.length;
    const res = await a.ask('git/commit', params);
    expect(res.status).toBe(0);
    const finished = await a.notification('git/commitFinished', () => true, from);
    return { shellId: res.result.shellId, finished };
  }

  /** The next git/status notification to `s` (after `from`) that satisfies the predicate. */
  const statusNotification = (s: WireSession, predicate: (status: any) => boolean, from = 0) => s.notification('git/status', predicate, from);

  it('a new sandbox is a git repository with one commit, and the tree never shows .git', async () => {
    const res = await a.ask('git/status', {});
    expect(res.status).toBe(0);
    expect(res.result).toMatchObject({
      branch: 'main',
      localChanges: false,
      changedFiles: {},
      deletedFiles: [],
      isMerging: false,
      conflicts: false,
      head: expect.stringMatching(/^[0-9a-f]{40}$/),
      remote: { head: null, branch: null, ahead: 1, behind: 0, safe: true },
      target: { head: null, branch: null, ahead: 0, behind: 0, safe: true },
    });
    expect(res.result.commits).toEqual([{ hash: res.result.head, date: expect.any(String), message: 'Initial commit', author: 'Bullpen' }]);
    expect(git(files(), 'rev-list', '--count', 'HEAD')).toBe('1');
    expect(git(files(), 'log', '-1', '--format=%an <%ae> %s')).toBe('Bullpen <bullpen@localhost> Initial commit');
    expect(git(files(), 'ls-files')).toContain('src/App.js');
    expect((await a.tree()).some((n) => n.name === '.git')).toBe(false);
    expect((await a.ask('git/remotes', {})).result).toEqual({ origin: '', upstream: '' });
  });

  it('a file saved through file/save is announced as modified, with its fileId, to every client', async () => {
    const id = (await a.idOf('src/App.js'))!;
    const opened = await a.ask('file/open', { id });
    const from = b.wire.received.length;
    await a.ask('file/documentOperation', { id, operation: ['// saved\n', opened.result.content.length], revision: opened.result.document.revision });
    expect((await a.ask('file/save', { id })).status).toBe(0);
    const status = await statusNotification(b, (s) => changed(s, 'src/App.js') !== undefined, from);
    expect(status.changedFiles[id]).toEqual({ path: 'src/App.js', index: '', workingTree: 'M', isStaged: false, isConflicted: false, fileId: id });
    expect(status.localChanges).toBe(true);
    await a.ask('file/close', { id });
  });

  it('a file written on disk is announced as untracked, with its fileId', async () => {
    const from = a.wire.received.length;
    writeFileSync(path.join(files(), 'notes.txt'), 'one\ntwo\nthree\nfour\n');
    const status = await statusNotification(a, (s) => changed(s, 'notes.txt') !== undefined, from);
    const id = await a.idOf('notes.txt');
    expect(status.changedFiles[id!]).toMatchObject({ path: 'notes.txt', index: '?', workingTree: '?', fileId: id });
  });

  it('git/commit with paths runs as a command shell, announced to every client, and commits only those paths', async () => {
    const fromB = b.wire.received.length;
    const fromA = a.wire.received.length;
    const { shellId, finished } = await commit({ paths: ['notes.txt'], message: "Add notes, it's time" });
    expect(finished).toEqual({ exitCode: 0 });
    expect(await b.notification('git/commitStarted', (p) => p.shellId === shellId, fromB)).toEqual({ shellId, message: "Add notes, it's time", paths: ['notes.txt'] });
    expect(await b.notification('git/commitFinished', () => true, fromB)).toEqual({ exitCode: 0 });
    expect(git(files(), 'log', '-1', '--format=%s')).toBe("Add notes, it's time");
    expect(git(files(), 'show', '--name-only', '--format=', 'HEAD')).toBe('notes.txt');
    // Its output is the shell's: any client may open it and read git's summary.
    const opened = await b.ask('shell/open', { shellId });
    expect(opened.result.buffer.join('')).toContain("Add notes, it's time");
    const status = await statusNotification(a, (s) => s.commits.length === 2, fromA);
    expect(changed(status, 'notes.txt')).toBeUndefined();
    expect(changed(status, 'src/App.js')).toMatchObject({ workingTree: 'M' });
    expect(status.commits.map((c: any) => c.message)).toEqual(["Add notes, it's time", 'Initial commit']);
  });

  it('git/discard restores a changed file and deletes an untracked one', async () => {
    writeFileSync(path.join(files(), 'scratch.txt'), 'x');
    const res = await a.ask('git/discard', { paths: ['src/App.js', '/scratch.txt'] });
    expect(res.status).toBe(0);
    expect(res.result.paths.sort()).toEqual(['scratch.txt', 'src/App.js']);
    expect(readFileSync(path.join(files(), 'src/App.js'), 'utf8')).toBe(git(files(), 'show', 'HEAD:src/App.js') + '\n');
    expect(git(files(), 'status', '--porcelain')).toBe('');
    const status = await a.ask('git/status', {});
    expect(status.result).toMatchObject({ localChanges: false, changedFiles: {} });
  });

  it("a staged copy shows as C from its source; discarding the copy leaves the source's own changes alone", async () => {
    const app = path.join(files(), 'src/App.js');
    const head = readFileSync(app, 'utf8');
    writeFileSync(path.join(files(), 'src/Copy.js'), head);
    writeFileSync(app, `${head}// a change of the source's own\n`);
    const from = a.wire.received.length;
    git(files(), 'add', 'src/App.js', 'src/Copy.js');
    const status = await statusNotification(a, (s) => changed(s, 'src/Copy.js')?.index === 'C', from);
    expect(changed(status, 'src/Copy.js')).toMatchObject({ index: 'C', oldPath: 'src/App.js', isStaged: true });
    expect(changed(status, 'src/App.js')).toMatchObject({ index: 'M' });
    const res = await a.ask('git/discard', { paths: ['src/Copy.js'] });
    expect(res).toMatchObject({ status: 0, result: { paths: ['src/Copy.js'] } });
    expect(() => readFileSync(path.join(files(), 'src/Copy.js'))).toThrow();
    expect(readFileSync(app, 'utf8')).toBe(`${head}// a change of the source's own\n`);
    expect((await a.ask('git/discard', {})).result.paths).toEqual(['src/App.js']);
    expect(git(files(), 'status', '--porcelain')).toBe('');
  });

  it('git/push sends the branch to origin (which becomes its upstream), and the clients hear of the new remote', async () => {
    git(tmp, 'init', '-q', '--bare', '-b', 'main', bare);
    // Any status read from now on (a late one for the files discarded above, or the push's) sees the new remote.
    const from = b.wire.received.length;
    git(files(), 'remote', 'add', 'origin', bare);
    expect((await a.ask('git/remotes', {})).result).toEqual({ origin: bare, upstream: '' });
    expect(await a.ask('git/push', null)).toMatchObject({ status: 0, result: null });
    expect(git(bare, 'log', '--format=%s', 'main')).toBe("Add notes, it's time\nInitial commit");
    expect(await b.notification('git/remotes', () => true, from)).toEqual({ origin: bare, upstream: '' });
    const status = await statusNotification(b, (s) => s.remote.branch === 'main', from);
    expect(status.remote).toEqual({ head: git(files(), 'rev-parse', 'HEAD'), branch: 'main', ahead: 0, behind: 0, safe: true });
    expect(status.commits).toEqual([]);
  });

  it('git/pull fast-forwards to what another clone pushed, announced by pullStarted and pullFinished', async () => {
    git(tmp, 'clone', '-q', bare, other);
    writeFileSync(path.join(other, 'README.md'), 'from the other clone\n');
    git(other, 'commit', '-q', '-am', 'Rewrite README');
    git(other, 'push', '-q');
    const from = b.wire.received.length;
    expect(await a.ask('git/pull', {})).toMatchObject({ status: 0, result: null });
    expect(await b.notification('git/pullStarted', () => true, from)).toBeNull();
    expect(await b.notification('git/pullFinished', () => true, from)).toBeNull();
    expect(readFileSync(path.join(files(), 'README.md'), 'utf8')).toBe('from the other clone\n');
    expect(git(files(), 'log', '-1', '--format=%s')).toBe('Rewrite README');
  });

  it('a conflicting pull fails with GIT_PULL_CONFLICT, leaves the merge in the status, and resetLocalWithRemote ends it', async () => {
    writeFileSync(path.join(other, 'README.md'), 'theirs\n');
    git(other, 'commit', '-q', '-am', 'Theirs');
    git(other, 'push', '-q');
    writeFileSync(path.join(files(), 'README.md'), 'mine\n');
    expect((await commit({ message: 'Mine' })).finished).toEqual({ exitCode: 0 });
    const from = b.wire.received.length;
    const res = await a.ask('git/pull', {});
    expect(res.status).toBe(1);
    expect(res.error).toMatchObject({ code: PitcherErrorCode.GIT_PULL_CONFLICT, message: 'Pulling led to conflicts in: README.md' });
    expect(await b.notification('git/pullFinished', () => true, from)).toEqual({ exitCode: 1, error: { code: PitcherErrorCode.GIT_PULL_CONFLICT, message: res.error.message } });
    const id = await a.idOf('README.md');
    const status = await statusNotification(b, (s) => s.isMerging, from);
    expect(status).toMatchObject({ isMerging: true, conflicts: true, localChanges: true });
    expect(status.changedFiles[id!]).toMatchObject({ path: 'README.md', isConflicted: true, isStaged: false, fileId: id });
    expect(status.remote).toMatchObject({ branch: 'main', ahead: 1, behind: 1, safe: false });
    expect(readFileSync(path.join(files(), 'README.md'), 'utf8')).toContain('<<<<<<<');

    expect(await a.ask('git/resetLocalWithRemote', {})).toMatchObject({ status: 0, result: null });
    expect(readFileSync(path.join(files(), 'README.md'), 'utf8')).toBe('theirs\n');
    const after = (await a.ask('git/status', {})).result;
    expect(after).toMatchObject({ isMerging: false, conflicts: false, localChanges: false, remote: { ahead: 0, behind: 0, safe: true } });
  });

  it('a pull with uncommitted changes in the way fails with GIT_PULL_FAIL; with force they are carried over', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`);
    writeFileSync(path.join(files(), 'lines.txt'), `${ten.join('\n')}\n`);
    expect((await commit({ message: 'Add lines', push: true })).finished).toEqual({ exitCode: 0 });
    git(other, 'pull', '-q', '--ff-only');
    writeFileSync(path.join(other, 'lines.txt'), `${['remote 1', ...ten.slice(1)].join('\n')}\n`);
    git(other, 'commit', '-q', '-am', 'Remote edit');
    git(other, 'push', '-q');
    const local = `${[...ten.slice(0, 9), 'local 10'].join('\n')}\n`;
    writeFileSync(path.join(files(), 'lines.txt'), local);
    const refused = await a.ask('git/pull', {});
    expect(refused.error).toEqual({
      code: PitcherErrorCode.GIT_PULL_FAIL,
      message: 'Your local changes to the following files would be overwritten by merge: lines.txt',
    });
    expect(readFileSync(path.join(files(), 'lines.txt'), 'utf8')).toBe(local);
    expect(await a.ask('git/pull', { force: true })).toMatchObject({ status: 0 });
    expect(readFileSync(path.join(files(), 'lines.txt'), 'utf8')).toBe(`${['remote 1', ...ten.slice(1, 9), 'local 10'].join('\n')}\n`);
    expect(git(files(), 'log', '-1', '--format=%s')).toBe('Remote edit');
    expect((await a.ask('git/discard', {})).result.paths).toEqual(['lines.txt']);
  });

  it('one operation at a time: a pull while a commit runs gets GIT_OPERATION_IN_PROGRESS with the exact text', async () => {
    writeFileSync(path.join(files(), 'notes.txt'), 'concurrent\n');
    const from = a.wire.received.length;
    const commitId = a.send('git/commit', { message: 'Concurrent' });
    const pullId = a.send('git/pull', {});
    const [committed, pulled] = await Promise.all([a.answer(commitId), a.answer(pullId)]);
    expect(committed.status).toBe(0);
    expect(pulled).toMatchObject({ status: 1, error: { code: PitcherErrorCode.GIT_OPERATION_IN_PROGRESS, message: IN_PROGRESS } });
    expect(await a.notification('git/commitFinished', () => true, from)).toEqual({ exitCode: 0 });
    // The status read while the commit ran is the one from before it (never a half-done one); afterwards it is fresh.
    expect((await a.ask('git/status', {})).result.commits[0].message).toBe('Concurrent');
    expect(await a.ask('git/push', null)).toMatchObject({ status: 0 });
  });

  it('git/commit with push commits and pushes in the same shell', async () => {
    writeFileSync(path.join(files(), 'pushed.txt'), 'p\n');
    expect((await commit({ message: 'Commit and push', push: true })).finished).toEqual({ exitCode: 0 });
    expect(git(bare, 'log', '-1', '--format=%s', 'main')).toBe('Commit and push');
  });

  it('git/remoteContent reads a file at origin\'s branch or any revision; a missing one is 404', async () => {
    expect((await a.ask('git/remoteContent', { reference: 'main', path: 'pushed.txt' })).result).toEqual({ content: 'p\n' });
    const initial = git(files(), 'rev-list', '--max-parents=0', 'HEAD');
    expect((await a.ask('git/remoteContent', { reference: initial, path: 'README.md' })).result.content).toContain('Welcome to Bullpen');
    const missing = await a.ask('git/remoteContent', { reference: 'main', path: 'nope.txt' });
    expect(missing).toMatchObject({ status: 1, error: { code: PitcherErrorCode.GIT_REMOTE_FILE_NOT_FOUND, message: 'File nope.txt not found at main' } });
  });

  it('git/diffStatus lists the files between two revisions with their hunks, renames included', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `line ${i + 1}`);
    const before = git(files(), 'rev-parse', 'HEAD');
    writeFileSync(path.join(files(), 'story.txt'), `${ten.join('\n')}\n`);
    expect((await commit({ message: 'Add story' })).finished).toEqual({ exitCode: 0 });
    const added = await a.ask('git/diffStatus', { base: before, head: 'HEAD' });
    expect(added.result).toEqual({ files: [{ status: 'A', path: 'story.txt', hunks: [{ original: { start: 1, end: 0 }, modified: { start: 1, end: 10 } }] }] });

    git(files(), 'mv', 'story.txt', 'tale.txt');
    const from = a.wire.received.length;
    writeFileSync(path.join(files(), 'tale.txt'), `${[...ten.slice(0, 4), 'line FIVE', ...ten.slice(5)].join('\n')}\n`);
    // The staged rename says where it came from (GitItem.oldPath), so a diff can show the old file at HEAD.
    const moved = await statusNotification(a, (s) => changed(s, 'tale.txt')?.workingTree === 'M', from);
    expect(changed(moved, 'tale.txt')).toMatchObject({ path: 'tale.txt', index: 'R', workingTree: 'M', isStaged: true, oldPath: 'story.txt' });
    expect(moved.deletedFiles.some((f: { path: string }) => f.path === 'story.txt')).toBe(false);
    expect((await commit({ message: 'Rename story' })).finished).toEqual({ exitCode: 0 });
    const renamed = await a.ask('git/diffStatus', { base: 'HEAD~1', head: 'HEAD' });
    expect(renamed.result).toEqual({
      files: [{ status: 'R', path: 'tale.txt', oldPath: 'story.txt', hunks: [{ original: { start: 5, end: 5 }, modified: { start: 5, end: 5 } }] }],
    });
  });

  it('git/transposeLines follows lines of a file at a commit to the working tree, through edits and renames', async () => {
    const base = git(files(), 'rev-parse', 'HEAD');
    const committed = readFileSync(path.join(files(), 'tale.txt'), 'utf8').split('\n').slice(0, 10);
    const edited = ['new a', 'new b', ...committed.slice(0, 6), 'line SEVEN', ...committed.slice(7)];
    writeFileSync(path.join(files(), 'tale.txt'), `${edited.join('\n')}\n`);
    const ask = (line: number, p = 'tale.txt', sha = base) => ({ sha, path: p, line });
    const lines = await a.ask('git/transposeLines', [ask(1), ask(7), ask(10), ask(1, 'nope.txt'), ask(1, 'tale.txt', '0123456789012345678901234567890123456789')]);
    expect(lines.result).toEqual([{ path: 'tale.txt', line: 3 }, null, { path: 'tale.txt', line: 12 }, null, null]);
    git(files(), 'mv', 'tale.txt', 'saga.txt');
    expect((await a.ask('git/transposeLines', [ask(10)])).result).toEqual([{ path: 'saga.txt', line: 12 }]);
    rmSync(path.join(files(), 'saga.txt'));
    expect((await a.ask('git/transposeLines', [ask(10)])).result).toEqual([null]);
    expect((await a.ask('git/discard', {})).status).toBe(0);
    expect(git(files(), 'status', '--porcelain')).toBe('');
    expect(await a.ask('git/push', null)).toMatchObject({ status: 0 });
  });

  it('git/targetDiff compares HEAD with origin\'s branch', async () => {
    writeFileSync(path.join(files(), 'ahead.txt'), 'a\n');
    expect((await commit({ message: 'Ahead' })).finished).toEqual({ exitCode: 0 });
    const res = await a.ask('git/targetDiff', { branch: 'main' });
    expect(res.result).toEqual({ ahead: 1, behind: 0, commits: [expect.objectContaining({ message: 'Ahead', author: 'Bullpen' })] });
    expect((await a.ask('git/targetDiff', { branch: 'no-such-branch' })).error.code).toBe(PitcherErrorCode.GIT_FETCH_FAIL);
  });

  it('git/renameBranch renames the branch and tells every client; checkoutInitialBranch comes back to it', async () => {
    const from = b.wire.received.length;
    expect(await a.ask('git/renameBranch', { oldBranch: 'main', newBranch: 'feature/x' })).toMatchObject({ status: 0, result: null });
    expect(await b.notification('git/renameBranch', () => true, from)).toEqual({ oldBranch: 'main', newBranch: 'feature/x' });
    expect(git(files(), 'branch', '--show-current')).toBe('feature/x');
    expect((await statusNotification(b, (s) => s.branch === 'feature/x', from)).branch).toBe('feature/x');
    git(files(), 'checkout', '-q', '-b', 'elsewhere');
    expect(await a.ask('git/checkoutInitialBranch', {})).toMatchObject({ status: 0 });
    expect(git(files(), 'branch', '--show-current')).toBe('feature/x');
    const bad = await a.ask('git/renameBranch', { oldBranch: 'feature/x', newBranch: 'bad name' });
    expect(bad.error).toEqual({ code: PitcherErrorCode.INVALID_PARAMS, message: 'Invalid branch name: bad name' });
  });

  it('checkoutInitialBranch keeps local changes git would overwrite: nothing changes, every client gets git/checkoutPrevented', async () => {
    const readme = path.join(files(), 'README.md');
    git(files(), 'checkout', '-q', '-b', 'side');
    writeFileSync(readme, 'side\n');
    git(files(), 'commit', '-q', '-am', 'Side README');
    writeFileSync(readme, 'uncommitted\n');
    const fromA = a.wire.received.length;
    const fromB = b.wire.received.length;
    const refused = await a.ask('git/checkoutInitialBranch', {});
    expect(refused.error).toEqual({
      code: PitcherErrorCode.GIT_RESET_CHECKOUT_INITIAL_BRANCH_FAIL,
      message: 'Your local changes to the following files would be overwritten by checkout: README.md',
    });
    expect(await b.notification('git/checkoutPrevented', () => true, fromB)).toEqual({ branch: 'feature/x' });
    expect(await a.notification('git/checkoutPrevented', () => true, fromA)).toEqual({ branch: 'feature/x' });
    expect(git(files(), 'branch', '--show-current')).toBe('side');
    expect(readFileSync(readme, 'utf8')).toBe('uncommitted\n');
    // A change git can carry over does not stop it, and is kept.
    git(files(), 'checkout', '-q', '--', 'README.md');
    writeFileSync(path.join(files(), 'notes.txt'), 'carried over\n');
    const from = b.wire.received.length;
    expect(await a.ask('git/checkoutInitialBranch', {})).toMatchObject({ status: 0, result: null });
    expect(git(files(), 'branch', '--show-current')).toBe('feature/x');
    expect(readFileSync(path.join(files(), 'notes.txt'), 'utf8')).toBe('carried over\n');
    await statusNotification(b, (s) => s.branch === 'feature/x', from);
    expect(b.wire.received.slice(from).some((f) => f.value.method === 'git/checkoutPrevented')).toBe(false);
    git(files(), 'checkout', '-q', '--', 'notes.txt');
  });

  it('resetLocalWithRemote keeps local changes git would overwrite and says so; other local changes survive a reset', async () => {
    const readme = path.join(files(), 'README.md');
    const kept = path.join(files(), 'kept.txt');
    writeFileSync(kept, 'committed\n');
    expect((await commit({ message: 'Add kept', push: true })).finished).toEqual({ exitCode: 0 });
    const remoteHead = git(files(), 'rev-parse', 'origin/main');
    writeFileSync(readme, 'local commit\n');
    git(files(), 'commit', '-q', '-am', 'Local only');
    const localHead = git(files(), 'rev-parse', 'HEAD');
    writeFileSync(readme, 'uncommitted\n');
    const from = b.wire.received.length;
    const refused = await a.ask('git/resetLocalWithRemote', {});
    expect(refused.error).toEqual({
      code: PitcherErrorCode.GIT_RESET_LOCAL_REMOTE_ERROR,
      message: "Your local changes were kept: resetting to origin/main would overwrite them (Entry 'README.md' not uptodate. Cannot merge.)",
    });
    expect(await b.notification('git/checkoutPrevented', () => true, from)).toEqual({ branch: 'origin/main' });
    expect(git(files(), 'rev-parse', 'HEAD')).toBe(localHead);
    expect(readFileSync(readme, 'utf8')).toBe('uncommitted\n');
    // Without the change in the way, the local commit goes and an unrelated local change stays.
    git(files(), 'checkout', '-q', '--', 'README.md');
    writeFileSync(kept, 'changed locally\n');
    expect(await a.ask('git/resetLocalWithRemote', {})).toMatchObject({ status: 0, result: null });
    expect(git(files(), 'rev-parse', 'HEAD')).toBe(remoteHead);
    expect(readFileSync(kept, 'utf8')).toBe('changed locally\n');
    git(files(), 'checkout', '-q', '--', 'kept.txt');
  });

  it('git/pushToRemote pushes HEAD, or one squashed commit, to any repository', async () => {
    const target = path.join(home, 'target.git');
    git(tmp, 'init', '-q', '--bare', '-b', 'main', target);
    expect(await a.ask('git/pushToRemote', { url: target, branch: 'copy' })).toMatchObject({ status: 0 });
    expect(git(target, 'rev-parse', 'copy')).toBe(git(files(), 'rev-parse', 'HEAD'));
    expect(await a.ask('git/pushToRemote', { url: target, branch: 'squashed', squashAllCommits: true })).toMatchObject({ status: 0 });
    expect(git(target, 'log', '--format=%s', 'squashed')).toBe('Initial commit');
    expect(git(target, 'rev-parse', 'squashed^{tree}')).toBe(git(files(), 'rev-parse', 'HEAD^{tree}'));
    const refused = await a.ask('git/pushToRemote', { url: path.join(home, 'nowhere.git'), branch: 'x' });
    expect(refused.error.code).toBe(PitcherErrorCode.GIT_PUSH_FAIL);
    expect((await a.ask('git/pushToRemote', { url: '--upload-pack=touch /tmp/x', branch: 'x' })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
  });

  it('a read-only client may read the status but not commit, pull or discard', async () => {
    const host = await startSandbox(context.server);
    const token = context.server.container
      .get<TokenService>(TokenService)
      .sign(PITCHER_TOKEN_PURPOSE, { sandboxId: context.server.defaultSandboxId, username: 'reader', name: 'Reader', access: 'read' }, 300);
    const reader = new WireSession(await WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(token)}`));
    try {
      expect((await reader.ask('client/join', JOIN_PARAMS)).status).toBe(0);
      expect((await reader.ask('git/status', {})).status).toBe(0);
      for (const [method, params] of [['git/commit', { message: 'no' }], ['git/pull', {}], ['git/discard', {}], ['git/push', null]] as const) {
        const res = await reader.ask(method, params);
        expect(res).toMatchObject({ status: 1, error: { code: PitcherErrorCode.NO_ACCESS, message: `You do not have permission to use ${method}` } });
      }
    } finally {
      await reader.close();
    }
  });

  it('refuses bad params and paths outside the workspace with protocol errors, and stays up', async () => {
    expect((await a.ask('git/commit', { message: '' })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    expect((await a.ask('git/commit', { paths: 'x', message: 'm' })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    expect((await a.ask('git/transposeLines', { sha: 'x' })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    const outside = await a.ask('git/commit', { paths: ['../../etc/passwd'], message: 'm' });
    expect(outside.error).toEqual({ code: PitcherErrorCode.INVALID_PATH, message: 'Invalid path: ../../etc/passwd' });
    expect((await a.ask('git/discard', { paths: ['../x'] })).error.code).toBe(PitcherErrorCode.INVALID_PATH);
    expect((await a.ask('git/diffStatus', { base: '--output=/tmp/x', head: 'HEAD' })).error.code).toBe(PitcherErrorCode.INVALID_PARAMS);
    expect((await a.ask('git/diffStatus', { base: 'no-such-rev', head: 'HEAD' })).error).toEqual({ code: PitcherErrorCode.INVALID_PARAMS, message: 'Unknown revision: no-such-rev' });
    expect((await a.ask('git/remoteContent', { reference: 'HEAD', path: '../../etc/passwd' })).error.code).toBe(PitcherErrorCode.INVALID_PATH);
    // The lock was released by each refused operation: the next one runs.
    expect((await a.ask('git/discard', {})).status).toBe(0);
    await eventually(async () => (await a.ask('git/status', {})).status === 0, 'the server to answer');
  });

  it('never announced anything of .git in the tree, through all of the above', async () => {
    const operations = a.wire.received.flatMap((f) => (f.value.method === 'fs/operations' ? f.value.params.operations : []));
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((o: any) => o.operation.type === 'create' && o.operation.newEntry.name === '.git')).toEqual([]);
    expect((await a.tree()).some((n) => n.name === '.git' || n.name === 'objects')).toBe(false);
  });

  it('a workspace that is not a repository (any more) has the empty status, and operations say why they fail', async () => {
    rmSync(path.join(files(), '.git'), { recursive: true, force: true });
    const status = await a.ask('git/status', {});
    expect(status.result).toEqual({
      changedFiles: {},
      deletedFiles: [],
      conflicts: false,
      localChanges: false,
      remote: { head: null, branch: null, ahead: 0, behind: 0, safe: true },
      target: { head: null, branch: null, ahead: 0, behind: 0, safe: true },
      commits: [],
      branch: '',
      isMerging: false,
    });
    expect((await a.ask('git/discard', {})).error).toEqual({ code: PitcherErrorCode.CRITICAL_ERROR, message: 'The workspace is not a git repository' });
    expect((await a.ask('git/push', null)).error.code).toBe(PitcherErrorCode.GIT_PUSH_FAIL);
  });
});
