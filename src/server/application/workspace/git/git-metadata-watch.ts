import { Event } from '../../../../base/event';
import { Disposable } from '../../../../base/lifecycle';

/**
 * Watches the few entries of a workspace's `.git` that its status depends on — HEAD, the index, the branch refs,
 * MERGE_HEAD, packed-refs, FETCH_HEAD, the config (remotes), HEAD's reflog and the remote-tracking refs — so that a
 * commit, checkout, reset or `git add` typed in a terminal (which change only `.git`, which the workspace watcher
 * skips) reaches the clients' git status. Never recursive: a few directory watches per workspace.
 */
export interface GitMetadataWatch extends Disposable {
  /** Something the status may depend on changed (changes close together fire once). */
  readonly onDidChange: Event<void>;
  /** Watches what exists now; call again after `.git` appeared or was replaced (idempotent, cheap). */
  start(): Promise<void>;
}

/** A GitMetadataWatch for the repository at a workspace root (absent: `.git` is not watched). */
export type GitMetadataWatchFactory = (rootDir: string) => GitMetadataWatch;
