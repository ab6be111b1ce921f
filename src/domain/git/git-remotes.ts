/** The URLs of the two remotes the clients know ('' when there is none). */
export interface RemoteUrls {
  origin: string;
  upstream: string;
}

/**
 * Parses `git config -z --get-regexp '^remote\..*\.url$'`: each record is the key, a newline and the value, ending
 * with NUL. The first URL of a remote counts.
 */
export function parseRemoteUrls(output: string): RemoteUrls {
  const urls = new Map<string, string>();
  for (const record of output.split('\0')) {
    const newline = record.indexOf('\n');
    if (newline < 0) continue;
    const m = /^remote\.(.+)\.url$/i.exec(record.slice(0, newline));
    if (m && !urls.has(m[1])) urls.set(m[1], record.slice(newline + 1));
  }
  return { origin: urls.get('origin') ?? '', upstream: urls.get('upstream') ?? '' };
}

/**
 * Whether the repository has a remote to pull from and push to: origin or upstream, or a branch HEAD tracks (on a
 * remote of another name; `upstreamBranch` is the status's `remote.branch`). Without one, source control offers no
 * pull or push and no counts of commits to pull and push (a count of commits to push nowhere misleads). While the
 * remotes are not known yet, there is none.
 */
export function hasRemote(remotes: RemoteUrls | undefined, upstreamBranch: string | null | undefined): boolean {
  return Boolean(remotes?.origin || remotes?.upstream || upstreamBranch);
}
