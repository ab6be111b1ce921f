import { GitRunner, gitMessage } from './git-runner';
import { currentBranch } from './git-refs';

export const INITIAL_BRANCH = 'main';
export const INITIAL_COMMIT_MESSAGE = 'Initial commit';
export const DEFAULT_IDENTITY = { name: 'Bullpen', email: 'bullpen@localhost' };
/** Local config key remembering the branch the workspace started on (git/checkoutInitialBranch). */
export const INITIAL_BRANCH_KEY = 'bullpen.initialBranch';

/**
 * Makes the workspace a git repository if it is not one: `git init -b main`, an identity set locally only where
 * none is configured, and everything committed as "Initial commit". Either way the branch the workspace started on
 * is remembered once. Returns false when git is not usable (not installed); the workspace then has no git.
 */
export async function ensureRepository(git: GitRunner, log: (message: string) => void): Promise<boolean> {
  const probe = await git.run(['rev-parse', '--git-dir']);
  if (!probe.ok) {
    if (probe.exitCode !== 128) {
      log(`git is not usable: ${gitMessage(probe, 'git rev-parse failed')}`);
      return false;
    }
    const created = await initialise(git);
    if (!created.ok) {
      log(`could not create the git repository: ${created.error}`);
      return false;
    }
  }
  const known = await git.run(['config', '--local', '--get', INITIAL_BRANCH_KEY]);
  if (!known.ok) {
    const branch = await currentBranch(git);
    if (branch) await git.run(['config', '--local', INITIAL_BRANCH_KEY, branch]);
  }
  return true;
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
