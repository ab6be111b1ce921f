import * as fs from 'node:fs';
import * as path from 'node:path';
import { CgroupLayout } from './cgroup-layout';
import { LimitLease, ResourceLimits, WorkspaceLimiter, formatBytes } from './resource-limits';

/** The few synchronous file-system calls the limiter makes (cgroupfs is a pseudo file system: they are fast). */
export interface CgroupFs {
  mkdir(dir: string): void;
  write(file: string, content: string): void;
  read(file: string): string;
  exists(file: string): boolean;
  readdir(dir: string): string[];
  rmdir(dir: string): void;
}

export const nodeCgroupFs: CgroupFs = {
  mkdir: (dir) => fs.mkdirSync(dir, { recursive: true }),
  write: (file, content) => fs.writeFileSync(file, content),
  read: (file) => fs.readFileSync(file, 'utf8'),
  exists: (file) => fs.existsSync(file),
  readdir: (dir) => fs.readdirSync(dir),
  rmdir: (dir) => fs.rmdirSync(dir),
};

/** Per-server parent of the workspace cgroups: `bullpen-<server pid>`, so that servers never touch each other's. */
const SERVER_GROUP = /^bullpen-(\d+)$/;
const RELEASE_RETRY_MS = 100;
const RELEASE_ATTEMPTS = 50;

interface Hierarchy {
  /** The per-server directory in this hierarchy. */
  base: string;
  /** Writes this workspace's limits into its new directory. */
  limit(dir: string): void;
}

export interface CgroupLimiterOptions {
  layout: CgroupLayout;
  limits: ResourceLimits;
  serverPid: number;
  isAlive(pid: number): boolean;
  /** Ends a process for good (SIGKILL); the processes a dead server left in its cgroups. */
  kill?(pid: number): void;
  fs?: CgroupFs;
  log(message: string): void;
}

/**
 * One cgroup per workspace below the server's own (pids, memory and, on v1, cpu): a fork bomb or a memory hog in one
 * workspace hits its own limit. Created on a workspace's first launch, removed once its last process has exited.
 */
export class CgroupLimiter implements WorkspaceLimiter {
  readonly description: string;
  private readonly users = new Map<string, number>();

  private constructor(
    private readonly hierarchies: readonly Hierarchy[],
    private readonly fs: CgroupFs,
    private readonly log: (message: string) => void,
    private readonly kill: (pid: number) => void,
    version: number,
    limits: ResourceLimits,
  ) {
    const processes = limits.maxProcesses > 0 ? `${limits.maxProcesses} processes` : 'no process limit';
    const memory = limits.memoryBytes > 0 ? `${formatBytes(limits.memoryBytes)} memory` : 'no memory limit';
    this.description = `a cgroup v${version} per workspace (${processes}, ${memory})`;
  }

  /** A limiter, or why cgroups cannot be used here (the caller falls back to rlimits). */
  static create(options: CgroupLimiterOptions): CgroupLimiter | { unavailable: string } {
    const cgfs = options.fs ?? nodeCgroupFs;
    try {
      const hierarchies = options.layout.version === 1 ? v1Hierarchies(options, cgfs) : v2Hierarchies(options, cgfs);
      const kill = options.kill ?? killProcess;
      for (const h of hierarchies) sweepStale(cgfs, path.dirname(h.base), options.isAlive, kill, options.log);
      for (const h of hierarchies) cgfs.mkdir(h.base);
      // A trial workspace: proves the limits can be written before any terminal depends on it.
      const trial = hierarchies.map((h) => path.join(h.base, 'bullpen-trial'));
      hierarchies.forEach((h, i) => {
        cgfs.mkdir(trial[i]);
        h.limit(trial[i]);
      });
      for (const dir of trial) cgfs.rmdir(dir);
      return new CgroupLimiter(hierarchies, cgfs, options.log, kill, options.layout.version, options.limits);
    } catch (error) {
      return { unavailable: (error as Error).message };
    }
  }

