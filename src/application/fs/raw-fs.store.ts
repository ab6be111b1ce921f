import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { Emitter, Event } from '../../base/event';
import { Disposable, DisposableBase } from '../../base/lifecycle';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { FsDirectoryEntry, FsStat, FsWatchEvent, RawFsPort, WatchOptions } from '../ports/raw-fs.port';
import { ResyncParticipant } from '../workspace/resync-participant';

/** A watch on a workspace path: its events arrive until disposed, across reconnects. */
export interface FsWatch extends Disposable {
  readonly path: string;
  readonly onDidChange: Event<FsWatchEvent[]>;
}

interface ActiveWatch {
  readonly path: string;
  readonly options: WatchOptions;
  readonly events: Emitter<FsWatchEvent[]>;
  /** The server's id on the current connection; undefined while (re)registering. */
  watchId: string | undefined;
}

/**
 * The raw file-system API (spec 002 §7 "Raw fs"): typed calls on workspace paths, failing with RawFsError
 * (message and errno). Watches outlive connections: the server forgets them with the connection, so a resync
 * registers each one again under a new id.
 */
@injectable()
export class RawFsStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'fs';
  /** Watched paths, by the server's current watch id. */
  watchedPaths: readonly string[] = [];
  private readonly watches = new Set<ActiveWatch>();

  constructor(@inject(RawFsPort) private readonly port: RawFsPort) {
    super();
    makeObservable<RawFsStore, 'publish'>(this, { watchedPaths: observable.ref, publish: action });
    this.register(
      port.onDidReceiveWatchEvents(({ watchId, events }) => {
        for (const watch of this.watches) if (watch.watchId === watchId) watch.events.fire(events);
      }),
    );
  }

  readFile(path: string): Promise<Uint8Array> {
    return this.port.readFile(path);
  }
  writeFile(path: string, content: Uint8Array, options?: { create?: boolean; overwrite?: boolean }): Promise<void> {
    return this.port.writeFile(path, content, options);
  }
  stat(path: string): Promise<FsStat> {
    return this.port.stat(path);
  }
  readdir(path: string): Promise<FsDirectoryEntry[]> {
    return this.port.readdir(path);
  }
  copy(from: string, to: string, options?: { recursive?: boolean; overwrite?: boolean }): Promise<void> {
    return this.port.copy(from, to, options);
  }
  rename(from: string, to: string, options?: { overwrite?: boolean }): Promise<void> {
    return this.port.rename(from, to, options);
  }
  remove(path: string, options?: { recursive?: boolean }): Promise<void> {
    return this.port.remove(path, options);
  }
  mkdir(path: string, options?: { recursive?: boolean }): Promise<void> {
    return this.port.mkdir(path, options);
  }
  upload(parentId: string, filename: string, content: Uint8Array): Promise<string> {
    return this.port.upload(parentId, filename, content);
  }
  download(path: string, excludes?: string[]): Promise<string> {
    return this.port.download(path, excludes);
  }

  /** Watches a path; rejects (and watches nothing) when the server refuses it. */
  async watch(path: string, options: WatchOptions = {}): Promise<FsWatch> {
    const watch: ActiveWatch = { path, options, events: new Emitter(), watchId: undefined };
    watch.watchId = await this.port.watch(path, options);
    this.watches.add(watch);
    this.publish();
    let disposed = false;
    return {
      path,
      onDidChange: watch.events.event,
      dispose: () => {
        if (disposed) return;
        disposed = true;
        this.watches.delete(watch);
        watch.events.dispose();
        this.publish();
        if (watch.watchId !== undefined) this.port.unwatch(watch.watchId).catch(() => undefined);
      },
    };
  }

  /** Registers every live watch again (the new connection knows none of them). */
  async resync(): Promise<void> {
    const failures: string[] = [];
    for (const watch of [...this.watches]) {
      watch.watchId = undefined;
      try {
        const watchId = await this.port.watch(watch.path, watch.options);
        if (this.watches.has(watch)) watch.watchId = watchId;
        else await this.port.unwatch(watchId).catch(() => undefined);
      } catch (error) {
        failures.push(`${watch.path}: ${(error as Error).message}`);
      }
    }
    this.publish();
    if (failures.length > 0) throw new Error(failures.join('; '));
  }

  private publish(): void {
    this.watchedPaths = [...this.watches].map((w) => w.path);
  }
}
