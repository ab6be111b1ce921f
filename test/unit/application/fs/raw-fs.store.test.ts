import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { FsWatchEvent, RawFsError, RawFsPort, WatchOptions } from '../../../../src/application/ports/raw-fs.port';
import { RawFsStore } from '../../../../src/application/fs/raw-fs.store';

class FakeRawFs implements RawFsPort {
  readonly events = new Emitter<{ watchId: string; events: FsWatchEvent[] }>();
  onDidReceiveWatchEvents = this.events.event;
  readonly calls: string[] = [];
  private nextWatch = 0;
  files = new Map<string, Uint8Array>();
  refuseWatch: string | undefined;
  private record(call: string): void {
    this.calls.push(call);
  }
  readFile = async (path: string) => {
    const content = this.files.get(path);
    if (!content) throw new RawFsError(-2, 'File not found', 102);
    return content;
  };
  writeFile = async (path: string, content: Uint8Array) => void this.files.set(path, content);
  stat = async () => ({ type: 'file' as const, isSymlink: false, size: 1, mtime: 1, ctime: 1, atime: 1 });
  readdir = async () => [{ name: 'a', type: 'file' as const, isSymlink: false }];
  copy = async (from: string, to: string) => this.record(`copy ${from} ${to}`);
  rename = async (from: string, to: string) => this.record(`rename ${from} ${to}`);
  remove = async (path: string) => this.record(`remove ${path}`);
  mkdir = async (path: string) => this.record(`mkdir ${path}`);
  watch = async (path: string, options?: WatchOptions) => {
    if (path === this.refuseWatch) throw new RawFsError(-2, 'Directory not found', 102);
    const id = `w${++this.nextWatch}`;
    this.record(`watch ${path} ${JSON.stringify(options ?? {})} -> ${id}`);
    return id;
  };
  unwatch = async (id: string) => this.record(`unwatch ${id}`);
  upload = async (parentId: string, filename: string) => `${parentId}/${filename}`;
  download = async (path: string) => `/download/${path}`;
}

const settle = () => new Promise((r) => setImmediate(r));

describe('RawFsStore', () => {
  it('reads and writes files and passes the typed error with its errno', async () => {
    const port = new FakeRawFs();
    const store = new RawFsStore(port);
    await store.writeFile('a.txt', new Uint8Array([104, 105]));
    await expect(store.readFile('a.txt')).resolves.toEqual(new Uint8Array([104, 105]));
    await expect(store.readFile('missing')).rejects.toMatchObject({ errno: -2, message: 'File not found' });
    await expect(store.upload('root', 'logo.png', new Uint8Array())).resolves.toBe('root/logo.png');
    await expect(store.download('src')).resolves.toBe('/download/src');
  });

  it('delivers watch events to their watch until it is disposed, and unwatches', async () => {
    const port = new FakeRawFs();
    const store = new RawFsStore(port);
    const watch = await store.watch('src', { recursive: true, excludes: ['node_modules'] });
    const other = await store.watch('docs');
    const seen: FsWatchEvent[][] = [];
    watch.onDidChange((e) => seen.push(e));
    port.events.fire({ watchId: 'w1', events: [{ type: 'change', paths: ['src/a.ts'] }] });
    port.events.fire({ watchId: 'w2', events: [{ type: 'add', paths: ['docs/b.md'] }] });
    expect(seen).toEqual([[{ type: 'change', paths: ['src/a.ts'] }]]);
    expect(store.watchedPaths).toEqual(['src', 'docs']);
    watch.dispose();
    port.events.fire({ watchId: 'w1', events: [{ type: 'remove', paths: ['src/a.ts'] }] });
    expect(seen).toHaveLength(1);
    await settle();
    expect(port.calls).toContain('unwatch w1');
    expect(store.watchedPaths).toEqual(['docs']);
    other.dispose();
  });

  it('registers live watches again on resync, under their new ids', async () => {
    const port = new FakeRawFs();
    const store = new RawFsStore(port);
    const watch = await store.watch('src', { recursive: true });
    const seen: string[] = [];
    watch.onDidChange((e) => seen.push(e[0].paths[0]));
    await store.resync();
    expect(port.calls).toEqual(['watch src {"recursive":true} -> w1', 'watch src {"recursive":true} -> w2']);
    port.events.fire({ watchId: 'w1', events: [{ type: 'change', paths: ['old-connection'] }] });
    port.events.fire({ watchId: 'w2', events: [{ type: 'change', paths: ['src/new'] }] });
    expect(seen).toEqual(['src/new']);
  });

  it('reports the watches it could not register again', async () => {
    const port = new FakeRawFs();
    const store = new RawFsStore(port);
    await store.watch('gone');
    port.refuseWatch = 'gone';
    await expect(store.resync()).rejects.toThrow('gone: Directory not found');
  });
});
