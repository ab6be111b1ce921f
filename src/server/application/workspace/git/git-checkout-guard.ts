import { GitOutcome } from './git-runner';

/**
 * git's refusals to move the working tree because something local is in the way: changed files that would be
 * overwritten (checkout: "Your local changes … would be overwritten", reset --keep/--merge: "Entry 'x' not
 * uptodate"), untracked files that would be ("Untracked working tree file 'x' would be overwritten"), or an unresolved
 * merge ("you need to resolve your current index first"). Nothing was changed when git refused so.
 */
const LOCAL_CHANGES_IN_THE_WAY = [
  /would be overwritten by (checkout|merge)/i,
  /\bnot uptodate\b/i,
  /resolve your current index first/i,
  /Please (commit|move or remove) .* before you switch branches/i,
];

/** Whether a failed checkout or reset was refused because local changes would be overwritten. */
export function refusedForLocalChanges(outcome: Pick<GitOutcome, 'ok' | 'stderr' | 'stdout' | 'timedOut'>): boolean {
  if (outcome.ok || outcome.timedOut) return false;
  const text = `${outcome.stderr}\n${outcome.stdout}`;
  return LOCAL_CHANGES_IN_THE_WAY.some((pattern) => pattern.test(text));
}

/** The answer to a reset that git refused for local changes (git's own reason follows). */
export const resetPreventedMessage = (target: string, reason: string): string =>
  `Your local changes were kept: resetting to ${target} would overwrite them (${reason})`;
