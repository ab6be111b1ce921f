import { gitErrors } from '../../../../domain/git/git.errors';
import { isValidBranchName } from '../../../../domain/git/ref-names';
import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';
import { GIT_NETWORK_TIMEOUT_MS, GitRunner, gitMessage } from './git-runner';
import { INITIAL_COMMIT_MESSAGE } from './git-init';
import { hasRemote, headBranch } from './git-refs';

/**
 * What `git push` runs for the current branch: to its upstream; without one, to the same name on origin, which
 * then becomes its upstream (`-u`).
 */
export async function pushArguments(git: GitRunner): Promise<HandlerResult<string[]>> {
  const { branch, upstream } = await headBranch(git);
  if (!branch) return fail(PitcherErrorCode.GIT_PUSH_FAIL, gitErrors.detachedHead);
  if (upstream) return done(['push', '--', upstream.remote, `HEAD:refs/heads/${upstream.branch}`]);
  if (!(await hasRemote(git, 'origin'))) return fail(PitcherErrorCode.GIT_PUSH_FAIL, gitErrors.noRemote('origin'));
  return done(['push', '-u', '--', 'origin', branch]);
}

/** git/push: pushes the current branch (see pushArguments); a refusal fails with GIT_PUSH_FAIL and git's reason. */
export async function push(git: GitRunner): Promise<HandlerResult<null>> {
  const args = await pushArguments(git);
  if (!args.ok) return args;
  const pushed = await git.run(args.value, { timeoutMs: GIT_NETWORK_TIMEOUT_MS });
  if (!pushed.ok) return fail(PitcherErrorCode.GIT_PUSH_FAIL, gitMessage(pushed, 'git push failed'));
  return done(null);
}

/**
 * git/pushToRemote: pushes HEAD to `branch` of any repository URL (the workspace's remotes are left as they are).
 * With squashAllCommits the remote gets one root commit ("Initial commit") holding HEAD's files instead of the history.
 */
export async function pushToRemote(git: GitRunner, url: string, branch: string, squash: boolean): Promise<HandlerResult<null>> {
  if (url.startsWith('-') || /[\x00-\x1f\x7f]/.test(url) || /^ext::/i.test(url)) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidUrl(url));
  if (!isValidBranchName(branch)) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidBranchName(branch));
  let source = 'HEAD';
  if (squash) {
    const squashed = await git.run(['-c', 'commit.gpgsign=false', 'commit-tree', 'HEAD^{tree}', '-m', INITIAL_COMMIT_MESSAGE]);
    if (!squashed.ok) return fail(PitcherErrorCode.GIT_PUSH_FAIL, gitMessage(squashed, 'Could not squash the commits'));
    source = squashed.stdout.trim();
  }
  const pushed = await git.run(['-c', 'protocol.ext.allow=never', 'push', '--', url, `${source}:refs/heads/${branch}`], { timeoutMs: GIT_NETWORK_TIMEOUT_MS });
  if (!pushed.ok) return fail(PitcherErrorCode.GIT_PUSH_FAIL, gitMessage(pushed, 'git push failed'));
  return done(null);
}
