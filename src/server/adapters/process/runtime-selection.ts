import { spawnSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
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
import { NamespaceSupport, NetworkMode, chooseNetwork } from './network-choice';
import { RuntimeChoice, SandboxMode, chooseRuntime } from './runtime-choice';
import { WorkspaceNetworks } from './workspace-networks';
import { HOLDER_BWRAP_ARGS } from './netns-holder-script';

export interface RuntimeSelectionInput {
  mode: SandboxMode;
  /** BULLPEN_SANDBOX_NETWORK (ADR 0013). */
  network: NetworkMode;
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
  /** Each workspace's own network (ADR 0013), when it has one: the preview proxy connects through it. */
  networks: WorkspaceNetworks | undefined;
  /** What to print once at start. */
  notices: RuntimeNotice[];
}

/** Looks at the host (is bubblewrap there and working, are cgroups writable) and builds the runtime (ADR 0010). */
export function selectProcessRuntime(input: RuntimeSelectionInput): RuntimeSelection {
  const rootEntries = hostRootEntries();
  const probe: BwrapProbe = input.mode === 'none' ? { ok: false, installed: false, reason: 'BULLPEN_SANDBOX=none' } : probeOnce(rootEntries);
  const choice = chooseRuntime(input.mode, probe.ok ? { works: true } : { works: false, installed: probe.installed, reason: probe.reason }, input.beyondLoopback);
  if (choice.runtime === 'direct') {
    return { runtime: new DirectProcessRuntime(input.ptys, { zshFallbackDir: path.join(input.dataDir, 'shell', 'zsh') }), kind: 'direct', networks: undefined, notices: [{ level: 'warn', text: choice.warning }] };
  }
  if (choice.runtime === 'refusing') {
    return { runtime: new RefusingRuntime(choice.refusal), kind: 'refusing', networks: undefined, notices: [{ level: 'warn', text: choice.warning }] };
  }
  if (!probe.ok) throw new Error('unreachable: bubblewrap chosen without a working bwrap');
  const notices: RuntimeNotice[] = [];
  const limiter = workspaceLimiter(input, notices);
  const shared = sharedReadOnly(input.dataDir);
  const networks = workspaceNetworks(input, probe.bwrap, notices);
  const runtime = new BubblewrapRuntime(input.ptys, {
    bwrap: probe.bwrap,
    limiter,
    rootEntries,
    etcDir: path.join(input.dataDir, 'sandbox-etc'),
    readOnly: shared.readOnly,
    pathBefore: shared.pathBefore,
    networks,
  });
  notices.unshift({ level: 'info', text: `Workspace processes run in bubblewrap sandboxes (${probe.bwrap}), limited by ${limiter.description}.` });
  return { runtime, kind: 'bubblewrap', networks, notices };
}

/** Each workspace's own network namespace when the mode and the host allow it (ADR 0013); its notice is added. */
function workspaceNetworks(input: RuntimeSelectionInput, bwrap: string, notices: RuntimeNotice[]): WorkspaceNetworks | undefined {
  const tools = input.network === 'shared' ? undefined : networkTools(bwrap);
  const support: NamespaceSupport = tools === undefined ? { works: false, reason: 'not probed' } : tools.support;
  const choice = chooseNetwork(input.network, support, input.beyondLoopback);
  notices.push(choice.notice);
  if (choice.network === 'shared' || tools === undefined || !tools.support.works) return undefined;
  return new WorkspaceNetworks({
    bwrap,
    perl: tools.perl!,
    nsenter: tools.nsenter!,
    slirp4netns: choice.internet ? tools.slirp4netns : undefined,
    log: input.log,
  });
}

interface NetworkTools {
  perl: string | undefined;
  nsenter: string | undefined;
  slirp4netns: string | undefined;
  support: NamespaceSupport;
}

const networkProbes = new Map<string, NetworkTools>();
/**
 * Whether a workspace network can be made here (once per bwrap and process): bubblewrap makes a user and network
 * namespace in which perl runs the holder's modules; nsenter joins it later.
 */
function networkTools(bwrap: string): NetworkTools {
  const known = networkProbes.get(bwrap);
  if (known) return known;
  const perl = findExecutable('perl');
  const nsenter = findExecutable('nsenter');
  const slirp4netns = findExecutable('slirp4netns');
  let support: NamespaceSupport;
  if (perl === undefined) support = { works: false, reason: 'perl is not installed' };
  else if (nsenter === undefined) support = { works: false, reason: 'nsenter (util-linux) is not installed' };
  else {
    const probe = spawnSync(
      bwrap,
      [...HOLDER_BWRAP_ARGS, '--', perl, '-MIO::Socket::IP', '-MIO::Socket::UNIX', '-MIO::Select', '-e', 'print readlink("/proc/self/ns/net")'],
      { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const own = readlinkOrEmpty('/proc/self/ns/net');
    if (probe.status === 0 && /^net:\[\d+\]$/.test(probe.stdout) && probe.stdout !== own) support = { works: true, slirp4netns: slirp4netns !== undefined };
    else support = { works: false, reason: `a network namespace cannot be made here: ${(probe.stderr || probe.error?.message || `exit ${probe.status}`).trim().split('\n')[0]}` };
  }
  const tools = { perl, nsenter, slirp4netns, support };
  networkProbes.set(bwrap, tools);
  return tools;
}

function readlinkOrEmpty(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return '';
  }
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