  enter(sandboxId: string): LimitLease {
    const name = groupName(sandboxId);
    const count = this.users.get(name) ?? 0;
    if (count === 0) {
      for (const h of this.hierarchies) {
        const dir = path.join(h.base, name);
        this.fs.mkdir(dir);
        h.limit(dir);
      }
    }
    this.users.set(name, count + 1);
    let released = false;
    return {
      cgroupProcs: this.hierarchies.map((h) => path.join(h.base, name, 'cgroup.procs')),
      rlimits: undefined,
      release: () => {
        if (released) return;
        released = true;
        this.leave(name);
      },
    };
  }

  private leave(name: string): void {
    const count = (this.users.get(name) ?? 1) - 1;
    if (count > 0) {
      this.users.set(name, count);
      return;
    }
    this.users.delete(name);
    // The workspace's last launched process ended: whatever still runs in its groups is an orphan (bubblewrap's
    // init, when the bubblewrap above it was killed before it set its parent-death signal), holding the pipes of a
    // process the server waits for. It is ended with the group.
    for (const h of this.hierarchies) for (const pid of processesIn(this.fs, path.join(h.base, name))) this.kill(pid);
    this.remove(name, RELEASE_ATTEMPTS);
  }

  /** Removes a workspace's cgroups; processes still exiting keep them busy for a moment, so it retries. */
  private remove(name: string, attemptsLeft: number): void {
    if (this.users.has(name)) return; // in use again
    const busy = this.hierarchies.filter((h) => !tryRmdir(this.fs, path.join(h.base, name)));
    if (busy.length === 0) return;
    if (attemptsLeft <= 1) {
      this.log(`could not remove the cgroup ${path.join(busy[0].base, name)}: its processes did not end`);
      return;
    }
    setTimeout(() => this.remove(name, attemptsLeft - 1), RELEASE_RETRY_MS).unref?.();
  }
}

function v1Hierarchies(options: CgroupLimiterOptions, cgfs: CgroupFs): Hierarchy[] {
  if (options.layout.version !== 1) return [];
  const server = `bullpen-${options.serverPid}`;
  const { maxProcesses, memoryBytes } = options.limits;
  const hierarchies: Hierarchy[] = [
    { base: path.join(options.layout.pids, server), limit: (dir) => cgfs.write(path.join(dir, 'pids.max'), maxProcesses > 0 ? String(maxProcesses) : 'max') },
    {
      base: path.join(options.layout.memory, server),
      limit: (dir) => {
        const bytes = memoryBytes > 0 ? String(memoryBytes) : '-1';
        cgfs.write(path.join(dir, 'memory.limit_in_bytes'), bytes);
        // With swap accounting, memory plus swap too: otherwise a hog swaps instead of hitting the limit.
        const memsw = path.join(dir, 'memory.memsw.limit_in_bytes');
        if (cgfs.exists(memsw)) cgfs.write(memsw, bytes);
      },
    },
  ];
  // cpu: all workspaces together weigh like one task against the server's threads (default shares).
  if (options.layout.cpu !== undefined) hierarchies.push({ base: path.join(options.layout.cpu, server), limit: () => undefined });
  return hierarchies;
}

function v2Hierarchies(options: CgroupLimiterOptions, cgfs: CgroupFs): Hierarchy[] {
  if (options.layout.version !== 2) return [];
  const own = options.layout.dir;
  const available = cgfs.read(path.join(own, 'cgroup.controllers')).trim().split(/\s+/);
  const missing = ['pids', 'memory'].filter((c) => !available.includes(c));
  if (missing.length > 0) throw new Error(`cgroup v2 at ${own} does not offer the ${missing.join(' and ')} controller`);
  const controllers = ['pids', 'memory', ...(available.includes('cpu') ? ['cpu'] : [])];
  enableControllers(options, cgfs, own, controllers);
  const base = path.join(own, `bullpen-${options.serverPid}`);
  cgfs.mkdir(base);
  cgfs.write(path.join(base, 'cgroup.subtree_control'), controllers.map((c) => `+${c}`).join(' '));
  const { maxProcesses, memoryBytes } = options.limits;
  return [
    {
      base,
      limit: (dir) => {
        cgfs.write(path.join(dir, 'pids.max'), maxProcesses > 0 ? String(maxProcesses) : 'max');
        cgfs.write(path.join(dir, 'memory.max'), memoryBytes > 0 ? String(memoryBytes) : 'max');
        const swap = path.join(dir, 'memory.swap.max');
        if (memoryBytes > 0 && cgfs.exists(swap)) cgfs.write(swap, '0');
      },
    },
  ];
}

