import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { removeDir } from '../../server-harness';
import { eventually } from '../../wire-session';
import { FixtureGroup, GroupRecorder } from '../recorder';

const identity = { GIT_AUTHOR_NAME: 'Other', GIT_AUTHOR_EMAIL: 'other@example.com', GIT_COMMITTER_NAME: 'Other', GIT_COMMITTER_EMAIL: 'other@example.com' };

/** The git CLI, as a user at a terminal (of the workspace, or of another clone) would run it. */
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'safe.directory=*', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...identity },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/** Commits a change to README.md in the other clone and pushes it; returns the new commit. */
function pushFromOther(other: string, text: string, message: string): string {
  writeFileSync(path.join(other, 'README.md'), text);
  git(other, 'commit', '-q', '-am', message);
  git(other, 'push', '-q');
  return git(other, 'rev-parse', 'HEAD');
}

async function waitForRepository(g: GroupRecorder): Promise<void> {
  await eventually(async () => (await g.peer('A').ask('git/status', {})).result.head, 'the initial commit');
}

/**
 * git on the real CLI: the new sandbox's repository gets a bare remote (in the sandbox's home directory, which
 * sandboxed processes see) and a second clone that pushes to it. Commit, push, pull (clean and conflicting), reads of
 * other revisions, discard, branch rename and checkout, reset and push to another repository.
 */
