import { GitStatus } from './git-status';

/**
 * Git autofetch (spec 002 §9 "Editor defaults": on): now and then the workspace fetches origin's copies of the
 * branches the status compares HEAD with, so the source control view shows what there is to pull without a pull.
 * git/targetDiff is the protocol's call that fetches a branch of origin (and updates its remote-tracking ref, which
 * the workspace then reports in a new status).
 */

/** Before the first autofetch after the workbench starts: the first file is open and editable by then. */
export const AUTOFETCH_FIRST_DELAY_MS = 10_000;

/**
 * The branches of origin to fetch: HEAD's upstream and origin's default branch (the status's target), each once.
 * None without an origin or in a workspace that is no repository; with a detached HEAD (no upstream), the default
 * branch only.
 */
export function autofetchBranches(status: GitStatus | undefined, originUrl: string | undefined): string[] {
  if (!status || !originUrl || status.branch === '') return [];
  const branches = [status.remote.branch, status.target.branch].filter((b): b is string => typeof b === 'string' && b !== '');
  return [...new Set(branches)];
}
