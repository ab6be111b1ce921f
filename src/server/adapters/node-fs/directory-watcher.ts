import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Emitter } from '../../../base/event';
import { isListedOnDemand } from '../../../domain/fs/listing-rules';
import { WorkspaceWatcher } from '../../application/ports/workspace-watcher.port';
import { BatchTimer } from './batch-timer';

/** Directories reported as entries in their parent but never descended into or watched. */
const notDescended = (name: string): boolean => name === '.git' || isListedOnDemand(name);
/** fs.watch failures that mean a kernel limit (inotify watches, file descriptors), not a vanished directory. */
const LIMIT_ERRORS = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);
/** Directories being watched and listed at once, so a big walk leaves the libuv thread pool to other file work. */
const WALK_CONCURRENCY = 8;

/** Creates one non-recursive watch on an absolute directory path. */
export type WatchFunction = (absDir: string, listener: (eventType: string, filename: string | null) => void) => fs.FSWatcher;

export interface NodeDirectoryWatcherOptions {
  /** Names (at any depth) that are never reported nor descended into, e.g. the server's own temp files. */
  isIgnoredName?: (name: string) => boolean;
  /** A batch fires after this long without new paths (default 25 ms)… */
  quietMs?: number;
  /** …but never later than this after its first path (default 100 ms). */
  maxDelayMs?: number;
  /** Replaces fs.watch, for tests that simulate failures. */
  watch?: WatchFunction;
}

interface Watch {
  readonly watcher: fs.FSWatcher;
  /** The event count when this watch started to be set up: it already reflects every event numbered up to this. */
  readonly since: number;
}

const defaultWatch: WatchFunction = (absDir, listener) => fs.watch(absDir, { persistent: false }, listener);

/**
 * WorkspaceWatcher over one non-recursive fs.watch (inotify on Linux) per directory. Directories appear and vanish
 * as events name them: a new one is watched and walked (reporting what it already holds), a vanished one loses its
 * watches and those below it. Symlinks are reported as entries and never followed.
 */
export class NodeDirectoryWatcher implements WorkspaceWatcher {
  private readonly changeEmitter = new Emitter<string[]>();
  private readonly lossEmitter = new Emitter<void>();
  readonly onDidChange = this.changeEmitter.event;
  readonly onDidLoseTrack = this.lossEmitter.event;

  private readonly root: string;
  private readonly isIgnoredName: (name: string) => boolean;
  private readonly watchFn: WatchFunction;
  private readonly watches = new Map<string, Watch>();
  private readonly changed = new Set<string>();
  private readonly changeTimer: BatchTimer;
  private readonly lossTimer: BatchTimer;
  private lost = false;
  private readonly limiter = new Limiter(WALK_CONCURRENCY);
  /** Numbers the events; compared with Watch.since. */
  private tick = 0;
  /** Paths an event named whose watches still need checking, with the newest such event. */
  private readonly pending = new Map<string, number>();
  private readonly reconciling = new Set<string>();
  private started: Promise<void> | undefined;
  private disposed = false;

  constructor(rootDir: string, options: NodeDirectoryWatcherOptions = {}) {
    this.root = path.resolve(rootDir);
    this.isIgnoredName = options.isIgnoredName ?? (() => false);
    this.watchFn = options.watch ?? defaultWatch;
    const quietMs = options.quietMs ?? 25;
    const maxDelayMs = options.maxDelayMs ?? 100;
    this.changeTimer = new BatchTimer(quietMs, maxDelayMs, () => this.flushChanges());
    this.lossTimer = new BatchTimer(quietMs, maxDelayMs, () => this.flushLoss());
  }

