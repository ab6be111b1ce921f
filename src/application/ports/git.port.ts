import { Event } from '../../base/event';
import { GitCommit, GitStatus } from '../../domain/git/git-status';
import { PortError, PortErrorKind } from './port-error';

/** The workspace's git repository (spec 002 §4 "Git operations", protocol.md §3 git). */
export const GitPort = Symbol('GitPort');

export interface GitRemotes {
  origin: string;
  upstream: string;
}

export interface GitTargetDiff {
  ahead: number;
  behind: number;
  commits: GitCommit[];
}

export interface GitDiffFile {
  status: string;
  path: string;
  oldPath?: string;
  hunks: Array<{ original: { start: number; end: number }; modified: { start: number; end: number } }>;
}

export interface GitCommitStarted {
  shellId: string;
  message: string;
  paths?: string[];
}

/** A line of a file at a commit (git/transposeLines asks where it is now). */
export interface GitLineAtCommit {
  sha: string;
  path: string;
  /** 1-based. */
  line: number;
}

/** A line of a file in the working tree. */
export interface GitLinePosition {
  path: string;
  line: number;
}

/** Why a git request failed, beyond the transport: 'locked' is GIT_OPERATION_IN_PROGRESS. */
export type GitFailure =
  | 'locked'
  | 'pull-conflict'
  | 'pull-failed'
  | 'push-failed'
  | 'fetch-failed'
  | 'remote-file-not-found'
  | 'transpose-failed'
  | 'failed';

export class GitPortError extends PortError {
  constructor(
    readonly failure: GitFailure,
    message: string,
    code?: number,
    kind: PortErrorKind = 'rejected',
  ) {
    super(kind, message, code);
    this.name = 'GitPortError';
  }
}

export interface GitPort {
  readonly onDidChangeStatus: Event<GitStatus>;
  readonly onDidChangeRemotes: Event<GitRemotes>;
  readonly onDidStartPull: Event<void>;
  /** `error` is the failure's message; absent when the pull succeeded. */
  readonly onDidFinishPull: Event<{ error?: string }>;
  readonly onDidStartCommit: Event<GitCommitStarted>;
  readonly onDidFinishCommit: Event<{ exitCode: number }>;
  readonly onDidRenameBranch: Event<{ oldBranch: string; newBranch: string }>;
  readonly onDidPreventCheckout: Event<{ branch: string | null }>;
  status(): Promise<GitStatus>;
  remotes(): Promise<GitRemotes>;
  pull(options?: { branch?: string; force?: boolean }): Promise<void>;
  commit(message: string, options?: { paths?: string[]; push?: boolean }): Promise<{ shellId: string }>;
  push(): Promise<void>;
  /**
   * git/pushToRemote: HEAD to `refs/heads/<branch>` of any URL, the workspace's remotes unchanged;
   * `squashAllCommits`: one root commit "Initial commit" with HEAD's files instead of the history.
   */
  pushToRemote(url: string, branch: string, options?: { squashAllCommits?: boolean }): Promise<void>;
  discard(paths?: string[]): Promise<{ paths?: string[] }>;
  renameBranch(oldBranch: string, newBranch: string): Promise<void>;
  targetDiff(branch: string): Promise<GitTargetDiff>;
  diffStatus(base: string, head: string): Promise<GitDiffFile[]>;
  remoteContent(reference: string, path: string): Promise<string>;
  resetLocalWithRemote(): Promise<void>;
  checkoutInitialBranch(): Promise<void>;
  /**
   * git/transposeLines: where each line (of a file at a commit) is in the working tree now; undefined for a line
   * changed or deleted since, a file deleted since, or an unknown commit or path.
   */
  transposeLines(lines: readonly GitLineAtCommit[]): Promise<Array<GitLinePosition | undefined>>;
}
