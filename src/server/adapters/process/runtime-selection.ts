import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ProcessRuntime } from '../../application/ports/process-runtime.port';
import { ShellHost } from '../../application/ports/shell-host.port';
import { BubblewrapRuntime } from './bubblewrap-runtime';
import { BwrapProbe, findExecutable, hostRootEntries, probeBubblewrap } from './bwrap-probe';
import { cgroupLayout } from './cgroup-layout';
import { CgroupLimiter } from './cgroup-limiter';
import { DirectProcessRuntime } from './direct-runtime';
import { RefusingRuntime } from './refusing-runtime';
import { ResourceLimits, RlimitLimiter, WorkspaceLimiter } from './resource-limits';
import { RuntimeChoice, SandboxMode, chooseRuntime } from './runtime-choice';

export interface RuntimeSelectionInput {
  mode: SandboxMode;
  /** Reachable beyond loopback (see chooseRuntime). */
  beyondLoopback: boolean;
  dataDir: string;
  limits: ResourceLimits;
  ptys: ShellHost;
  log(message: string): void;
}

export interface RuntimeNotice {
  level: 'info' | 'warn';
  text: string;
}

export interface RuntimeSelection {
  runtime: ProcessRuntime;
  kind: RuntimeChoice['runtime'];
  /** What to print once at start. */
  notices: RuntimeNotice[];
}

/** Looks at the host (is bubblewrap there and working, are cgroups writable) and builds the runtime (ADR 0010). */
export function selectProcessRuntime(input: RuntimeSelectionInput): RuntimeSelection {
  const rootEntries = hostRootEntries();
  const probe: BwrapProbe = input.mode === 'none' ? { ok: false, installed: false, reason: 'BULLPEN_SANDBOX=none' } : probeOnce(rootEntries);
  const choice = chooseRuntime(input.mode, probe.ok ? { works: true } : { works: false, installed: probe.installed, reason: probe.reason }, input.beyondLoopback);
  if (choice.runtime === 'direct') return { runtime: new DirectProcessRuntime(input.ptys), kind: 'direct', notices: [{ level: 'warn', text: choice.warning }] };
  if (choice.runtime === 'refusing') return { runtime: new RefusingRuntime(choice.refusal), kind: 'refusing', notices: [{ level: 'warn', text: choice.warning }] };
  if (!probe.ok) throw new Error('unreachable: bubblewrap chosen without a working bwrap');
  const notices: RuntimeNotice[] = [];
  const limiter = workspaceLimiter(input, notices);
  const shared = sharedReadOnly(input.dataDir);
  const runtime = new BubblewrapRuntime(input.ptys, {
    bwrap: probe.bwrap,
    limiter,
    rootEntries,
    etcDir: path.join(input.dataDir, 'sandbox-etc'),
    readOnly: shared.readOnly,
    pathBefore: shared.pathBefore,
  });
  notices.unshift({ level: 'info', text: `Workspace processes run in bubblewrap sandboxes (${probe.bwrap}), limited by ${limiter.description}.` });
  return { runtime, kind: 'bubblewrap', notices };
}

const probes = new Map<string, BwrapProbe>();
/** Each bwrap found on PATH is tried once per process (servers started in one test process share the answer). */
function probeOnce(rootEntries: ReturnType<typeof hostRootEntries>): BwrapProbe {
  const bwrap = findExecutable('bwrap');
  if (bwrap === undefined) return probeBubblewrap(rootEntries, undefined);
  let probe = probes.get(bwrap);
  if (probe === undefined) {
    probe = probeBubblewrap(rootEntries, bwrap);
    probes.set(bwrap, probe);
  }
  return probe;
}

function workspaceLimiter(input: RuntimeSelectionInput, notices: RuntimeNotice[]): WorkspaceLimiter {
  const fallback = new RlimitLimiter(input.limits, findExecutable('prlimit'));
  if (input.limits.maxProcesses === 0 && input.limits.memoryBytes === 0) return fallback;
  let why: string;
  try {
    const layout = cgroupLayout(readFileSync('/proc/self/cgroup', 'utf8'), readFileSync('/proc/self/mountinfo', 'utf8'));
    if (layout === undefined) {
      why = 'no cgroup hierarchy with the pids and memory controllers is mounted';
    } else {
      const limiter = CgroupLimiter.create({ layout, limits: input.limits, serverPid: process.pid, isAlive, log: input.log });
      if (limiter instanceof CgroupLimiter) return limiter;
      why = limiter.unavailable;
    }
  } catch (error) {
    why = (error as Error).message;
  }
  const rootCaveat =
    process.getuid?.() === 0 && input.limits.maxProcesses > 0
      ? ' The server runs as root, and the kernel does not apply RLIMIT_NPROC to processes that are root outside their sandbox: a fork bomb is not stopped.'
      : '';
  notices.push({ level: 'warn', text: `cgroups are not usable for workspace limits (${why}); falling back to ${fallback.description}.${rootCaveat}` });
  return fallback;
}

/**
 * What every sandbox sees read-only besides the system: Bullpen's node_modules (language servers run from it) and
 * node's installation when it is not under /usr. Never the app directory itself: the data directory and the
 * access secret may live there.
 */
function sharedReadOnly(dataDir: string): { readOnly: string[]; pathBefore: string[] } {
  const readOnly: string[] = [];
  const pathBefore: string[] = [];
  const contains = (dir: string, inner: string) => inner === dir || inner.startsWith(`${dir}${path.sep}`);
  const nodeModules = bullpenNodeModules();
  if (nodeModules !== undefined && !contains(nodeModules, dataDir)) readOnly.push(nodeModules);
  const node = process.execPath;
  if (!contains('/usr', node)) {
    const binDir = path.dirname(node);
    const install = path.basename(binDir) === 'bin' ? path.dirname(binDir) : binDir;
    readOnly.push(contains(install, dataDir) || (nodeModules !== undefined && contains(install, nodeModules)) ? node : install);
    pathBefore.push(binDir);
  }
  return { readOnly, pathBefore };
}

function bullpenNodeModules(): string | undefined {
  try {
    return path.dirname(path.dirname(require.resolve('node-pty/package.json')));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
