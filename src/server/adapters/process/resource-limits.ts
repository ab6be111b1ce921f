/**
 * What one workspace's processes may use together, and how a sandbox launch is held to it: a cgroup per workspace
 * where the server may create them (cgroup-limiter.ts), else rlimits per launched process tree (ADR 0010).
 */
export interface ResourceLimits {
  /** Most processes (and threads) at once; 0 = no limit. */
  maxProcesses: number;
  /** Most memory in bytes; 0 = no limit. */
  memoryBytes: number;
}

/** What the launcher does before it execs bubblewrap. */
export interface LaunchLimits {
  /** cgroup.procs files the launcher writes its own pid into (so nothing forks before it is in the cgroup). */
  cgroupProcs: readonly string[];
  /** rlimits the launcher sets through util-linux prlimit (inherited by everything it starts). */
  rlimits: { prlimit: string; processes?: number; addressSpaceBytes?: number } | undefined;
}

/** Holds a workspace's processes to its limits. */
export interface WorkspaceLimiter {
  /** For the start-up line: how limits are enforced. */
  readonly description: string;
  /** Before each launch; `release` once that process has exited. */
  enter(sandboxId: string): LimitLease;
}

export interface LimitLease extends LaunchLimits {
  release(): void;
}

/**
 * The fallback without writable cgroups: each launched process tree gets RLIMIT_NPROC and RLIMIT_AS. Weaker: the
 * limits hold per terminal or task rather than per workspace, RLIMIT_AS counts address space rather than memory,
 * and the kernel does not apply RLIMIT_NPROC to processes whose user is root outside the sandbox.
 */
export class RlimitLimiter implements WorkspaceLimiter {
  readonly description: string;

  /** @param prlimit path of util-linux prlimit; without it there are no limits at all. */
  constructor(
    private readonly limits: ResourceLimits,
    private readonly prlimit: string | undefined,
  ) {
    const parts = [
      limits.maxProcesses > 0 ? `${limits.maxProcesses} processes` : undefined,
      limits.memoryBytes > 0 ? `${formatBytes(limits.memoryBytes)} address space` : undefined,
    ].filter(Boolean);
    this.description = parts.length === 0 || prlimit === undefined ? 'no resource limits' : `rlimits per process tree (${parts.join(', ')})`;
  }

  enter(): LimitLease {
    if (this.prlimit === undefined) return { cgroupProcs: [], rlimits: undefined, release: () => undefined };
    const rlimits = {
      prlimit: this.prlimit,
      processes: this.limits.maxProcesses > 0 ? this.limits.maxProcesses : undefined,
      addressSpaceBytes: this.limits.memoryBytes > 0 ? this.limits.memoryBytes : undefined,
    };
    return { cgroupProcs: [], rlimits, release: () => undefined };
  }
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1 && value % 1024 === 0) {
    value /= 1024;
    unit++;
  }
  return `${value} ${units[unit]}`;
}