/**
 * cgroup v2 lets a cgroup hand controllers to children only while it holds no process itself. A server alone in a
 * delegated cgroup (systemd `Delegate=yes`) moves itself into a leaf `bullpen-server` first.
 */
function enableControllers(options: CgroupLimiterOptions, cgfs: CgroupFs, own: string, controllers: string[]): void {
  const control = path.join(own, 'cgroup.subtree_control');
  const enable = () => cgfs.write(control, controllers.map((c) => `+${c}`).join(' '));
  try {
    enable();
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EBUSY') throw error;
  }
  const members = cgfs.read(path.join(own, 'cgroup.procs')).split('\n').filter(Boolean);
  if (members.length !== 1 || members[0] !== String(options.serverPid)) {
    throw new Error(`cgroup v2 at ${own} holds other processes besides the server, so it cannot have child cgroups (run Bullpen alone in a delegated cgroup)`);
  }
  const leaf = path.join(own, 'bullpen-server');
  cgfs.mkdir(leaf);
  cgfs.write(path.join(leaf, 'cgroup.procs'), String(options.serverPid));
  options.log(`moved the server into ${leaf} so that workspace cgroups can be created beside it`);
  enable();
}

/** Removes the workspace cgroups a server that no longer runs left behind. */
/**
 * The cgroups of servers that no longer run: their processes are sandbox processes nobody owns any more (a server
 * killed at the moment it launched one can leave bubblewrap behind, before bubblewrap asked to die with its parent),
 * so they are killed, and the groups removed once empty (retried for a moment while the processes exit).
 */
function sweepStale(cgfs: CgroupFs, parent: string, isAlive: (pid: number) => boolean, kill: (pid: number) => void, log: (message: string) => void): void {
  let names: string[];
  try {
    names = cgfs.readdir(parent);
  } catch {
    return;
  }
  for (const name of names) {
    const match = SERVER_GROUP.exec(name);
    if (!match || isAlive(Number(match[1]))) continue;
    const dir = path.join(parent, name);
    let children: string[] = [];
    try {
      children = cgfs.readdir(dir).filter((child) => isDirectory(cgfs, path.join(dir, child)));
    } catch {
      /* already gone */
    }
    for (const group of [...children.map((child) => path.join(dir, child)), dir]) for (const pid of processesIn(cgfs, group)) kill(pid);
    removeStale(cgfs, dir, children, STALE_REMOVE_ATTEMPTS, log);
  }
}

function removeStale(cgfs: CgroupFs, dir: string, children: readonly string[], attemptsLeft: number, log: (message: string) => void): void {
  for (const child of children) tryRmdir(cgfs, path.join(dir, child));
  if (tryRmdir(cgfs, dir)) return;
  if (attemptsLeft <= 1) log(`left the stale cgroup ${dir} in place: its processes did not end`);
  else setTimeout(() => removeStale(cgfs, dir, children, attemptsLeft - 1, log), RELEASE_RETRY_MS).unref?.();
}

const STALE_REMOVE_ATTEMPTS = 20;

function processesIn(cgfs: CgroupFs, group: string): number[] {
  try {
    return cgfs
      .read(path.join(group, 'cgroup.procs'))
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => Number.isInteger(pid) && pid > 1);
  } catch {
    return [];
  }
}

function killProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

/** A cgroup directory has a cgroup.procs file; control files do not. */
const isDirectory = (cgfs: CgroupFs, entry: string): boolean => cgfs.exists(path.join(entry, 'cgroup.procs'));

function tryRmdir(cgfs: CgroupFs, dir: string): boolean {
  try {
    cgfs.rmdir(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/** A cgroup directory name for a sandbox id (ids are [a-z0-9-]; anything else is replaced). */
export function groupName(sandboxId: string): string {
  return `sandbox-${sandboxId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
