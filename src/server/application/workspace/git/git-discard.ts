import { gitErrors } from '../../../../domain/git/git.errors';
import { StatusEntry, changedPaths, parsePorcelainV2 } from '../../../../domain/git/porcelain-status';
import { normalizeWorkspacePath } from '../../../../domain/fs/workspace-path';
import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';
import { GitRunner, gitMessage } from './git-runner';
import { STATUS_ARGS, isNotARepository } from './git-status-reader';

/**
 * git/discard: the changed files among `paths` (a directory means everything changed below it; all changed files
 * when absent) go back to HEAD: tracked files are restored in the index and the working tree (a file added since
 * HEAD is removed, a renamed one is back under its old name), untracked files are deleted. Ignored files are never
 * touched. A copy is removed and its source left as it is. Answers the discarded paths.
 */
export async function discard(git: GitRunner, paths: readonly string[] | undefined): Promise<HandlerResult<{ paths: string[] }>> {
  const wanted: string[] = [];
  for (const p of paths ?? []) {
    const normalized = normalizeWorkspacePath(p);
    if (!normalized.ok || normalized.value === '') return fail(PitcherErrorCode.INVALID_PATH, `Invalid path: ${p}`);
    wanted.push(normalized.value);
  }
  const status = await git.run(STATUS_ARGS);
  if (!status.ok) {
    return fail(PitcherErrorCode.CRITICAL_ERROR, isNotARepository(status) ? gitErrors.notARepository : gitMessage(status, 'git status failed'));
  }
  const parsed = parsePorcelainV2(status.stdout);
  if (!parsed.ok) return fail(PitcherErrorCode.CRITICAL_ERROR, parsed.error);
  const selected = parsed.value.entries.filter((e) => paths === undefined || wanted.some((w) => covers(w, e)));
  const tracked = selected.filter((e) => e.kind !== 'untracked').flatMap(changedPaths);
  const untracked = selected.filter((e) => e.kind === 'untracked').map((e) => e.path);
  if (tracked.length > 0) {
    const restored = await git.run(['--literal-pathspecs', 'restore', '--source=HEAD', '--staged', '--worktree', '--', ...tracked]);
    if (!restored.ok) return fail(PitcherErrorCode.CRITICAL_ERROR, gitMessage(restored, 'git restore failed'));
  }
  if (untracked.length > 0) {
    const cleaned = await git.run(['--literal-pathspecs', 'clean', '-f', '-q', '--', ...untracked]);
    if (!cleaned.ok) return fail(PitcherErrorCode.CRITICAL_ERROR, gitMessage(cleaned, 'git clean failed'));
  }
  return done({ paths: selected.map((e) => e.path) });
}

const covers = (wanted: string, entry: StatusEntry): boolean =>
  changedPaths(entry).some((p) => p === wanted || p.startsWith(`${wanted}/`));
