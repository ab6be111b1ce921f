import { DiffFile, parseNameStatus } from '../../../../domain/git/diff-files';
import { DiffHunk, parseUnifiedDiff } from '../../../../domain/git/diff-hunks';
import { GitCommit } from '../../../../domain/git/git-status';
import { LOG_FORMAT, parseLog } from '../../../../domain/git/git-log';
import { gitErrors } from '../../../../domain/git/git.errors';
import { transposeLine } from '../../../../domain/git/line-transpose';
import { isSafeRevision, isValidBranchName } from '../../../../domain/git/ref-names';
import { normalizeWorkspacePath } from '../../../../domain/fs/workspace-path';
import { PitcherErrorCode } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';
import { GIT_NETWORK_TIMEOUT_MS, GitRunner, gitMessage } from './git-runner';
import { commitOf, refExists } from './git-refs';
import { MAX_STATUS_COMMITS } from './git-status-reader';

export interface DiffStatusFile extends DiffFile {
  hunks: DiffHunk[];
}

const DIFF_OPTIONS = ['-M', '--no-color', '--no-ext-diff', '--no-textconv'];

/**
 * The files that differ between two trees and their hunks. `to` is a revision, or undefined for the working tree.
 * Two runs with the same options (names, then a -U0 patch) list the files in the same order, so the patch's sections
 * are matched to the names by position.
 */
async function diffFiles(git: GitRunner, from: string, to: string | undefined): Promise<HandlerResult<DiffStatusFile[]>> {
  const revisions = to === undefined ? [from] : [from, to];
  const [names, patch] = await Promise.all([
    git.run(['diff', ...DIFF_OPTIONS, '--name-status', '-z', ...revisions, '--']),
    git.run(['diff', ...DIFF_OPTIONS, '-U0', ...revisions, '--']),
  ]);
  if (!names.ok || !patch.ok) {
    const failed = names.ok ? patch : names;
    return fail(PitcherErrorCode.INVALID_PARAMS, gitMessage(failed, `git diff ${revisions.join(' ')} failed`));
  }
  const files = parseNameStatus(names.stdout);
  const sections = parseUnifiedDiff(patch.stdout);
  const matched = sections.length === files.length;
  return done(files.map((file, i) => ({ ...file, hunks: matched ? sections[i] : [] })));
}

/** git/diffStatus: like `git diff base..head` (renames detected): status letter, paths and line hunks per file. */
export async function diffStatus(git: GitRunner, base: string, head: string): Promise<HandlerResult<{ files: DiffStatusFile[] }>> {
  for (const rev of [base, head]) {
    if (!isSafeRevision(rev)) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidRevision(rev));
    if ((await commitOf(git, rev)) === undefined) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.unknownRevision(rev));
  }
  const files = await diffFiles(git, base, head);
  return files.ok ? done({ files: files.value }) : files;
}

/**
 * git/targetDiff: HEAD against `branch` — origin's copy (fetched first when origin exists; a failed fetch falls back
 * to what was fetched before), else the local branch. ahead/behind count commits; `commits` are HEAD's commits the
 * branch lacks (newest first, at most 100).
 */
export async function targetDiff(git: GitRunner, branch: string): Promise<HandlerResult<{ ahead: number; behind: number; commits: GitCommit[] }>> {
  if (!isValidBranchName(branch)) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidBranchName(branch));
  await git.run(['fetch', '--no-tags', '--', 'origin', `refs/heads/${branch}`], { timeoutMs: GIT_NETWORK_TIMEOUT_MS });
  const candidates = [`refs/remotes/origin/${branch}`, `refs/heads/${branch}`];
  let ref: string | undefined;
  for (const candidate of candidates) {
    if (await refExists(git, candidate)) {
      ref = candidate;
      break;
    }
  }
  if (ref === undefined) return fail(PitcherErrorCode.GIT_FETCH_FAIL, gitErrors.unknownRevision(branch));
  const [counts, log] = await Promise.all([
    git.run(['rev-list', '--left-right', '--count', `HEAD...${ref}`]),
    git.run(['log', '-z', `--format=${LOG_FORMAT}`, `--max-count=${MAX_STATUS_COMMITS}`, 'HEAD', '--not', ref]),
  ]);
  if (!counts.ok) return fail(PitcherErrorCode.GIT_FETCH_FAIL, gitMessage(counts, 'git rev-list failed'));
  const [ahead, behind] = counts.stdout.trim().split(/\s+/).map((n) => Number(n) || 0);
  return done({ ahead, behind, commits: log.ok ? parseLog(log.stdout) : [] });
}

