import { Disposable } from '../../../../base/lifecycle';
import { NodeType } from '../../../../domain/fs/file-tree.types';
import { PathFilter, excludeFilter } from '../../../../domain/fs/path-glob';
import { dirname } from '../../../../domain/fs/workspace-path';
import { FsWatchEventParams, FsWatchEventType } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { WorkspaceContext } from '../workspace-context';
import { EntryChange } from '../workspace-tree';

/** How many watches one client may hold at once. */
export const MAX_WATCHES_PER_CLIENT = 256;

interface Watch {
  readonly id: string;
  readonly session: ClientSession;
  /** Workspace-relative path watched ('' = the workspace). */
  readonly root: string;
  readonly recursive: boolean;
  /** True for paths (relative to root) the client excluded. */
  readonly excluded: PathFilter;
}

type WatchEvent = { path: string; type: FsWatchEventType };

/**
 * fs/watch without a watcher per request: every watch filters the workspace's one stream of changes. Entries the
 * tree adds or removes (from disk, a client's fs/operation or a raw call) are 'add'/'remove'; other changed files
 * of a batch on disk are 'change'. Paths are workspace paths rooted at '/' (the workspace path of the join result).
 * Events go only to the client that asked, and a client's watches end with its connection.
 */
export class WatchHub {
  private readonly watches = new Map<string, Watch>();
  /** Paths reported as added or removed since the last batch of disk changes (not reported again as 'change'). */
  private readonly reported = new Set<string>();
  private readonly subscriptions: Disposable[];

  constructor(private readonly ctx: WorkspaceContext) {
    this.subscriptions = [
      ctx.tree.onDidChangeEntries((changes) => this.entriesChanged(changes)),
      ctx.onDidChangeFiles((paths) => this.filesChanged(paths)),
    ];
  }

  /** Adds a watch; undefined when the client holds too many. */
  watch(session: ClientSession, root: string, recursive: boolean, excludes: readonly string[]): string | undefined {
    let held = 0;
    for (const watch of this.watches.values()) if (watch.session === session) held++;
    if (held >= MAX_WATCHES_PER_CLIENT) return undefined;
    const id = this.ctx.newId();
    this.watches.set(id, { id, session, root, recursive, excluded: excludeFilter(excludes) });
    return id;
  }

  /** Ends a watch of this client; false when it has none by that id. */
  unwatch(session: ClientSession, watchId: string): boolean {
    const watch = this.watches.get(watchId);
    if (!watch || watch.session !== session) return false;
    this.watches.delete(watchId);
    return true;
  }

  get size(): number {
    return this.watches.size;
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
    this.watches.clear();
  }

  private entriesChanged(changes: readonly EntryChange[]): void {
    const events: WatchEvent[] = [];
    for (const change of changes) {
      this.reported.add(change.path);
      events.push({ path: change.path, type: change.kind });
    }
    this.deliver(events);
  }

  private filesChanged(paths: readonly string[]): void {
    const events: WatchEvent[] = [];
    for (const path of paths) {
      if (this.reported.has(path)) continue;
      if (this.ctx.tree.findByPath(path)?.type === NodeType.File) events.push({ path, type: 'change' });
    }
    this.reported.clear();
    this.deliver(events);
  }

  private deliver(events: readonly WatchEvent[]): void {
    if (events.length === 0 || this.watches.size === 0) return;
    for (const watch of [...this.watches.values()]) {
      if (!watch.session.active) {
        this.watches.delete(watch.id);
        continue;
      }
      const byType = new Map<FsWatchEventType, string[]>();
      for (const event of events) {
        if (!covers(watch, event.path)) continue;
        const paths = byType.get(event.type) ?? [];
        paths.push(`/${event.path}`);
        byType.set(event.type, paths);
      }
      if (byType.size === 0) continue;
      const params: FsWatchEventParams = { watchId: watch.id, events: [...byType].map(([type, paths]) => ({ paths, type })) };
      watch.session.notify('fs/watchEvent', params);
    }
  }
}

/** Whether a change at `path` concerns the watch: the root itself, its children, or (recursive) anything below. */
function covers(watch: Watch, path: string): boolean {
  const { root } = watch;
  let relative: string;
  if (path === root) relative = '';
  else if (root === '' || path.startsWith(`${root}/`)) relative = root === '' ? path : path.slice(root.length + 1);
  else return false;
  if (!watch.recursive && relative !== '' && dirname(path) !== root) return false;
  return !watch.excluded(relative);
}
