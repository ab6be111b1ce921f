import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, array, boolean, empty, integer, object, optional, string } from '../schema';

/** git/* messages (protocol.md §3 git; docs/protocol/git.md). */

/** A status letter of `git status` short format: '' unmodified, '?' untracked, 'U' updated but unmerged. */
export type GitStatusLetter = '' | 'M' | 'A' | 'D' | 'R' | 'C' | 'U' | '?';

export interface GitItem {
  /** Workspace-relative path ('src/App.js'). */
  path: string;
  index: GitStatusLetter;
  workingTree: GitStatusLetter;
  isStaged: boolean;
  isConflicted: boolean;
  /** The file's tree node id, when the tree has a node at this path. */
  fileId?: string;
  /** The path a staged rename or copy came from (Bullpen's addition to protocol.md's GitItem; docs/protocol/git.md). */
  oldPath?: string;
}

export interface GitBranchState {
  /** The branch's commit (full sha), null when there is no such branch. */
  head: string | null;
  /** Its name on the remote ('main'), null when there is none. */
  branch: string | null;
  /** Commits of HEAD it does not have… */
  ahead: number;
  /** …and its commits HEAD does not have. */
  behind: number;
  /** Pulling it would not conflict (a fast-forward or a clean merge). */
  safe: boolean;
}

export interface GitCommit {
  hash: string;
  /** ISO 8601 author date. */
  date: string;
  message: string;
  author: string;
}

export interface GitStatus {
  /** Changed files keyed by their tree node id (by path when the tree has no node for it). */
  changedFiles: Record<string, GitItem>;
  /** Files deleted from the working tree or the index. */
  deletedFiles: GitItem[];
  /** True while files are unmerged or pulling the upstream would conflict. */
  conflicts: boolean;
  /** True when the working tree or the index differs from HEAD. */
  localChanges: boolean;
  remote: GitBranchState;
  target: GitBranchState;
  /** HEAD's commit; absent before the first commit. */
  head?: string;
  /** Commits of HEAD not on the remote (newest first, at most 100). */
  commits: GitCommit[];
  /** The current branch; null on a detached HEAD; '' when the workspace is not a git repository. */
  branch: string | null;
  isMerging: boolean;
}

export interface GitRemotes {
  origin: string;
  upstream: string;
}

export interface GitTargetDiff {
  ahead: number;
  behind: number;
  commits: GitCommit[];
}

export interface GitLineRange {
  start: number;
  end: number;
}
export interface GitDiffHunk {
  original: GitLineRange;
  modified: GitLineRange;
}
export interface GitDiffStatusItem {
  status: GitStatusLetter;
  path: string;
  oldPath?: string;
  hunks: GitDiffHunk[];
}

export interface GitErrorInfo {
  code: number;
  message: string;
}

const ref = string({ nonEmpty: true, max: 1024 });
const path = string({ nonEmpty: true, max: 4096 });
const paths = optional(array(path, { max: 10_000 }));

export const gitTargetDiffParams = object({ branch: ref });
export type GitTargetDiffParams = Infer<typeof gitTargetDiffParams>;
export const gitPullParams = object({ branch: optional(ref), force: optional(boolean) });
export type GitPullParams = Infer<typeof gitPullParams>;
export const gitDiscardParams = object({ paths });
export type GitDiscardParams = Infer<typeof gitDiscardParams>;
export const gitCommitParams = object({ paths, message: string({ nonEmpty: true, max: 64 * 1024 }), push: optional(boolean) });
export type GitCommitParams = Infer<typeof gitCommitParams>;
export const gitPushToRemoteParams = object({ url: string({ nonEmpty: true, max: 4096 }), branch: ref, squashAllCommits: optional(boolean) });
export type GitPushToRemoteParams = Infer<typeof gitPushToRemoteParams>;
export const gitRenameBranchParams = object({ oldBranch: ref, newBranch: ref });
export type GitRenameBranchParams = Infer<typeof gitRenameBranchParams>;
export const gitRemoteContentParams = object({ reference: ref, path });
export type GitRemoteContentParams = Infer<typeof gitRemoteContentParams>;
export const gitDiffStatusParams = object({ base: ref, head: ref });
export type GitDiffStatusParams = Infer<typeof gitDiffStatusParams>;
export const gitTransposeLinesParams = array(object({ sha: ref, path, line: integer({ min: 1 }) }), { max: 10_000 });
export type GitTransposeLinesParams = Infer<typeof gitTransposeLinesParams>;

export interface GitRequests {
  'git/status': { params: Record<string, never>; result: GitStatus };
  'git/remotes': { params: Record<string, never>; result: GitRemotes };
  'git/targetDiff': { params: GitTargetDiffParams; result: GitTargetDiff };
  'git/pull': { params: GitPullParams; result: null };
  'git/discard': { params: GitDiscardParams; result: { paths?: string[] } };
  'git/commit': { params: GitCommitParams; result: { shellId: string } };
  'git/push': { params: Record<string, never>; result: null };
  'git/pushToRemote': { params: GitPushToRemoteParams; result: null };
  'git/renameBranch': { params: GitRenameBranchParams; result: null };
  'git/remoteContent': { params: GitRemoteContentParams; result: { content: string } };
  'git/diffStatus': { params: GitDiffStatusParams; result: { files: GitDiffStatusItem[] } };
  'git/resetLocalWithRemote': { params: Record<string, never>; result: null };
  'git/checkoutInitialBranch': { params: Record<string, never>; result: null };
  'git/transposeLines': { params: GitTransposeLinesParams; result: Array<{ path: string; line: number } | null> };
}

export interface GitNotifications {
  'git/status': GitStatus;
  'git/remotes': GitRemotes;
  'git/pullStarted': null;
  'git/pullFinished': null | { exitCode: 1; error: GitErrorInfo };
  'git/commitStarted': { shellId: string; message: string; paths?: string[] };
  'git/commitFinished': { exitCode: 0 | 1 };
  'git/renameBranch': { oldBranch: string; newBranch: string };
  'git/checkoutPrevented': { branch: string | null };
}

export const gitSchemas: RequestSchemas<GitRequests> = {
  'git/status': empty,
  'git/remotes': empty,
  'git/targetDiff': gitTargetDiffParams,
  'git/pull': gitPullParams,
  'git/discard': gitDiscardParams,
  'git/commit': gitCommitParams,
  'git/push': empty,
  'git/pushToRemote': gitPushToRemoteParams,
  'git/renameBranch': gitRenameBranchParams,
  'git/remoteContent': gitRemoteContentParams,
  'git/diffStatus': gitDiffStatusParams,
  'git/resetLocalWithRemote': empty,
  'git/checkoutInitialBranch': empty,
  'git/transposeLines': gitTransposeLinesParams,
};

/** Reading the repository needs the read permissions; everything that changes it or talks to a remote, write ones. */
export const gitPermissions: RequestPermissions<GitRequests> = {
  'git/status': ['git', 'status'],
  'git/remotes': ['git', 'remotes'],
  'git/targetDiff': ['git', 'diffStatus'],
  'git/pull': ['git', 'pull'],
  'git/discard': ['git', 'discard'],
  'git/commit': ['git', 'commit'],
  'git/push': ['git', 'push'],
  'git/pushToRemote': ['git', 'push'],
  'git/renameBranch': ['git', 'renameBranch'],
  'git/remoteContent': ['git', 'remoteContent'],
  'git/diffStatus': ['git', 'diffStatus'],
  'git/resetLocalWithRemote': ['git', 'pull'],
  'git/checkoutInitialBranch': ['git', 'pull'],
  'git/transposeLines': ['git', 'diffStatus'],
};
