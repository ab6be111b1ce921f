import { GitBranchState, GitCommit, GitStatus, assembleGitStatus, emptyGitStatus, noBranch } from '../../../../domain/git/git-status';
import { LOG_FORMAT, parseLog } from '../../../../domain/git/git-log';
import { RemoteUrls, parseRemoteUrls } from '../../../../domain/git/git-remotes';
import { PorcelainStatus, parsePorcelainV2 } from '../../../../domain/git/porcelain-status';
import { GitOutcome, GitRunner, gitMessage } from './git-runner';

/** At most this many commits of HEAD not on the remote are listed in the status. */
export const MAX_STATUS_COMMITS = 100;

export interface GitState {
  status: GitStatus;
  remotes: RemoteUrls;
}

/** The remote-tracking refs: full name → commit, and where refs/remotes/<remote>/HEAD points. */
interface RemoteRefs {
  commits: Map<string, string>;
  symrefs: Map<string, string>;
}

/** Thrown when git fails for another reason than "not a repository". */
export class GitReadError extends Error {}

const NO_REMOTES: RemoteUrls = { origin: '', upstream: '' };

/**
 * `git status` as the status and discard read it: NUL-separated porcelain v2, every untracked file, and staged copies
 * detected (C; from files changed in the same change only, so it costs no search of the tree) whatever the user's
 * git configuration says, so both see the same entries.
 */
export const STATUS_ARGS: readonly string[] = ['--no-optional-locks', '-c', 'status.renames=copies', 'status', '--porcelain=v2', '-z', '--untracked-files=all'];

/**
 * Reads the whole status: changed paths and branch headers (`git status --porcelain=v2 --branch -z`), whether a merge
 * is in progress, the remotes, and HEAD against its upstream and against the target branch (origin's default
 * branch). A workspace that is not a repository has the empty status.
 */
export async function readGitState(git: GitRunner, fileIdOf: (path: string) => string | undefined): Promise<GitState> {
  const [statusRun, merging, remotesRun, refsRun] = await Promise.all([
    git.run([...STATUS_ARGS, '--branch']),
    git.run(['rev-parse', '-q', '--verify', 'MERGE_HEAD']),
    git.run(['config', '-z', '--get-regexp', '^remote\\..*\\.url$']),
    git.run(['for-each-ref', '--format=%(refname)%00%(objectname)%00%(symref)', 'refs/remotes/']),
  ]);
  if (!statusRun.ok) {
    if (isNotARepository(statusRun)) return { status: emptyGitStatus(), remotes: NO_REMOTES };
    throw new GitReadError(gitMessage(statusRun, 'git status failed'));
  }
  const parsed = parsePorcelainV2(statusRun.stdout);
  if (!parsed.ok) throw new GitReadError(parsed.error);
  const porcelain = parsed.value;
  const remotes = remotesRun.ok ? parseRemoteUrls(remotesRun.stdout) : NO_REMOTES;
  const refs = parseRemoteRefs(refsRun.ok ? refsRun.stdout : '');
  const upstream = upstreamState(git, porcelain, refs);
  const [commits, remote, target] = await Promise.all([unpushedCommits(git, porcelain, refs), upstream, targetState(git, porcelain, refs, upstream)]);
  if (porcelain.branch.upstream === undefined && porcelain.branch.oid !== undefined) remote.ahead = await countUnpushed(git, commits);
  const status = assembleGitStatus({ porcelain, isMerging: merging.ok, remote, target, commits }, fileIdOf);
  return { status, remotes };
}

export function isNotARepository(outcome: GitOutcome): boolean {
  return /not a git repository/i.test(outcome.stderr);
}

function parseRemoteRefs(output: string): RemoteRefs {
  const commits = new Map<string, string>();
  const symrefs = new Map<string, string>();
  for (const line of output.split('\n')) {
    const [name, commit, symref] = line.split('\0');
    if (!name || !commit) continue;
    commits.set(name, commit);
    if (symref) symrefs.set(name, symref);
  }
  return { commits, symrefs };
}

/** HEAD against its upstream; with none, `ahead` is filled in from the commits on no remote (countUnpushed). */
async function upstreamState(git: GitRunner, porcelain: PorcelainStatus, refs: RemoteRefs): Promise<GitBranchState> {
  const { upstream, ahead, behind } = porcelain.branch;
  if (upstream === undefined) return noBranch();
  const ref = `refs/remotes/${upstream}`;
  const head = refs.commits.get(ref) ?? null;
  const safe = head === null ? true : await mergesCleanly(git, ahead, behind, ref);
  return { head, branch: branchName(upstream), ahead, behind, safe };
}

/** What a push would send without an upstream: the listed commits, counted by git only when the list is cut short. */
async function countUnpushed(git: GitRunner, listed: readonly GitCommit[]): Promise<number> {
  if (listed.length < MAX_STATUS_COMMITS) return listed.length;
  const count = await git.run(['rev-list', '--count', 'HEAD', '--not', '--remotes']);
  return count.ok ? Number(count.stdout.trim()) || listed.length : listed.length;
}

/** HEAD against origin's default branch (refs/remotes/origin/HEAD, else origin/main or origin/master). */
async function targetState(git: GitRunner, porcelain: PorcelainStatus, refs: RemoteRefs, upstream: Promise<GitBranchState>): Promise<GitBranchState> {
  const ref =
    refs.symrefs.get('refs/remotes/origin/HEAD') ??
    ['refs/remotes/origin/main', 'refs/remotes/origin/master'].find((r) => refs.commits.has(r));
  const head = ref === undefined ? undefined : refs.commits.get(ref);
  if (ref === undefined || head === undefined || porcelain.branch.oid === undefined) return noBranch();
  const branch = ref.replace(/^refs\/remotes\/origin\//, '');
  if (porcelain.branch.upstream !== undefined && `refs/remotes/${porcelain.branch.upstream}` === ref) return { ...(await upstream), branch };
  const counts = await git.run(['rev-list', '--left-right', '--count', `HEAD...${ref}`]);
  const [ahead, behind] = counts.ok ? counts.stdout.trim().split(/\s+/).map((n) => Number(n) || 0) : [0, 0];
  return { head, branch, ahead, behind, safe: await mergesCleanly(git, ahead, behind, ref) };
}

/** A fast-forward either way is safe; diverged branches are merged in memory (`git merge-tree`) to see. */
async function mergesCleanly(git: GitRunner, ahead: number, behind: number, ref: string): Promise<boolean> {
  if (ahead === 0 || behind === 0) return true;
  const merged = await git.run(['merge-tree', '--write-tree', '--no-messages', 'HEAD', ref]);
  return merged.exitCode !== 1;
}

/** The commits a push would send (newest first), at most MAX_STATUS_COMMITS. */
async function unpushedCommits(git: GitRunner, porcelain: PorcelainStatus, refs: RemoteRefs): Promise<GitCommit[]> {
  const { oid, upstream, ahead } = porcelain.branch;
  if (oid === undefined) return [];
  const range =
    upstream !== undefined && refs.commits.has(`refs/remotes/${upstream}`)
      ? ahead === 0
        ? undefined
        : [`refs/remotes/${upstream}..HEAD`]
      : ['HEAD', '--not', '--remotes'];
  if (range === undefined) return [];
  const log = await git.run(['log', '-z', `--format=${LOG_FORMAT}`, `--max-count=${MAX_STATUS_COMMITS}`, ...range]);
  return log.ok ? parseLog(log.stdout) : [];
}

/** 'origin/feature/x' → 'feature/x'. */
const branchName = (upstream: string): string => upstream.slice(upstream.indexOf('/') + 1);