/**
 * git/remoteContent: a file's text at a reference — origin's branch of that name when there is one, else the
 * reference itself (a local branch, tag or commit). 404 GIT_REMOTE_FILE_NOT_FOUND when it has no such file.
 */
export async function remoteContent(git: GitRunner, reference: string, path: string): Promise<HandlerResult<{ content: string }>> {
  if (!isSafeRevision(reference)) return fail(PitcherErrorCode.INVALID_PARAMS, gitErrors.invalidRevision(reference));
  const normalized = normalizeWorkspacePath(path);
  if (!normalized.ok || normalized.value === '') return fail(PitcherErrorCode.INVALID_PATH, `Invalid path: ${path}`);
  const remote = `refs/remotes/origin/${reference}`;
  const rev = isValidBranchName(reference) && (await refExists(git, remote)) ? remote : reference;
  const blob = await git.run(['cat-file', 'blob', `${rev}:${normalized.value}`]);
  if (!blob.ok) return fail(PitcherErrorCode.GIT_REMOTE_FILE_NOT_FOUND, gitErrors.remoteFileNotFound(reference, normalized.value));
  return done({ content: blob.stdout });
}

export interface LineAt {
  sha: string;
  path: string;
  line: number;
}

/**
 * git/transposeLines: where each line of a file at a commit is in the working tree now. The file is followed
 * through renames (commit against working tree, renames detected); the line moves by the hunks before it. null for
 * a line that was changed or deleted since, a file deleted since, or a path or commit that does not exist.
 */
export async function transposeLines(git: GitRunner, lines: readonly LineAt[]): Promise<HandlerResult<Array<{ path: string; line: number } | null>>> {
  const diffs = new Map<string, Promise<HandlerResult<DiffStatusFile[]> | undefined>>();
  const diffFrom = (sha: string) => {
    let diff = diffs.get(sha);
    if (!diff) {
      diff = isSafeRevision(sha) ? commitOf(git, sha).then((commit) => (commit ? diffFiles(git, commit, undefined) : undefined)) : Promise.resolve(undefined);
      diffs.set(sha, diff);
    }
    return diff;
  };
  const out: Array<{ path: string; line: number } | null> = [];
  for (const { sha, path, line } of lines) {
    const normalized = normalizeWorkspacePath(path);
    const diff = await diffFrom(sha);
    if (diff && !diff.ok) return fail(PitcherErrorCode.GIT_TRANSPOSE_LINES_FAIL, diff.error.message);
    if (!diff || !normalized.ok) {
      out.push(null);
      continue;
    }
    out.push(await transposeOne(git, sha, normalized.value, line, diff.value));
  }
  return done(out);
}

async function transposeOne(git: GitRunner, sha: string, path: string, line: number, files: DiffStatusFile[]): Promise<{ path: string; line: number } | null> {
  const file = files.find((f) => (f.oldPath ?? f.path) === path && f.status !== 'A');
  if (!file) {
    const existed = await git.run(['cat-file', '-e', `${sha}:${path}`]);
    return existed.ok ? { path, line } : null;
  }
  if (file.status === 'D') return null;
  const moved = transposeLine(file.hunks, line);
  return moved === undefined ? null : { path: file.path, line: moved };
}
