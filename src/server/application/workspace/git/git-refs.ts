import { GitRunner } from './git-runner';

/** Small questions about the repository that several operations ask. */

/** The current branch; undefined on a detached HEAD (or outside a repository). */
export async function currentBranch(git: GitRunner): Promise<string | undefined> {
  const r = await git.run(['symbolic-ref', '-q', '--short', 'HEAD']);
  const name = r.stdout.trim();
  return r.ok && name !== '' ? name : undefined;
}

export interface Upstream {
  /** The remote's name ('origin'). */
  remote: string;
  /** The branch's name on the remote ('main'). */
  branch: string;
}

/** The current branch (undefined when HEAD is detached) and its upstream, in one `git for-each-ref`. */
export async function headBranch(git: GitRunner): Promise<{ branch: string | undefined; upstream: Upstream | undefined }> {
  const r = await git.run(['for-each-ref', '--format=%(HEAD)%00%(refname)%00%(upstream:remotename)%00%(upstream:remoteref)', 'refs/heads/']);
  const line = r.ok ? r.stdout.split('\n').find((l) => l.startsWith('*\0')) : undefined;
  if (!line) return { branch: undefined, upstream: undefined };
  const [, ref, remote, remoteRef] = line.split('\0');
  const upstream = remote && remote !== '.' && remoteRef?.startsWith('refs/heads/') ? { remote, branch: remoteRef.slice('refs/heads/'.length) } : undefined;
  return { branch: ref.replace(/^refs\/heads\//, ''), upstream };
}

export async function hasRemote(git: GitRunner, name: string): Promise<boolean> {
  return (await git.run(['remote', 'get-url', '--', name])).ok;
}

/** Whether a full ref name (refs/heads/x, refs/remotes/origin/x) exists. */
export async function refExists(git: GitRunner, ref: string): Promise<boolean> {
  return (await git.run(['show-ref', '--verify', '-q', ref])).ok;
}

/** The commit a revision names, when it names one. */
export async function commitOf(git: GitRunner, rev: string): Promise<string | undefined> {
  const r = await git.run(['rev-parse', '-q', '--verify', `${rev}^{commit}`]);
  return r.ok ? r.stdout.trim() : undefined;
}

/** Paths left unmerged (by a pull that conflicted). */
export async function unmergedPaths(git: GitRunner): Promise<string[]> {
  const r = await git.run(['diff', '--name-only', '--diff-filter=U', '-z']);
  return r.ok ? r.stdout.split('\0').filter((p) => p !== '') : [];
}