export const gitGroup: FixtureGroup = {
  name: 'git',
  async run(g) {
    const files = g.filesDir;
    const bare = path.join(g.homeDir, 'remote.git');
    const tmp = mkdtempSync(path.join(tmpdir(), 'bullpen-fixtures-git-'));
    const other = path.join(tmp, 'other');
    try {
      await waitForRepository(g);
      await g.fixture('git/status', { note: 'A new sandbox: one commit, no remote.' }, async (f) => void (await f.ask('A', 'git/status', {})));

      git(files, 'init', '-q', '--bare', '-b', 'main', bare);
      git(files, 'remote', 'add', 'origin', bare);
      git(files, 'push', '-q', '-u', 'origin', 'main');
      await g.fixture(
        'git/status.remote-added',
        { note: 'A terminal added origin (a bare repository) and pushed main to it: the status read tells every client git/remotes.' },
        async (f) => {
          await f.ask('A', 'git/status', {}, [{ to: 'B', method: 'git/remotes' }]);
        },
      );
      await g.fixture('git/remotes', {}, async (f) => void (await f.ask('A', 'git/remotes', {})));

      writeFileSync(path.join(files, 'notes.txt'), 'one\ntwo\nthree\n');
      await g
        .peer('A')
        .notification('git/status', (s) => Object.values(s.changedFiles as Record<string, { path: string }>).some((i) => i.path === 'notes.txt'));
      await g.fixture(
        'git/commit',
        { note: 'notes.txt was written on disk; A commits everything: the commit runs as a command shell every client sees.' },
        async (f) => {
          await f.ask('A', 'git/commit', { message: 'Add notes' }, [
            { to: 'B', method: 'shell/create' },
            { to: 'B', method: 'git/commitStarted' },
            { to: 'B', method: 'git/commitFinished' },
            { to: 'B', method: 'git/status', where: (s) => s.commits.length === 1 && s.localChanges === false },
          ]);
        },
      );
      await g.fixture(
        'git/targetDiff',
        { note: 'HEAD is one commit ahead of origin/main.' },
        async (f) => void (await f.ask('A', 'git/targetDiff', { branch: 'main' })),
      );
      await g.fixture('git/push', { note: 'The params PitcherGit sends ({}).' }, async (f) => {
        await f.ask('A', 'git/push', {}, [{ to: 'B', method: 'git/status', where: (s) => s.remote.ahead === 0 && s.commits.length === 0 }]);
      });

      git(tmp, 'clone', '-q', bare, other);
      const pushed = pushFromOther(other, 'from the other clone\n', 'Rewrite README');
      await g.fixture('git/pull', { note: 'Another clone pushed a commit to origin: the pull fast-forwards to it.' }, async (f) => {
        await f.ask('A', 'git/pull', {}, [
          { to: 'B', method: 'git/pullStarted' },
          { to: 'B', method: 'git/pullFinished' },
          { to: 'B', method: 'git/status', where: (s) => s.head === pushed },
        ]);
      });
      await g.fixture('git/diffStatus', {}, async (f) => void (await f.ask('A', 'git/diffStatus', { base: 'HEAD~1', head: 'HEAD' })));
      await g.fixture('git/remoteContent', {}, async (f) => void (await f.ask('A', 'git/remoteContent', { reference: 'main', path: 'README.md' })));

      writeFileSync(path.join(files, 'README.md'), 'a new first line\nfrom the other clone\n');
      await g.fixture('git/transposeLines', { note: 'A line was added above line 1 of README.md at HEAD; nope.txt does not exist.' }, async (f) => {
        await f.ask('A', 'git/transposeLines', [
          { sha: pushed, path: 'README.md', line: 1 },
          { sha: pushed, path: 'nope.txt', line: 1 },
        ]);
      });
      await g.fixture('git/discard', {}, async (f) => {
        await f.ask('A', 'git/discard', { paths: ['README.md'] }, [{ to: 'B', method: 'git/status', where: (s) => s.localChanges === false }]);
      });

      await g.fixture('git/renameBranch', {}, async (f) => {
        await f.ask('A', 'git/renameBranch', { oldBranch: 'main', newBranch: 'trunk' }, [
          { to: 'B', method: 'git/renameBranch' },
          { to: 'B', method: 'git/status', where: (s) => s.branch === 'trunk' },
        ]);
      });
      git(files, 'checkout', '-q', '-b', 'elsewhere');
      await g.fixture(
        'git/checkoutInitialBranch',
        { note: "A terminal checked out a new branch 'elsewhere': back to the branch the workspace started on (renamed trunk)." },
        async (f) => {
          await f.ask('A', 'git/checkoutInitialBranch', {}, [{ to: 'B', method: 'git/status', where: (s) => s.branch === 'trunk' }]);
        },
      );
      const readme = path.join(files, 'README.md');
      git(files, 'checkout', '-q', '-b', 'side');
      writeFileSync(readme, 'side\n');
      git(files, 'commit', '-q', '-am', 'Side README');
      writeFileSync(readme, 'uncommitted\n');
      await g.fixture(
        'git/checkoutInitialBranch.error-local-changes',
        {
          note: "A terminal checked out a branch 'side' that changed README.md and left README.md changed again: the checkout back to trunk would overwrite it, so nothing changes and every client gets git/checkoutPrevented.",
        },
        async (f) => {
          await f.ask('A', 'git/checkoutInitialBranch', {}, [
            { to: 'A', method: 'git/checkoutPrevented' },
            { to: 'B', method: 'git/checkoutPrevented' },
          ]);
        },
      );
      git(files, 'checkout', '-q', '--', 'README.md');
      git(files, 'checkout', '-q', 'trunk');
      git(files, 'branch', '-q', '-D', 'side');

      const theirs = pushFromOther(other, 'theirs\n', 'Theirs');
      writeFileSync(path.join(files, 'README.md'), 'mine\n');
      git(files, 'commit', '-q', '-am', 'Mine');
      await g.fixture('git/pull.error-conflict', { note: 'origin and the workspace both changed README.md: the merge stays in progress.' }, async (f) => {
        await f.ask('A', 'git/pull', {}, [
          { to: 'B', method: 'git/pullStarted' },
          { to: 'B', method: 'git/pullFinished' },
          { to: 'B', method: 'git/status', where: (s) => s.isMerging === true },
        ]);
      });
      await g.fixture('git/resetLocalWithRemote', { note: "Ends the merge: the workspace is reset to origin's branch." }, async (f) => {
        await f.ask('A', 'git/resetLocalWithRemote', {}, [{ to: 'B', method: 'git/status', where: (s) => s.head === theirs && !s.isMerging }]);
      });

      const published = path.join(g.homeDir, 'published.git');
      git(files, 'init', '-q', '--bare', '-b', 'main', published);
      await g.fixture('git/pushToRemote', { note: 'Pushes HEAD to a branch of another (bare) repository.' }, async (f) => {
        await f.ask('A', 'git/pushToRemote', { url: published, branch: 'published' });
      });

      await g.fixture(
        'git/remoteContent.error-not-found',
        {},
        async (f) => void (await f.ask('A', 'git/remoteContent', { reference: 'main', path: 'nope.txt' })),
      );
      await g.fixture(
        'git/diffStatus.error-invalid-params',
        {},
        async (f) => void (await f.ask('A', 'git/diffStatus', { base: 'no-such-revision', head: 'HEAD' })),
      );
      await g.connect('R');
      await g.fixture(
        'git/commit.error-no-access',
        { note: 'R has read access only.' },
        async (f) => void (await f.ask('R', 'git/commit', { message: 'nope' })),
      );
    } finally {
      removeDir(tmp);
    }
  },
};