  start(): Promise<void> {
    return (this.started ??= this.watchRoot());
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const { watcher } of this.watches.values()) watcher.close();
    this.watches.clear();
    this.pending.clear();
    this.changed.clear();
    this.changeTimer.dispose();
    this.lossTimer.dispose();
    this.changeEmitter.dispose();
    this.lossEmitter.dispose();
  }

  private async watchRoot(): Promise<void> {
    const stat = await fsp.lstat(this.root);
    if (!stat.isDirectory()) throw new Error(`Not a directory: ${this.root}`);
    await this.walk('', false);
  }

  private onEvent(dir: string, eventType: string, filename: string | null): void {
    if (this.disposed) return;
    const seq = ++this.tick;
    if (!filename) {
      if (dir === '') this.loseTrack();
      else this.report(dir);
      return;
    }
    if (this.isIgnoredName(filename)) return;
    const rel = join(dir, filename);
    if (filename === path.basename(this.abs(dir))) void this.onMaybeSelfEvent(dir, rel, eventType, seq);
    else this.onEntryEvent(rel, eventType, seq);
  }

  private onEntryEvent(rel: string, eventType: string, seq: number): void {
    this.report(rel);
    // On Linux every create, delete and move is a 'rename', and so is any event of a directory entry.
    if (eventType === 'rename') this.schedule(rel, seq);
  }

  /**
   * inotify names a watched directory's own events (deleted, moved, attributes changed) after the directory itself,
   * like a child of that name. If the directory is gone, its parent reports it; only its watches need dropping.
   */
  private async onMaybeSelfEvent(dir: string, rel: string, eventType: string, seq: number): Promise<void> {
    if (await isDirectory(this.abs(dir))) this.onEntryEvent(rel, eventType, seq);
    else if (dir === '') this.loseTrack();
    else this.schedule(dir, seq);
  }

  private schedule(rel: string, seq: number): void {
    if (this.disposed) return;
    this.pending.set(rel, Math.max(this.pending.get(rel) ?? 0, seq));
    if (!this.reconciling.has(rel)) void this.reconcileWhilePending(rel);
  }

  private async reconcileWhilePending(rel: string): Promise<void> {
    this.reconciling.add(rel);
    try {
      for (let seq = this.take(rel); seq !== undefined && !this.disposed; seq = this.take(rel)) await this.reconcile(rel, seq);
    } catch {
      this.loseTrack();
    } finally {
      this.reconciling.delete(rel);
    }
  }

  private take(rel: string): number | undefined {
    const seq = this.pending.get(rel);
    this.pending.delete(rel);
    return seq;
  }

  /** Brings the watches at and below `rel` in line with the disk after event `seq` named it. */
  private async reconcile(rel: string, seq: number): Promise<void> {
    const existing = this.watches.get(rel);
    if (existing && existing.since >= seq) return;
    // An event naming a watched directory means it was replaced, moved or deleted: its watch may be dead.
    if (existing) this.unwatchTree(rel);
    if (notDescended(path.posix.basename(rel))) return;
    await this.walk(rel, true);
  }

  /** Watches `top` and the directories below it that have no watch yet; when `report`, reports every entry found. */
  private async walk(top: string, report: boolean): Promise<void> {
    const subdirs = await this.limiter.run(() => this.watchAndList(top, report));
    await Promise.all(subdirs.map((dir) => this.walk(dir, report)));
  }

  /** The watch is set before the listing, so an entry created meanwhile is listed, reported by an event, or both. */
  private async watchAndList(dir: string, report: boolean): Promise<string[]> {
    if (!(await this.addWatch(dir))) return [];
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(this.abs(dir), { withFileTypes: true });
    } catch {
      return [];
    }
    const subdirs: string[] = [];
    for (const entry of entries) {
      if (this.isIgnoredName(entry.name)) continue;
      const child = join(dir, entry.name);
      if (report) this.report(child);
      if (entry.isDirectory() && !notDescended(entry.name)) subdirs.push(child);
    }
    return subdirs;
  }

  /** True when a new watch was set; false when already watched, not a directory (or a symlink), gone or refused. */
  private async addWatch(dir: string): Promise<boolean> {
    const since = this.tick;
    if (this.watches.has(dir) || !(await isDirectory(this.abs(dir)))) return false;
    if (this.disposed || this.watches.has(dir)) return false;
    let watcher: fs.FSWatcher;
    try {
      watcher = this.watchFn(this.abs(dir), (eventType, filename) => {
        if (this.watches.get(dir)?.watcher === watcher) this.onEvent(dir, eventType, filename);
      });
    } catch (error) {
      // ENOENT, ENOTDIR, EACCES: the directory vanished or cannot be read, so a scan cannot see into it either.
      if (LIMIT_ERRORS.has((error as NodeJS.ErrnoException)?.code ?? '')) this.loseTrack();
      return false;
    }
    watcher.on('error', () => this.onWatchError(dir, watcher));
    this.watches.set(dir, { watcher, since });
    return true;
  }

  private onWatchError(dir: string, watcher: fs.FSWatcher): void {
    watcher.close();
    if (this.watches.get(dir)?.watcher !== watcher) return;
    this.watches.delete(dir);
    this.loseTrack();
  }

  private unwatchTree(rel: string): void {
    const prefix = `${rel}/`;
    for (const [dir, { watcher }] of this.watches) {
      if (dir === rel || dir.startsWith(prefix)) {
        watcher.close();
        this.watches.delete(dir);
      }
    }
  }

  private report(rel: string): void {
    if (this.disposed) return;
    this.changed.add(rel);
    this.changeTimer.poke();
  }

  private loseTrack(): void {
    if (this.disposed) return;
    this.lost = true;
    this.lossTimer.poke();
  }

  private flushChanges(): void {
    if (this.changed.size === 0) return;
    const batch = [...this.changed];
    this.changed.clear();
    this.changeEmitter.fire(batch);
  }

  private flushLoss(): void {
    if (!this.lost) return;
    this.lost = false;
    this.lossEmitter.fire();
  }

  private abs(rel: string): string {
    return rel === '' ? this.root : path.join(this.root, rel);
  }
}

const join = (dir: string, name: string): string => (dir === '' ? name : `${dir}/${name}`);

/** A real directory: symlinks to directories are entries, not directories to watch. */
const isDirectory = (absPath: string): Promise<boolean> =>
  fsp.lstat(absPath).then((stat) => stat.isDirectory(), () => false);

/** Runs at most `max` tasks at once; the others wait their turn in order. */
class Limiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.max) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
