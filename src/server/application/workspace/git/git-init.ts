import { GitRunner, gitMessage } from './git-runner';
import { currentBranch } from './git-refs';

export const INITIAL_BRANCH = 'main';
export const INITIAL_COMMIT_MESSAGE = 'Initial commit';
export const DEFAULT_IDENTITY = { name: 'Bullpen', email: 'bullpen@localhost' };
/** Local config key remembering the branch the workspace started on (git/checkoutInitialBranch). */
export const INITIAL_BRANCH_KEY = 'bullpen.initialBranch';

/** How the repository came to be at start: it was there, it was created, or git could not be used. */
export type RepositoryStart = { kind: 'existing' } | { kind: 'created' } | { kind: 'unusable'; reason: string };

/**
 * Makes the workspace a git repository if it is not one: `git init -b main`, an identity set locally only where
 * none is configured, and everything committed as "Initial commit" (`creating` is called first). Either way the
 * branch the workspace started on is remembered once. When git is not usable (not installed, the init failed) the
 * workspace has no git: the reason is logged and answered.
 */
export async function ensureRepository(git: GitRunner, log: (message: string) => void, creating: () => void = () => undefined): Promise<RepositoryStart> {
  const probe = await git.run(['rev-parse', '--git-dir']);
  let start: RepositoryStart = { kind: 'existing' };
  if (!probe.ok) {
    if (probe.exitCode !== 128) {
      const reason = `git is not usable: ${gitMessage(probe, 'git rev-parse failed')}`;
      log(reason);
      return { kind: 'unusable', reason };
    }
    creating();
    const created = await initialise(git);
    if (!created.ok) {
      const reason = `could not create the git repository: ${created.error}`;
      log(reason);
      return { kind: 'unusable', reason };
    }
    start = { kind: 'created' };
  }
  const known = await git.run(['config', '--local', '--get', INITIAL_BRANCH_KEY]);
  if (!known.ok) {
    const branch = await currentBranch(git);
    if (branch) await git.run(['config', '--local', INITIAL_BRANCH_KEY, branch]);
  }
  return start;
}

async function initialise(git: GitRunner): Promise<{ ok: true } | { ok: false; error: string }> {
  const steps: Array<readonly string[] | (() => Promise<void>)> = [
    ['init', '-q', '-b', INITIAL_BRANCH],
    () => setIfMissing(git, 'user.name', DEFAULT_IDENTITY.name),
    () => setIfMissing(git, 'user.email', DEFAULT_IDENTITY.email),
    ['add', '-A'],
    ['-c', 'commit.gpgsign=false', 'commit', '-q', '--no-verify', '--allow-empty', '-m', INITIAL_COMMIT_MESSAGE],
  ];
  for (const step of steps) {
    if (typeof step === 'function') {
      await step();
      continue;
    }
    const r = await git.run(step);
    if (!r.ok) return { ok: false, error: gitMessage(r, `git ${step[0]} failed`) };
  }
  return { ok: true };
}

async function setIfMissing(git: GitRunner, key: string, value: string): Promise<void> {
  if ((await git.run(['config', '--get', key])).ok) return;
  await git.run(['config', '--local', key, value]);
}
