import { ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { Emitter } from '../../../base/event';
import { HOLDER_BWRAP_ARGS, NETNS_HOLDER_SCRIPT } from './netns-holder-script';
import { ListeningSocket, namespaceResolvConf, parseListening } from './network-holder-reports';
import { NetworkJoin, closeInheritedFdsAbove } from './sandbox-launcher';
import { signalChild } from './signal-child';

export interface WorkspaceNetworksOptions {
  bwrap: string;
  perl: string;
  nsenter: string;
  /** Gives each namespace a way out to the internet (user-mode NAT, no way to this machine's loopback); none: offline. */
  slirp4netns: string | undefined;
  /** How long a network stays up after its workspace's last process ended (git and search spawn often). */
  idleStopMs?: number;
  /** How long a launched process waits for its network to start. */
  startTimeoutMs?: number;
  log(message: string): void;
}

/** The network of one workspace while it has processes: the holder owns the namespace, slirp4netns its way out. */
type NetworkState =
  | { kind: 'starting'; holder: ChildProcess; slirp: ChildProcess | undefined }
  | { kind: 'ready'; holder: ChildProcess; slirp: ChildProcess | undefined; pid: number; namespace: string; watch: Socket };


interface Network {
  key: string;
  state: NetworkState;
  /** What the holder last said listens in the namespace; undefined until it said, or when it cannot tell. */
  listening: Map<number, ListeningSocket> | undefined;
  leases: number;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

const DEFAULT_IDLE_STOP_MS = 30_000;
const DEFAULT_START_TIMEOUT_MS = 10_000;

/**
 * Gives every workspace its own network namespace (ADR 0013): its processes share one loopback (a dev server and
 * the browser test in a second terminal see each other) and see nothing of this machine's — not Bullpen's own port,
 * not the databases listening on loopback, not other workspaces' dev servers. With slirp4netns they reach the
 * internet through user-mode NAT that cannot reach this machine's loopback; without it they are offline.
 *
 * Per workspace, a holder (perl, NETNS_HOLDER_SCRIPT, run by bubblewrap with new user and network namespaces) keeps
 * the namespace and forwards the preview proxy's connections into it through a Unix socket. Launched processes wait
 * for its holder file and join with nsenter (sandbox-launcher.ts). A network starts with the first process of its
 * workspace and stops `idleStopMs` after the last one ended; every holder dies with the server (--die-with-parent).
 */
export class WorkspaceNetworks {
  private readonly networks = new Map<string, Network>();
  private readonly runDir = mkdtempSync(path.join(tmpdir(), 'bullpen-net-'));
  private disposed = false;
  private readonly listeningEmitter = new Emitter<string>();
  /** A holder reported a new set of listening sockets: the namespace (`net:[inode]`) it is of. */
  readonly onDidChangeListening = this.listeningEmitter.event;

  constructor(private readonly options: WorkspaceNetworksOptions) {}

  /** Whether the namespaces have a way out to the internet. */
  get online(): boolean {
    return this.options.slirp4netns !== undefined;
  }

  /**
   * A process of `sandboxId` is about to start: its network starts if it is not up, and stays while the lease is held.
   * The answer tells the launcher where to join it.
   */
  enter(sandboxId: string): { join: NetworkJoin; release(): void } {
    const network = this.networkOf(sandboxId);
    network.leases++;
    clearTimeout(network.idleTimer);
    network.idleTimer = undefined;
    let released = false;
    return {
      join: { nsenter: this.options.nsenter, holderFile: this.holderFile(network.key), waitSeconds: this.startTimeoutMs / 1000 },
      release: () => {
        if (released) return;
        released = true;
        network.leases--;
        if (network.leases === 0 && this.networks.get(sandboxId) === network) this.stopWhenIdle(sandboxId, network);
      },
    };
  }

  /**
   * A connection to `host:port` inside the workspace's network (the preview proxy's upstream), or undefined when the
   * workspace has no network up (then nothing of it listens).
   */
  connect(sandboxId: string, host: string, port: number): Socket | undefined {
    const network = this.networks.get(sandboxId);
    if (network?.state.kind !== 'ready') return undefined;
    const socket = connect(this.socketPath(network.key));
    // The user of the socket handles its errors; this keeps one that comes before it looks from ending the server.
    socket.on('error', () => undefined);
    socket.write(`${host} ${port}\n`);
    return socket;
  }

  /**
   * The TCP sockets listening in the network namespace `namespace` (`net:[inode]`) as its holder last reported them
   * (it looks every 250 ms, for a fraction of what reading /proc/<pid>/net/tcp costs); undefined when that namespace
   * is not a workspace network or its holder has not reported.
   */
  listeningIn(namespace: string): ReadonlyMap<number, ListeningSocket> | undefined {
    for (const network of this.networks.values()) {
      if (network.state.kind === 'ready' && network.state.namespace === namespace) return network.listening;
    }
    return undefined;
  }

  /** /etc/resolv.conf for the namespaces: loopback name servers are this machine's, unreachable there. */
  resolvConf(hostResolvConf: string): string {
    return namespaceResolvConf(hostResolvConf, this.online);
  }

  /** Stops every network (the server stops). */
  dispose(): void {
    this.disposed = true;
    for (const [sandboxId, network] of [...this.networks]) this.stop(sandboxId, network);
    this.listeningEmitter.dispose();
    rmSync(this.runDir, { recursive: true, force: true });
  }

  private get startTimeoutMs(): number {
    return this.options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  }

  private networkOf(sandboxId: string): Network {
    const known = this.networks.get(sandboxId);
    if (known) return known;
    const key = createHash('sha256').update(sandboxId).digest('hex').slice(0, 16);
    const network: Network = {
      key,
      state: { kind: 'starting', holder: this.startHolder(sandboxId, key), slirp: undefined },
      listening: undefined,
      leases: 0,
      idleTimer: undefined,
    };
    this.networks.set(sandboxId, network);
    return network;
  }

  private startHolder(sandboxId: string, key: string): ChildProcess {
    const { bwrap, perl } = this.options;
    const holder = spawn(
      '/bin/bash',
      ['-c', `${closeInheritedFdsAbove(2)}\nexec "$@"`, 'bullpen-network', bwrap, ...HOLDER_BWRAP_ARGS, '--', perl, '-e', NETNS_HOLDER_SCRIPT, this.socketPath(key)],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: '/usr/bin:/bin' } },
    );
    let output = '';
    let errors = '';
    const timer = setTimeout(() => {
      this.options.log(`the network of sandbox ${sandboxId} did not start within ${this.startTimeoutMs} ms${errors ? `: ${errors.trim()}` : ''}`);
      signalChild(holder, 'SIGKILL');
    }, this.startTimeoutMs);
    holder.stderr!.on('data', (chunk: Buffer) => {
      if (errors.length < 4096) errors += chunk.toString();
    });
    holder.stdout!.on('data', (chunk: Buffer) => {
      if (output.includes('\n')) return;
      output += chunk.toString();
      const line = /^(\d+) (net:\[\d+\]) link-local-(blocked|open)(?: ([^\n]*))?\n/.exec(output);
      if (line) {
        clearTimeout(timer);
        if (line[3] === 'open') this.options.log(`sandbox ${sandboxId}: link-local addresses (cloud metadata services) stay reachable from the workspace: ${line[4] ?? 'no reason given'}`);
        void this.holderStarted(sandboxId, holder, Number(line[1]), line[2]);
      }
    });
    holder.on('error', (error) => this.options.log(`the network of sandbox ${sandboxId} could not start: ${error.message}`));
    holder.on('exit', (code, signal) => {
      clearTimeout(timer);
      const network = this.networks.get(sandboxId);
      if (network?.state.holder !== holder) return;
      if (!this.disposed) this.options.log(`the network of sandbox ${sandboxId} ended (${signal ?? `exit ${code}`})${errors ? `: ${errors.trim()}` : ''}`);
      this.stop(sandboxId, network);
    });
    return holder;
  }

  /** The namespace exists: its way out is attached, then launched processes may join (the holder file appears). */
  private async holderStarted(sandboxId: string, holder: ChildProcess, pid: number, namespace: string): Promise<void> {
    const network = this.networks.get(sandboxId);
    if (network?.state.holder !== holder) return;
    const slirp = this.options.slirp4netns === undefined ? undefined : this.startSlirp(sandboxId, pid);
    network.state = { kind: 'starting', holder, slirp: slirp?.process };
    if (slirp) await slirp.ready;
    if (this.networks.get(sandboxId) !== network || network.state.holder !== holder) return;
    network.state = { kind: 'ready', holder, slirp: slirp?.process, pid, namespace, watch: this.watchListening(network) };
    const file = this.holderFile(network.key);
    writeFileSync(`${file}.new`, `${pid} ${namespace}\n`, { mode: 0o600 });
    renameSync(`${file}.new`, file);
  }

  /** Keeps `network.listening` as the holder reports it (blocks of lines ended by `.`); nothing when it cannot tell. */
  private watchListening(network: Network): Socket {
    const socket = connect(this.socketPath(network.key));
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (network.state.kind === 'ready' && network.state.watch === socket) network.listening = undefined;
    });
    let pending = '';
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('.\n'); end >= 0 && (end === 0 || pending[end - 1] === '\n'); end = pending.indexOf('.\n')) {
        network.listening = parseListening(pending.slice(0, end));
        pending = pending.slice(end + 2);
        if (network.state.kind === 'ready') this.listeningEmitter.fire(network.state.namespace);
      }
    });
    socket.write('WATCH\n');
    return socket;
  }

  /** slirp4netns attached to the namespace of `pid`; `ready` resolves once it configured tap0 (or gave up). */
  private startSlirp(sandboxId: string, pid: number): { process: ChildProcess; ready: Promise<void> } {
    const args = ['--configure', '--mtu=65520', '--disable-host-loopback', '--enable-sandbox', '--enable-seccomp', '--ready-fd=3', '--exit-fd=4', String(pid), 'tap0'];
    const child = spawn('/bin/bash', ['-c', `${closeInheritedFdsAbove(4)}\nexec "$@"`, 'bullpen-slirp', this.options.slirp4netns!, ...args], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin' },
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      if (errors.length < 4096) errors += chunk.toString();
    });
    const ready = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.startTimeoutMs);
      (child.stdio[3] as NodeJS.ReadableStream).once('data', () => {
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (!this.disposed && this.networks.get(sandboxId)?.state.slirp === child) {
          this.options.log(`sandbox ${sandboxId} lost its way out to the internet: slirp4netns ended (${signal ?? `exit ${code}`})${errors ? `: ${errors.trim()}` : ''}`);
        }
        resolve();
      });
      child.once('error', () => resolve());
    });
    return { process: child, ready };
  }

  private stopWhenIdle(sandboxId: string, network: Network): void {
    if (this.disposed) return this.stop(sandboxId, network);
    network.idleTimer = setTimeout(() => {
      if (network.leases === 0 && this.networks.get(sandboxId) === network) this.stop(sandboxId, network);
    }, this.options.idleStopMs ?? DEFAULT_IDLE_STOP_MS);
    network.idleTimer.unref?.();
  }

  /** The holder file goes first (no process joins any more), then the holder and its way out. */
  private stop(sandboxId: string, network: Network): void {
    if (this.networks.get(sandboxId) === network) this.networks.delete(sandboxId);
    clearTimeout(network.idleTimer);
    for (const file of [this.holderFile(network.key), this.socketPath(network.key)]) {
      try {
        unlinkSync(file);
      } catch {
        /* not there yet */
      }
    }
    network.listening = undefined;
    if (network.state.kind === 'ready') network.state.watch.destroy();
    if (network.state.slirp) signalChild(network.state.slirp, 'SIGKILL');
    signalChild(network.state.holder, 'SIGKILL');
  }

  private holderFile(key: string): string {
    return path.join(this.runDir, `${key}.holder`);
  }

  private socketPath(key: string): string {
    return path.join(this.runDir, `${key}.sock`);
  }
}
