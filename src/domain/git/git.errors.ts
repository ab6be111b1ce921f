/** The user-facing texts of git/* failures (docs/protocol/git.md). */
export const gitErrors = {
  operationInProgress: 'Another git operation is in progress, try again later.',
  notARepository: 'The workspace is not a git repository',
  noRemote: (name: string) => `The repository has no remote named ${name}`,
  detachedHead: 'HEAD is detached: check out a branch first',
  invalidBranchName: (name: string) => `Invalid branch name: ${name}`,
  invalidRevision: (rev: string) => `Invalid revision: ${rev}`,
  invalidUrl: (url: string) => `Invalid remote URL: ${url}`,
  unknownRevision: (rev: string) => `Unknown revision: ${rev}`,
  remoteFileNotFound: (reference: string, path: string) => `File ${path} not found at ${reference}`,
  pullConflict: (paths: readonly string[]) => `Pulling led to conflicts in: ${paths.join(', ')}`,
  noInitialBranch: 'The initial branch of this workspace is not known',
} as const;
