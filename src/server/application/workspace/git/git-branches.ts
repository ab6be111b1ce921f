import { gitErrors } from '../../../../domain/git/git.errors';
import { isValidBranchName } from '../../../../domain/git/ref-names';
import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';
import { GitRunner, gitMessage } from './git-runner';
import { INITIAL_BRANCH_KEY } from './git-init';
import { currentBranch } from './git-refs';
import { refusedForLocalChanges } from './git-checkout-guard';

/**
 * git/renameBranch: `git branch -m old new` (its upstream setting moves with it). The remembered initial branch
 * follows a rename of it.
 */
export async function renameBranch(git: GitRunner, oldBranch: string, newBranch: string): Promise<HandlerResult<null>> {
  for (const name of [oldBranch, newBranch]) {
    if (!isValidBranchName(name)) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidBranchName(name));
  }
  const renamed = await git.run(['branch', '-m', '--', oldBranch, newBranch]);
  if (!renamed.ok) return fail(PitcherErrorCode.INVALID_PARAMS, gitMessage(renamed, 'git branch -m failed'));
  const initial = await git.run(['config', '--local', '--get', INITIAL_BRANCH_KEY]);
  if (initial.ok && initial.stdout.trim() === oldBranch) await git.run(['config', '--local', INITIAL_BRANCH_KEY, newBranch]);
  return done(null);
}

/**
 * git/checkoutInitialBranch: back to the branch the workspace started on (a no-op when already there). Local changes
 * git can carry over come along; when git refuses because they would be overwritten, nothing changes and `prevented`
 * is told the branch (git/checkoutPrevented).
 */
export async function checkoutInitialBranch(git: GitRunner, prevented: (branch: string) => void): Promise<HandlerResult<null>> {
  const initial = await git.run(['config', '--local', '--get', INITIAL_BRANCH_KEY]);
  const branch = initial.stdout.trim();
  if (!initial.ok || branch === '') return fail(PitcherErrorCode.GIT_RESET_CHECKOUT_INITIAL_BRANCH_FAIL, gitErrors.noInitialBranch);
  if ((await currentBranch(git)) === branch) return done(null);
  const switched = await git.run(['checkout', '-q', branch, '--']);
  if (!switched.ok && refusedForLocalChanges(switched)) prevented(branch);
  if (!switched.ok) return fail(PitcherErrorCode.GIT_RESET_CHECKOUT_INITIAL_BRANCH_FAIL, gitMessage(switched, `Could not check out ${branch}`));
  return done(null);
}
