import { PorcelainStatus, StatusEntry } from './porcelain-status';
import { GitStatusLetter } from './status-letter';

/** One changed file of the status (the wire's GitItem). */
export interface GitItem {
  path: string;
  index: GitStatusLetter;
  workingTree: GitStatusLetter;
  isStaged: boolean;
  isConflicted: boolean;
  fileId?: string;
  /** The path a staged rename or copy came from (a Bullpen addition to protocol.md's GitItem; others ignore it). */
  oldPath?: string;
}

/** Where HEAD stands against another branch (the upstream, or the target a change would be merged into). */
export interface GitBranchState {
  head: string | null;
  branch: string | null;
  ahead: number;
  behind: number;
  safe: boolean;
}

export interface GitCommit {
  hash: string;
  date: string;
  message: string;
  author: string;
}

/** The repository as the clients see it (the wire's GitStatus, docs/protocol/git.md). */
export interface GitStatus {
  changedFiles: Record<string, GitItem>;
  deletedFiles: GitItem[];
  conflicts: boolean;
  localChanges: boolean;
  remote: GitBranchState;
  target: GitBranchState;
  head?: string;
  commits: GitCommit[];
  branch: string | null;
  isMerging: boolean;
}

/** No such branch: nothing to pull, nothing in the way. */
export const noBranch = (): GitBranchState => ({ head: null, branch: null, ahead: 0, behind: 0, safe: true });

/** The status of a workspace that is not a git repository: branch '', no changes. */
export function emptyGitStatus(): GitStatus {
  return {
    changedFiles: {},
    deletedFiles: [],
    conflicts: false,
    localChanges: false,
    remote: noBranch(),
    target: noBranch(),
    commits: [],
    branch: '',
    isMerging: false,
  };
}

/** What the status is made of, besides the changed paths. */
export interface StatusFacts {
  porcelain: PorcelainStatus;
  isMerging: boolean;
  remote: GitBranchState;
  target: GitBranchState;
  commits: GitCommit[];
}

/**
 * The most changed and deleted files a status lists (VS Code's git.statusLimit): a workspace with a hundred thousand
 * untracked files would otherwise send, and every client render, a status of that size after every change. The
 * conflicted files are always listed; `localChanges` counts them all. A client that gets this many knows the list
 * was cut (isStatusCut).
 */
export const MAX_STATUS_CHANGES = 10_000;

/** Whether a status lists as many files as a status may: some changes were left out of it. */
export function isStatusCut(status: Pick<GitStatus, 'changedFiles' | 'deletedFiles'>): boolean {
  return Object.keys(status.changedFiles).length + status.deletedFiles.length >= MAX_STATUS_CHANGES;
}

/**
 * Puts the status together. A changed file is keyed by its tree node id (by its path when the tree has no node for
 * it, e.g. inside node_modules); a file deleted from the working tree (or only from the index) goes to deletedFiles.
 * Unmerged files are conflicted, never staged. `conflicts` is true while a file is unmerged or when pulling the
 * upstream would conflict (remote.safe false). At most MAX_STATUS_CHANGES files are listed, conflicted ones first.
 */
export function assembleGitStatus(facts: StatusFacts, fileIdOf: (path: string) => string | undefined): GitStatus {
  const changedFiles: Record<string, GitItem> = {};
  const deletedFiles: GitItem[] = [];
  const entries = facts.porcelain.entries;
  const listed = entries.length <= MAX_STATUS_CHANGES ? entries : [...entries.filter((e) => e.kind === 'unmerged'), ...entries.filter((e) => e.kind !== 'unmerged')];
  let room = Math.max(MAX_STATUS_CHANGES, listed.filter((e) => e.kind === 'unmerged').length);
  for (const entry of listed) {
    if (room-- <= 0) break;
    const item = itemOf(entry);
    if (isDeleted(entry)) {
      deletedFiles.push(item);
      continue;
    }
    const fileId = fileIdOf(entry.path);
    if (fileId !== undefined) item.fileId = fileId;
    changedFiles[fileId ?? entry.path] = item;
  }
  const conflicted = facts.porcelain.entries.some((e) => e.kind === 'unmerged');
  const { oid, head } = facts.porcelain.branch;
  return {
    changedFiles,
    deletedFiles,
    conflicts: conflicted || !facts.remote.safe,
    localChanges: facts.porcelain.entries.length > 0,
    remote: facts.remote,
    target: facts.target,
    ...(oid !== undefined ? { head: oid } : {}),
    commits: facts.commits,
    branch: head ?? null,
    isMerging: facts.isMerging,
  };
}

function itemOf(entry: StatusEntry): GitItem {
  const isConflicted = entry.kind === 'unmerged';
  const isStaged = !isConflicted && entry.index !== '' && entry.index !== '?';
  const item: GitItem = { path: entry.path, index: entry.index, workingTree: entry.workingTree, isStaged, isConflicted };
  if (entry.originalPath !== undefined) item.oldPath = entry.originalPath;
  return item;
}

function isDeleted(entry: StatusEntry): boolean {
  if (entry.kind === 'unmerged') return false;
  return entry.workingTree === 'D' || (entry.index === 'D' && entry.workingTree === '');
}
