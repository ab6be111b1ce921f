import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ProcessRuntime } from '../../../src/server/application/ports/process-runtime.port';
import { useTestServer } from '../support/server-harness';
import { WireSession, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

/** The git CLI in the workspace, as the test sees it (only to read what the terminal did). */
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * git typed in a real terminal of the workspace changes only `.git`, which the workspace watcher skips: the server
 * watches the few entries of `.git` the status depends on and pushes git/status (docs/protocol/git.md), without any
 * git request from the clients, and without its own status reads setting off more of them.
 */
describe('git in a terminal', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  const files = () => context.filesDir;
  /** The git processes the server starts, with their arguments. */
  const gitRuns: string[][] = [];

  beforeAll(async () => {
    const runtime = context.server.container.get<ProcessRuntime>(ProcessRuntime);
    const spawn = runtime.spawn.bind(runtime);
    jest.spyOn(runtime, 'spawn').mockImplementation((box, file, args, options) => {
      if (file === 'git') gitRuns.push([...args]);
      return spawn(box, file, args, options);
    });
  });
  useWireSessions(context, 2, (opened) => ([a, b] = opened));
  beforeAll(async () => {
    await a.ask('git/status', {});
  });

  /** No git/* request is sent by either client from `from` on. */
  const noGitRequests = (s: WireSession, from: number) => s.wire.sent.slice(from).every((bytes) => !Buffer.from(bytes).includes('git/'));

  it('a commit typed in a terminal reaches every client as git/status with the new head', async () => {
    writeFileSync(path.join(files(), 'terminal.txt'), 'from a terminal\n');
    await b.notification('git/status', (s) => Object.values(s.changedFiles).some((f: any) => f.path === 'terminal.txt'));
    const fromB = b.wire.received.length;
    const sentA = a.wire.sent.length;
    const sentB = b.wire.sent.length;
    await a.inTerminal(`git add terminal.txt && git commit -q -m 'Typed in a terminal'`);
    const head = git(files(), 'rev-parse', 'HEAD');
    expect(git(files(), 'log', '-1', '--format=%s')).toBe('Typed in a terminal');
    const status = await b.notification('git/status', (s) => s.head === head, fromB);
    expect(status.commits[0]).toMatchObject({ hash: head, message: 'Typed in a terminal' });
    expect(Object.values(status.changedFiles).some((f: any) => f.path === 'terminal.txt')).toBe(false);
    expect(noGitRequests(a, sentA) && noGitRequests(b, sentB)).toBe(true);
  });

  it('a branch checked out in a terminal (no file changes) is pushed too', async () => {
    const from = b.wire.received.length;
    await a.inTerminal('git checkout -q -b from-terminal');
    const status = await b.notification('git/status', (s) => s.branch === 'from-terminal', from);
    expect(status.head).toBe(git(files(), 'rev-parse', 'HEAD'));
    const back = b.wire.received.length;
    await a.inTerminal('git checkout -q main');
    expect((await b.notification('git/status', (s) => s.branch === 'main', back)).branch).toBe('main');
  });

  it('staging in a terminal (`git add`, only the index changes) is pushed', async () => {
    writeFileSync(path.join(files(), 'staged.txt'), 'to stage\n');
    await b.notification('git/status', (s) => Object.values(s.changedFiles).some((f: any) => f.path === 'staged.txt' && !f.isStaged));
    const from = b.wire.received.length;
    await a.inTerminal('git add staged.txt');
    const status = await b.notification('git/status', (s) => Object.values(s.changedFiles).some((f: any) => f.path === 'staged.txt' && f.isStaged), from);
    expect(Object.values(status.changedFiles).find((f: any) => f.path === 'staged.txt')).toMatchObject({ index: 'A', isStaged: true });
  });

  it('its own status reads do not set off more of them: quiet .git, no more reads, no more notifications', async () => {
    // `git status` typed in a terminal may rewrite the index (a change inside .git that changes no status).
    await a.inTerminal('git status > /dev/null');
    await sleep(1_500);
    const index = path.join(files(), '.git', 'index');
    const indexBefore = statSync(index).mtimeMs;
    const reads = gitRuns.length;
    const from = b.wire.received.length;
    await sleep(4_000);
    expect(statSync(index).mtimeMs).toBe(indexBefore);
    expect(gitRuns.slice(reads).filter((args) => args.includes('status'))).toEqual([]);
    expect(b.wire.received.slice(from).filter((f) => f.value.method === 'git/status')).toEqual([]);
  });

  it('a repository replaced in a terminal (rm -rf .git; git init; commit) is watched again', async () => {
    const from = b.wire.received.length;
    await a.inTerminal(
      "rm -rf .git && git init -q -b fresh && git add -A && git -c user.name=T -c user.email=t@example.com commit -q -m 'Fresh start'",
    );
    const head = git(files(), 'rev-parse', 'HEAD');
    await b.notification('git/status', (s) => s.head === head && s.branch === 'fresh', from);
    const later = b.wire.received.length;
    await a.inTerminal("git -c user.name=T -c user.email=t@example.com commit -q --allow-empty -m 'Second'");
    const second = git(files(), 'rev-parse', 'HEAD');
    expect((await b.notification('git/status', (s) => s.head === second, later)).commits[0].message).toBe('Second');
  });
});
