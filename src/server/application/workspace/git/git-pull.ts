import { gitErrors } from '../../../../domain/git/git.errors';
import { isValidBranchName } from '../../../../domain/git/ref-names';
import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';
import { GIT_NETWORK_TIMEOUT_MS, GitRunner, gitMessage } from './git-runner';
import { Upstream, hasRemote, headBranch, unmergedPaths } from './git-refs';
import { refusedForLocalChanges, resetPreventedMessage } from './git-checkout-guard';

/**
 * The remote branch a pull or a reset takes: the one asked for (on origin), else the current branch's upstream,
 * else the branch of the same name on origin.
 */
async function pullSource(git: GitRunner, branch: string | undefined, failure: PitcherErrorCode): Promise<HandlerResult<Upstream>> {
  if (branch !== undefined) {
    return isValidBranchName(branch) ? done({ remote: 'origin', branch }) : fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidBranchName(branch));
  }
  const head = await headBranch(git);
  if (!head.branch) return fail(failure, gitErrors.detachedHead);
  return done(head.upstream ?? { remote: 'origin', branch: head.branch });
}

/** `git fetch <remote> <branch>`: FETCH_HEAD and the remote-tracking branch are updated. */
async function fetch(git: GitRunner, source: Upstream): Promise<HandlerResult<null>> {
  const fetched = await git.run(['fetch', '--no-tags', '--', source.remote, `refs/heads/${source.branch}`], { timeoutMs: GIT_NETWORK_TIMEOUT_MS });
  if (fetched.ok) return done(null);
  if (!(await hasRemote(git, source.remote))) return fail(PitcherErrorCode.GIT_FETCH_FAIL, gitErrors.noRemote(source.remote));
  return fail(PitcherErrorCode.GIT_FETCH_FAIL, gitMessage(fetched, `Could not fetch ${source.remote}/${source.branch}`));
}

/**
 * git/pull: fetch, then merge FETCH_HEAD into the current branch (a fast-forward when possible). With `force`, local
 * uncommitted changes are stashed around the merge (`--autostash`) instead of blocking it. Conflicts leave the merge
 * in progress (isMerging, conflicted files) and fail with GIT_PULL_CONFLICT; any other refusal with GIT_PULL_FAIL.
 */
export async function pull(git: GitRunner, branch: string | undefined, force: boolean): Promise<HandlerResult<null>> {
  const source = await pullSource(git, branch, PitcherErrorCode.GIT_PULL_FAIL);
  if (!source.ok) return source;
  const fetched = await fetch(git, source.value);
  if (!fetched.ok) return fetched;
  const merged = await git.run(['merge', '--no-edit', ...(force ? ['--autostash'] : []), 'FETCH_HEAD']);
  if (merged.ok) return done(null);
  const conflicted = await unmergedPaths(git);
  if (conflicted.length > 0) return fail(PitcherErrorCode.GIT_PULL_CONFLICT, gitErrors.pullConflict(conflicted), { paths: conflicted });
  return fail(PitcherErrorCode.GIT_PULL_FAIL, gitMessage(merged, 'git merge failed'));
}

/**
 * git/resetLocalWithRemote: the current branch becomes its remote branch: fetched, then `git reset --keep` (during a
 * merge `--merge`, which also ends the merge): local commits go, uncommitted changes stay. When git refuses because
 * they would be overwritten, nothing changes and `prevented` is told the remote branch (git/checkoutPrevented).
 */
export async function resetLocalWithRemote(git: GitRunner, prevented: (branch: string) => void): Promise<HandlerResult<null>> {
  const source = await pullSource(git, undefined, PitcherErrorCode.GIT_RESET_LOCAL_REMOTE_ERROR);
  if (!source.ok) return source;
  const fetched = await fetch(git, source.value);
  if (!fetched.ok) return fetched;
  const merging = (await git.run(['rev-parse', '-q', '--verify', 'MERGE_HEAD'])).ok;
  // The index's file stats may be stale (files written by another user or program): unchanged files are not changes.
  await git.run(['update-index', '-q', '--refresh']);
  const reset = await git.run(['reset', '-q', merging ? '--merge' : '--keep', 'FETCH_HEAD']);
  if (reset.ok) return done(null);
  const target = `${source.value.remote}/${source.value.branch}`;
  if (refusedForLocalChanges(reset)) {
    prevented(target);
    return fail(PitcherErrorCode.GIT_RESET_LOCAL_REMOTE_ERROR, resetPreventedMessage(target, gitMessage(reset, 'git reset failed')));
  }
  return fail(PitcherErrorCode.GIT_RESET_LOCAL_REMOTE_ERROR, gitMessage(reset, 'git reset failed'));
}
