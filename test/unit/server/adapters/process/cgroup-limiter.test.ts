import { CgroupFs, CgroupLimiter, groupName } from '../../../../../src/server/adapters/process/cgroup-limiter';

/** cgroupfs in memory: directories come with cgroup.procs; rmdir refuses while a cgroup is marked busy. */
class FakeCgroupFs implements CgroupFs {
  readonly dirs = new Set<string>();
  readonly files = new Map<string, string>();
  readonly busy = new Set<string>();
  readonly failWrites = new Map<string, string>();
  readonly readOnly = new Set<string>();

  constructor(roots: string[]) {
    for (const root of roots) this.dirs.add(root);
  }
  mkdir(dir: string): void {
    if ([...this.readOnly].some((r) => dir.startsWith(`${r}/`))) throw Object.assign(new Error(`EACCES: permission denied, mkdir '${dir}'`), { code: 'EACCES' });
    const parts = dir.split('/');
    for (let i = 2; i <= parts.length; i++) {
      const d = parts.slice(0, i).join('/');
      if (!this.dirs.has(d)) {
        this.dirs.add(d);
        this.files.set(`${d}/cgroup.procs`, '');
      }
    }
  }
  write(file: string, content: string): void {
    const code = this.failWrites.get(file);
    if (code) throw Object.assign(new Error(`${code}: ${file}`), { code });
    this.files.set(file, content);
  }
  read(file: string): string {
    const content = this.files.get(file);
    if (content === undefined) throw Object.assign(new Error(`ENOENT: ${file}`), { code: 'ENOENT' });
    return content;
  }
  exists(file: string): boolean {
    return this.files.has(file) || this.dirs.has(file);
  }
  readdir(dir: string): string[] {
    const names = new Set<string>();
    for (const entry of [...this.dirs, ...this.files.keys()]) {
      if (entry.startsWith(`${dir}/`)) names.add(entry.slice(dir.length + 1).split('/')[0]);
    }
    return [...names];
  }
  rmdir(dir: string): void {
    if (!this.dirs.has(dir)) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    if (this.busy.has(dir) || [...this.dirs].some((d) => d.startsWith(`${dir}/`))) throw Object.assign(new Error('EBUSY'), { code: 'EBUSY' });
    this.dirs.delete(dir);
    for (const f of [...this.files.keys()]) if (f.startsWith(`${dir}/`)) this.files.delete(f);
  }
}

const V1 = { version: 1 as const, pids: '/cg/pids', memory: '/cg/memory/srv', cpu: '/cg/cpu' };
const LIMITS = { maxProcesses: 64, memoryBytes: 256 * 1024 * 1024 };

function v1Limiter(fs: FakeCgroupFs, options: { isAlive?: (pid: number) => boolean; log?: (m: string) => void; kill?: (pid: number) => void } = {}) {
  const limiter = CgroupLimiter.create({ layout: V1, limits: LIMITS, serverPid: 42, isAlive: options.isAlive ?? (() => true), kill: options.kill ?? (() => undefined), fs, log: options.log ?? (() => undefined) });
  if (!(limiter instanceof CgroupLimiter)) throw new Error(limiter.unavailable);
  return limiter;
}

