import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Emitter } from '../../../base/event';
import { GitMetadataWatch } from '../../application/workspace/git/git-metadata-watch';
import { BatchTimer } from './batch-timer';
import { WatchFunction } from './directory-watcher';

/** Entries of `.git` itself the status depends on (the rest — objects, hooks, lock files — is ignored). */
const GIT_DIR_ENTRIES = new Set(['HEAD', 'index', 'MERGE_HEAD', 'packed-refs', 'FETCH_HEAD', 'ORIG_HEAD', 'config', 'refs', 'logs']);
/** Entries of `.git` whose appearance means more directories to watch. */
const REARMING_ENTRIES = new Set(['refs', 'logs']);

interface DirWatch {
  watcher: fs.FSWatcher;
  /** Identity of the directory watched: a replaced one (rm -rf .git; git init) is watched anew. */
  dev: number;
  ino: number;
}

const defaultWatch: WatchFunction = (absDir, listener) => fs.watch(absDir, { persistent: false }, listener);

/**
 * GitMetadataWatch over a handful of non-recursive fs.watch calls: `.git`, `.git/refs/heads`, `.git/logs` (HEAD's
 * reflog moves with every commit, whatever the branch is called), `.git/refs/remotes` and each remote's directory.
 * Events are gathered for 50 ms (at most 200 ms) and fire once. Directories that do not exist yet are watched when
 * start() is called again (the workspace does when its watcher reports `.git`, and this watcher when `.git` gets a
 * `refs` or `logs` entry or a new remote).
 */
export class NodeGitMetadataWatcher implements GitMetadataWatch {
  private readonly emitter = new Emitter<void>();
  readonly onDidChange = this.emitter.event;
  private readonly watches = new Map<string, DirWatch>();
  private readonly timer = new BatchTimer(50, 200, () => this.emitter.fire());
  /** start() calls run one after the other. */
  private arming: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly rootDir: string,
    private readonly watchFn: WatchFunction = defaultWatch,
  ) {}

  start(): Promise<void> {
    this.arming = this.arming.then(() => this.arm()).catch(() => undefined);
    return this.arming;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const { watcher } of this.watches.values()) watcher.close();
    this.watches.clear();
    this.timer.dispose();
    this.emitter.dispose();
  }

  /** The directories watched now (workspace-relative), for tests. */
  watchedDirectories(): string[] {
    return [...this.watches.keys()].sort();
  }

  private async arm(): Promise<void> {
    const remotes = await fsp.readdir(this.abs('.git/refs/remotes'), { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
    const wanted = ['.git', '.git/refs/heads', '.git/logs', '.git/refs/remotes', ...remotes.filter((e) => e.isDirectory()).map((e) => `.git/refs/remotes/${e.name}`)];
    for (const dir of [...this.watches.keys()]) if (!wanted.includes(dir)) this.unwatch(dir);
    for (const dir of wanted) await this.ensureWatch(dir);
  }

  private async ensureWatch(dir: string): Promise<void> {
    const stat = await fsp.lstat(this.abs(dir)).catch(() => undefined);
    if (this.disposed) return;
    const existing = this.watches.get(dir);
    if (existing && stat && existing.dev === stat.dev && existing.ino === stat.ino) return;
    if (existing) this.unwatch(dir);
    if (!stat?.isDirectory()) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = this.watchFn(this.abs(dir), (_event, name) => this.onEvent(dir, name === null ? null : String(name)));
    } catch {
      return; // gone meanwhile, or a watch limit: the status is still read on the next request or change on disk
    }
    watcher.on('error', () => {
      if (this.watches.get(dir)?.watcher === watcher) this.unwatch(dir);
    });
    this.watches.set(dir, { watcher, dev: stat.dev, ino: stat.ino });
  }

  private unwatch(dir: string): void {
    this.watches.get(dir)?.watcher.close();
    this.watches.delete(dir);
  }

  private onEvent(dir: string, name: string | null): void {
    if (this.disposed) return;
    if (name !== null && name.endsWith('.lock')) return;
    if (dir === '.git') {
      if (name !== null && !GIT_DIR_ENTRIES.has(name)) return;
      if (name === null || REARMING_ENTRIES.has(name)) void this.start();
    } else if (dir === '.git/logs') {
      if (name !== 'HEAD') return;
    } else if (dir === '.git/refs/remotes') {
      void this.start();
    }
    this.timer.poke();
  }

  private abs(rel: string): string {
    return path.join(this.rootDir, rel);
  }
}
