import { Event } from '../../../base/event';
import { Disposable } from '../../../base/lifecycle';

/** Watches one workspace directory on disk for changes made by any program (terminals, tasks, git, editors). */
export const WorkspaceWatcherFactory = Symbol('WorkspaceWatcherFactory');
export type WorkspaceWatcherFactory = (rootDir: string) => WorkspaceWatcher;

export interface WorkspaceWatcher extends Disposable {
  /**
   * Batches of workspace-relative POSIX paths ('src/App.js'; '' never) whose entry may have changed: created, deleted,
   * modified, renamed from or to, or (for a directory) whose listing changed. Order inside a batch is not meaningful;
   * a path appears at most once per batch.
   */
  readonly onDidChange: Event<string[]>;
  /** Fires when the watcher had to give up on precise events (e.g. inotify watch limit reached, or an overflow); the consumer should rescan. */
  readonly onDidLoseTrack: Event<void>;
  /** Starts watching; resolves once every watched directory has a watch, so later changes are seen. */
  start(): Promise<void>;
}
