import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import { promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { isBullpenTempName } from '../../../../src/server/adapters/node-fs/confined-fs';
import { NodeDirectoryWatcher, NodeDirectoryWatcherOptions, WatchFunction } from '../../../../src/server/adapters/node-fs/directory-watcher';

jest.setTimeout(30_000);

/** The server's own predicate for its temp files (.~bullpen-<uuid>.tmp). */
const isIgnoredName = isBullpenTempName;

/** Polls until `condition` holds; fails with `what` after a generous timeout. Never asserts timing. */
async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** fs.watch that remembers which directories currently have an open watch. */
function trackingWatch(): { watch: WatchFunction; open: Set<string> } {
  const open = new Set<string>();
  const watch: WatchFunction = (absDir, listener) => {
    const watcher = fs.watch(absDir, { persistent: false }, listener);
    open.add(absDir);
    watcher.on('close', () => open.delete(absDir));
    return watcher;
  };
  return { watch, open };
}

class Harness {
  readonly batches: string[][] = [];
  losses = 0;
  readonly watcher: NodeDirectoryWatcher;

  constructor(readonly root: string, options: NodeDirectoryWatcherOptions = {}) {
    this.watcher = new NodeDirectoryWatcher(root, { isIgnoredName, ...options });
    this.watcher.onDidChange((batch) => this.batches.push(batch));
    this.watcher.onDidLoseTrack(() => this.losses++);
  }

  get reported(): Set<string> {
    return new Set(this.batches.flat());
  }

  /** Waits until every path has been reported since the last clear(). */
  waitFor(...paths: string[]): Promise<void> {
    return until(() => {
      const reported = this.reported;
      return paths.every((p) => reported.has(p));
    }, `reports of ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? '…' : ''}`);
  }

  clear(): void {
    this.batches.length = 0;
  }

  abs(rel: string): string {
    return path.join(this.root, rel);
  }
}

describe('NodeDirectoryWatcher', () => {
  let root: string;
  let outside: string;
  let h: Harness;

  beforeEach(async () => {
    root = await fsp.mkdtemp(path.join(tmpdir(), 'bullpen-watch-'));
    outside = await fsp.mkdtemp(path.join(tmpdir(), 'bullpen-watch-outside-'));
  });

  afterEach(async () => {
    h?.watcher.dispose();
    await fsp.rm(root, { recursive: true, force: true });
    await fsp.rm(outside, { recursive: true, force: true });
  });

  async function started(options: NodeDirectoryWatcherOptions = {}): Promise<Harness> {
    h = new Harness(root, options);
    await h.watcher.start();
    return h;
  }

  it('reports a file created, modified, renamed and deleted', async () => {
    await started();
    await fsp.writeFile(h.abs('x.txt'), 'one');
    await h.waitFor('x.txt');
    h.clear();
    await fsp.appendFile(h.abs('x.txt'), 'two');
    await h.waitFor('x.txt');
    h.clear();
    await fsp.rename(h.abs('x.txt'), h.abs('y.txt'));
    await h.waitFor('x.txt', 'y.txt');
    h.clear();
    await fsp.unlink(h.abs('y.txt'));
    await h.waitFor('y.txt');
    expect(h.reported.has('')).toBe(false);
  });

  it('reports changes in directories that existed before start', async () => {
    await fsp.mkdir(path.join(root, 'src/components'), { recursive: true });
    await started();
    await fsp.writeFile(h.abs('src/components/App.js'), 'x');
    await h.waitFor('src/components/App.js');
    expect(h.reported.has('src')).toBe(false);
  });

  it('reports files inside a freshly made directory chain and then watches it', async () => {
    await started();
    await promisify(execFile)('sh', ['-c', 'mkdir -p a/b/c && touch a/b/c/f'], { cwd: root });
    await h.waitFor('a', 'a/b', 'a/b/c', 'a/b/c/f');
    h.clear();
    await fsp.writeFile(h.abs('a/b/c/g'), 'later');
    await h.waitFor('a/b/c/g');
  });

  it('drops the watches of a removed directory tree and watches it again when re-created', async () => {
    await fsp.mkdir(path.join(root, 'd/e'), { recursive: true });
    await fsp.writeFile(path.join(root, 'd/e/f.txt'), 'x');
    const tracking = trackingWatch();
    await started({ watch: tracking.watch });
    expect(tracking.open).toEqual(new Set([root, path.join(root, 'd'), path.join(root, 'd/e')]));

    await fsp.rm(h.abs('d'), { recursive: true });
    await h.waitFor('d');
    await until(() => tracking.open.size === 1, 'the watches of d and d/e to close');

    h.clear();
    await fsp.mkdir(h.abs('d/e'), { recursive: true });
    await h.waitFor('d', 'd/e');
    await until(() => tracking.open.has(path.join(root, 'd/e')), 'd/e to be watched again');
    await fsp.writeFile(h.abs('d/e/g.txt'), 'x');
    await h.waitFor('d/e/g.txt');
  });

  it('watches a directory deleted and re-created at once', async () => {
    await fsp.mkdir(path.join(root, 'd'));
    await started();
    await promisify(execFile)('sh', ['-c', 'rm -rf d && mkdir d && touch d/x'], { cwd: root });
    await h.waitFor('d', 'd/x');
    h.clear();
    await fsp.writeFile(h.abs('d/y'), 'x');
    await h.waitFor('d/y');
  });

  it('follows a directory moved within the workspace', async () => {
    await fsp.mkdir(path.join(root, 'old/inner'), { recursive: true });
    await started();
    await fsp.rename(h.abs('old'), h.abs('new'));
    await h.waitFor('old', 'new', 'new/inner');
    h.clear();
    await fsp.writeFile(h.abs('new/inner/x'), 'x');
    await h.waitFor('new/inner/x');
    expect([...h.reported].some((p) => p.startsWith('old/'))).toBe(false);
  });

  it('reports node_modules and .git as entries but nothing inside them', async () => {
    await fsp.mkdir(path.join(root, '.git'));
    await fsp.mkdir(path.join(root, 'sub/node_modules'), { recursive: true });
    const tracking = trackingWatch();
    await started({ watch: tracking.watch });
    expect(tracking.open).toEqual(new Set([root, path.join(root, 'sub')]));

    await fsp.mkdir(h.abs('node_modules'));
    await h.waitFor('node_modules');
    await fsp.writeFile(h.abs('node_modules/pkg.js'), 'x');
    await fsp.writeFile(h.abs('.git/index'), 'x');
    await fsp.writeFile(h.abs('sub/node_modules/dep.js'), 'x');
    await fsp.writeFile(h.abs('sentinel'), 'x');
    await h.waitFor('sentinel');
    expect([...h.reported].filter((p) => p.includes('/'))).toEqual([]);

    h.clear();
    await fsp.rm(h.abs('node_modules'), { recursive: true });
    await h.waitFor('node_modules');
    expect(tracking.open).toEqual(new Set([root, path.join(root, 'sub')]));
  });

  it('never reports ignored names', async () => {
    await started();
    const temp = `.~bullpen-${randomUUID()}.tmp`;
    await fsp.writeFile(h.abs(temp), 'draft');
    await fsp.rename(h.abs(temp), h.abs('saved.txt'));
    await h.waitFor('saved.txt');
    expect(h.reported).toEqual(new Set(['saved.txt']));
  });

  it('reports a symlinked directory as an entry without watching through it', async () => {
    const tracking = trackingWatch();
    await started({ watch: tracking.watch });
    await fsp.symlink(outside, h.abs('link'));
    await h.waitFor('link');
    await fsp.writeFile(path.join(outside, 'far.txt'), 'x');
    await fsp.writeFile(h.abs('sentinel'), 'x');
    await h.waitFor('sentinel');
    expect(h.reported.has('link/far.txt')).toBe(false);
    expect(tracking.open).toEqual(new Set([root]));
  });

  it('batches a burst of 2,000 creations into far fewer events, reporting every path', async () => {
    await fsp.mkdir(path.join(root, 'burst'));
    await started();
    const names = Array.from({ length: 2_000 }, (_, i) => `burst/f${i}.txt`);
    for (let i = 0; i < names.length; i += 100) {
      await Promise.all(names.slice(i, i + 100).map((name) => fsp.writeFile(h.abs(name), 'x')));
    }
    await h.waitFor(...names);
    expect(h.batches.length).toBeLessThan(names.length / 10);
    for (const batch of h.batches) expect(new Set(batch).size).toBe(batch.length);
  });

  it('reports a change made by a child process', async () => {
    await started();
    await promisify(execFile)('sh', ['-c', 'echo hi > x.txt'], { cwd: root });
    await h.waitFor('x.txt');
  });

  it('fires nothing after dispose', async () => {
    await started();
    await fsp.writeFile(h.abs('before.txt'), 'x');
    h.watcher.dispose();
    await fsp.writeFile(h.abs('after.txt'), 'x');
    await fsp.mkdir(h.abs('dir'));
    await pause(300);
    expect(h.batches).toEqual([]);
  });

  it('loses track once, keeps watching elsewhere, when the watch limit is reached', async () => {
    await fsp.mkdir(path.join(root, 'deep/deeper'), { recursive: true });
    const tracking = trackingWatch();
    const limited: WatchFunction = (absDir, listener) => {
      if (absDir.startsWith(path.join(root, 'deep'))) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
      return tracking.watch(absDir, listener);
    };
    await started({ watch: limited });
    await until(() => h.losses > 0, 'onDidLoseTrack');
    await fsp.writeFile(h.abs('ok.txt'), 'x');
    await h.waitFor('ok.txt');
    expect(h.losses).toBe(1);
    expect(tracking.open).toEqual(new Set([root]));
  });

  it('loses track when a watcher reports an error, and stays up', async () => {
    await fsp.mkdir(path.join(root, 'sub'));
    const watchers = new Map<string, fs.FSWatcher>();
    await started({
      watch: (absDir, listener) => {
        const watcher = fs.watch(absDir, { persistent: false }, listener);
        watchers.set(absDir, watcher);
        return watcher;
      },
    });
    watchers.get(path.join(root, 'sub'))!.emit('error', Object.assign(new Error('gone'), { code: 'EPERM' }));
    await until(() => h.losses === 1, 'onDidLoseTrack');
    await fsp.writeFile(h.abs('still.txt'), 'x');
    await h.waitFor('still.txt');
  });
});