describe('CgroupLimiter', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives a workspace one cgroup per v1 controller under a per-server parent, with its limits, and says so', () => {
    const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
    fs.files.set('/cg/memory/srv/bullpen-42/sandbox-abc/memory.memsw.limit_in_bytes', ''); // swap accounting on
    const limiter = v1Limiter(fs);
    const lease = limiter.enter('abc');
    expect(lease.cgroupProcs).toEqual([
      '/cg/pids/bullpen-42/sandbox-abc/cgroup.procs',
      '/cg/memory/srv/bullpen-42/sandbox-abc/cgroup.procs',
      '/cg/cpu/bullpen-42/sandbox-abc/cgroup.procs',
    ]);
    expect(lease.rlimits).toBeUndefined();
    expect(fs.files.get('/cg/pids/bullpen-42/sandbox-abc/pids.max')).toBe('64');
    expect(fs.files.get('/cg/memory/srv/bullpen-42/sandbox-abc/memory.limit_in_bytes')).toBe(String(256 * 1024 * 1024));
    expect(fs.files.get('/cg/memory/srv/bullpen-42/sandbox-abc/memory.memsw.limit_in_bytes')).toBe(String(256 * 1024 * 1024));
    expect(limiter.description).toBe('a cgroup v1 per workspace (64 processes, 256 MiB memory)');
    expect(fs.dirs.has('/cg/pids/bullpen-42/bullpen-trial')).toBe(false);
  });

  it('shares the cgroup between a workspace\'s processes and removes it after the last one, retrying while it is busy', () => {
    const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
    const limiter = v1Limiter(fs);
    const first = limiter.enter('abc');
    const second = limiter.enter('abc');
    const other = limiter.enter('xyz');
    first.release();
    first.release(); // idempotent
    expect(fs.dirs.has('/cg/pids/bullpen-42/sandbox-abc')).toBe(true);
    fs.busy.add('/cg/memory/srv/bullpen-42/sandbox-abc'); // its processes are still exiting
    second.release();
    expect(fs.dirs.has('/cg/pids/bullpen-42/sandbox-abc')).toBe(false);
    expect(fs.dirs.has('/cg/memory/srv/bullpen-42/sandbox-abc')).toBe(true);
    fs.busy.clear();
    jest.advanceTimersByTime(100);
    expect(fs.dirs.has('/cg/memory/srv/bullpen-42/sandbox-abc')).toBe(false);
    expect(fs.dirs.has('/cg/pids/bullpen-42/sandbox-xyz')).toBe(true);
    other.release();
    expect(fs.dirs.has('/cg/pids/bullpen-42/sandbox-xyz')).toBe(false);
  });

  it('stops retrying when the workspace starts a process again, and logs a cgroup that never empties', () => {
    const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
    const log = jest.fn();
    const limiter = v1Limiter(fs, { log });
    fs.busy.add('/cg/pids/bullpen-42/sandbox-abc');
    limiter.enter('abc').release();
    const again = limiter.enter('abc');
    jest.advanceTimersByTime(10_000);
    expect(fs.dirs.has('/cg/pids/bullpen-42/sandbox-abc')).toBe(true);
    again.release();
    jest.advanceTimersByTime(10_000);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('could not remove the cgroup /cg/pids/bullpen-42/sandbox-abc'));
  });

  it('sweeps what a server that no longer runs left behind, and leaves live servers alone', () => {
    const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
    fs.mkdir('/cg/pids/bullpen-7/sandbox-old');
    fs.mkdir('/cg/pids/bullpen-8/sandbox-live');
    fs.mkdir('/cg/pids/unrelated');
    v1Limiter(fs, { isAlive: (pid) => pid !== 7 });
    expect(fs.dirs.has('/cg/pids/bullpen-7')).toBe(false);
    expect(fs.dirs.has('/cg/pids/bullpen-8/sandbox-live')).toBe(true);
    expect(fs.dirs.has('/cg/pids/unrelated')).toBe(true);
  });

  it("kills what still runs in a dead server's cgroups (orphaned sandboxes), then removes them once empty", () => {
    jest.useFakeTimers();
    try {
      const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
      fs.mkdir('/cg/pids/bullpen-7/sandbox-old');
      fs.files.set('/cg/pids/bullpen-7/sandbox-old/cgroup.procs', '301\n302\n');
      fs.busy.add('/cg/pids/bullpen-7/sandbox-old');
      fs.mkdir('/cg/pids/bullpen-8/sandbox-live');
      fs.files.set('/cg/pids/bullpen-8/sandbox-live/cgroup.procs', '401\n');
      const killed: number[] = [];
      const log = jest.fn();
      v1Limiter(fs, { isAlive: (pid) => pid !== 7, kill: (pid) => killed.push(pid), log });
      expect(killed).toEqual([301, 302]);
      expect(fs.dirs.has('/cg/pids/bullpen-7/sandbox-old')).toBe(true); // still exiting
      fs.busy.delete('/cg/pids/bullpen-7/sandbox-old'); // they ended
      jest.advanceTimersByTime(200);
      expect(fs.dirs.has('/cg/pids/bullpen-7')).toBe(false);
      expect(fs.dirs.has('/cg/pids/bullpen-8/sandbox-live')).toBe(true);
      expect(log).not.toHaveBeenCalledWith(expect.stringContaining('stale'));
    } finally {
      jest.useRealTimers();
    }
  });

  it("kills what is left in a workspace's groups when its last launched process ended (an orphaned sandbox init)", () => {
    const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
    const killed: number[] = [];
    const limiter = v1Limiter(fs, { kill: (pid) => killed.push(pid) });
    const first = limiter.enter('abc');
    const second = limiter.enter('abc');
    fs.files.set('/cg/pids/bullpen-42/sandbox-abc/cgroup.procs', '77\n');
    first.release();
    expect(killed).toEqual([]); // another process of the workspace still runs
    second.release();
    expect(killed).toContain(77);
  });

  it('is unavailable, with the reason, when the server may not create cgroups', () => {
    const fs = new FakeCgroupFs(['/cg/pids', '/cg/memory/srv', '/cg/cpu']);
    fs.readOnly.add('/cg/memory/srv');
    const result = CgroupLimiter.create({ layout: V1, limits: LIMITS, serverPid: 42, isAlive: () => true, fs, log: () => undefined });
    expect(result).toEqual({ unavailable: expect.stringContaining('EACCES') });
  });

  it('on v2 enables pids and memory for its children and writes memory.max and pids.max', () => {
    const fs = new FakeCgroupFs(['/cg2/svc']);
    fs.files.set('/cg2/svc/cgroup.controllers', 'cpuset cpu io memory pids');
    const limiter = CgroupLimiter.create({ layout: { version: 2, dir: '/cg2/svc' }, limits: LIMITS, serverPid: 42, isAlive: () => true, fs, log: () => undefined });
    if (!(limiter instanceof CgroupLimiter)) throw new Error(limiter.unavailable);
    expect(fs.files.get('/cg2/svc/cgroup.subtree_control')).toBe('+pids +memory +cpu');
    expect(fs.files.get('/cg2/svc/bullpen-42/cgroup.subtree_control')).toBe('+pids +memory +cpu');
    expect(limiter.enter('abc').cgroupProcs).toEqual(['/cg2/svc/bullpen-42/sandbox-abc/cgroup.procs']);
    expect(fs.files.get('/cg2/svc/bullpen-42/sandbox-abc/pids.max')).toBe('64');
    expect(fs.files.get('/cg2/svc/bullpen-42/sandbox-abc/memory.max')).toBe(String(256 * 1024 * 1024));
  });

  it('on v2 moves a server that is alone in its cgroup into a leaf first; with company it gives up', () => {
    const alone = new FakeCgroupFs(['/cg2/svc']);
    alone.files.set('/cg2/svc/cgroup.controllers', 'memory pids');
    alone.files.set('/cg2/svc/cgroup.procs', '42\n');
    alone.failWrites.set('/cg2/svc/cgroup.subtree_control', 'EBUSY');
    const log = jest.fn();
    const make = (fs: FakeCgroupFs) => CgroupLimiter.create({ layout: { version: 2, dir: '/cg2/svc' }, limits: LIMITS, serverPid: 42, isAlive: () => true, fs, log });
    const original = alone.write.bind(alone);
    alone.write = (file, content) => {
      if (file === '/cg2/svc/bullpen-server/cgroup.procs') alone.failWrites.delete('/cg2/svc/cgroup.subtree_control');
      original(file, content);
    };
    expect(make(alone)).toBeInstanceOf(CgroupLimiter);
    expect(alone.files.get('/cg2/svc/bullpen-server/cgroup.procs')).toBe('42');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('moved the server'));

    const crowded = new FakeCgroupFs(['/cg2/svc']);
    crowded.files.set('/cg2/svc/cgroup.controllers', 'memory pids');
    crowded.files.set('/cg2/svc/cgroup.procs', '41\n42\n');
    crowded.failWrites.set('/cg2/svc/cgroup.subtree_control', 'EBUSY');
    expect(make(crowded)).toEqual({ unavailable: expect.stringContaining('holds other processes') });

    const noPids = new FakeCgroupFs(['/cg2/svc']);
    noPids.files.set('/cg2/svc/cgroup.controllers', 'hugetlb');
    expect(make(noPids)).toEqual({ unavailable: expect.stringContaining('pids and memory controller') });
  });

  it('names cgroups safely', () => {
    expect(groupName('k3x9qz')).toBe('sandbox-k3x9qz');
    expect(groupName('../x')).toBe('sandbox-___x');
  });
});
