import { promises as fsp } from 'node:fs';
import { endianness } from 'node:os';
import { Disposable } from '../../../base/lifecycle';
import { ListeningSocketChanges } from '../../application/workspace/port/port-service';
import { ProcSocket, parseListeningSockets } from './proc-net-tcp';
import { HOST_NETWORK, ProcNetwork, networkOfPid } from './proc-network';

/** How often the socket counters are looked at while any workspace runs a process. */
export const LISTEN_POLL_MS = 250;
/**
 * The socket tables are read at least this often even when the counters did not move: a new listener and a closed
 * connection in the same poll interval can leave every counter as it was.
 */
export const FULL_READ_MS = 1_000;

export type SocketTable = Map<number, ProcSocket>;

/** Reads the LISTEN sockets of tcp and tcp6 in `procNet` (the server's network namespace by default), by inode. */
export async function readListeningSockets(procNet = HOST_NETWORK.procNet, littleEndian = endianness() === 'LE'): Promise<SocketTable> {
  const texts = await Promise.all(['tcp', 'tcp6'].map((name) => fsp.readFile(`${procNet}/${name}`, 'utf8').catch(() => '')));
  const byInode: SocketTable = new Map();
  for (const text of texts) for (const socket of parseListeningSockets(text, littleEndian)) byInode.set(socket.inode, socket);
  return byInode;
}

/**
 * The TCP socket counters of sockstat and sockstat6 in `procNet` (sockets in use, orphaned, in TIME_WAIT, allocated;
 * not the buffer memory, which moves with traffic): cheap to read, and they move when a socket starts or stops
 * listening. They are counted per network namespace. Undefined when the files cannot be read.
 */
export async function readSocketCounters(procNet = HOST_NETWORK.procNet): Promise<string | undefined> {
  const texts = await Promise.all(['sockstat', 'sockstat6'].map((name) => fsp.readFile(`${procNet}/${name}`, 'utf8').catch(() => undefined)));
  if (texts.some((t) => t === undefined)) return undefined;
  return texts
    .flatMap((text) => text!.split('\n').filter((line) => /^TCP6?:/.test(line)))
    .map((line) => line.replace(/\s+mem\s+\d+/, ''))
    .join('|');
}

export interface MonitorOptions {
  pollMs?: number;
  /** Reads a network's listening sockets from its /proc/…/net directory. */
  read?: (procNet: string) => Promise<SocketTable>;
  now?: () => number;
  readCounters?: (procNet: string) => Promise<string | undefined>;
  fullReadMs?: number;
  /** The network namespace a pid is in. */
  networkOf?: (pid: number) => Promise<ProcNetwork | undefined>;
  /**
   * The listening sockets of a network when something cheaper than /proc tells them (a workspace network's holder,
   * ADR 0013); undefined: read /proc.
   */
  reported?: (network: ProcNetwork) => ReadonlyMap<number, ProcSocket> | undefined;
}

interface Subscriber {
  listener: () => void;
  /** The pids whose network namespace to watch; none: the server's own. */
  pids?: () => readonly number[];
  /** The set of listening sockets (network and inodes) it was last told about: none at first. */
  seen: string | undefined;
}

/** What the monitor keeps per network namespace it watches. */
interface NetworkState {
  counters: string | undefined;
  lastFullRead: number;
  cached: { at: number; table: Promise<SocketTable> } | undefined;
}

/**
 * One watch on the listening TCP sockets for the whole server, while anyone subscribed (a workspace with running
 * processes). Reading a tcp table costs the kernel a walk of its whole connection table (milliseconds on a large
 * machine), so each LISTEN_POLL_MS tick reads only the socket counters of sockstat, and the tables when those moved
 * (and at least every FULL_READ_MS). A workspace whose processes have their own network namespace (ADR 0013) is
 * watched in that namespace (found from its pids), the others share the server's: a few cheap reads per tick and
 * namespace. Subscribers hear when the set of listening sockets of their namespace changed — a port opened or
 * closed — and only then look at their own processes. The latest table of each namespace is shared too (sockets()),
 * so the workspaces that look after a change do not read it again.
 */
export class ProcListeningSocketsMonitor implements ListeningSocketChanges {
  private readonly subscribers = new Set<Subscriber>();
  private readonly networks = new Map<string, NetworkState>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking = false;
  /** Poked during a tick: another follows at once. */
  private again = false;

  private readonly pollMs: number;
  private readonly read: (procNet: string) => Promise<SocketTable>;
  private readonly now: () => number;
  private readonly readCounters: (procNet: string) => Promise<string | undefined>;
  private readonly fullReadMs: number;
  private readonly networkOf: (pid: number) => Promise<ProcNetwork | undefined>;
  private readonly reported: (network: ProcNetwork) => ReadonlyMap<number, ProcSocket> | undefined;

  constructor(options: MonitorOptions = {}) {
    this.pollMs = options.pollMs ?? LISTEN_POLL_MS;
    this.read = options.read ?? ((procNet) => readListeningSockets(procNet));
    this.now = options.now ?? Date.now;
    this.readCounters = options.readCounters ?? readSocketCounters;
    this.fullReadMs = options.fullReadMs ?? FULL_READ_MS;
    this.networkOf = options.networkOf ?? networkOfPid;
    this.reported = options.reported ?? (() => undefined);
  }

  /**
   * Calls `listener` after each poll that found the set of listening sockets of its network changed since it was last
   * called — and after the first poll following the subscription, so a port opened while subscribing is seen.
   * `pids` names processes of the subscriber's network namespace; without them (or when they are gone) it is the
   * server's own.
   */
  subscribe(listener: () => void, pids?: () => readonly number[]): Disposable {
    const subscriber: Subscriber = { listener: () => listener(), pids, seen: undefined };
    this.subscribers.add(subscriber);
    if (this.timer === undefined && !this.ticking) this.schedule();
    return {
      dispose: () => {
        if (!this.subscribers.delete(subscriber) || this.subscribers.size > 0) return;
        clearTimeout(this.timer);
        this.timer = undefined;
        this.networks.clear();
      },
    };
  }

  /** The listening sockets of a network (the server's by default); a table read in the last half interval is shared. */
  sockets(network: ProcNetwork = HOST_NETWORK): Promise<SocketTable> {
    const reported = this.reported(network);
    if (reported !== undefined) return Promise.resolve(reported as SocketTable);
    const state = this.stateOf(network.key);
    const now = this.now();
    if (state.cached && now - state.cached.at <= this.pollMs / 2) return state.cached.table;
    const table = this.read(network.procNet).catch(() => new Map() as SocketTable);
    state.cached = { at: now, table };
    return table;
  }

  /** Something told that listening sockets changed (a workspace network's report): look now rather than at the tick. */
  poke(): void {
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.runTick();
  }

  /** Whether the poll runs (someone subscribed), for tests. */
  get polling(): boolean {
    return this.timer !== undefined || this.ticking;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.runTick();
    }, this.pollMs);
    this.timer.unref?.();
  }

  private runTick(): void {
    this.ticking = true;
    this.again = false;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.subscribers.size === 0 || this.timer !== undefined) return;
      if (this.again) this.runTick();
      else this.schedule();
    });
  }

  private async tick(): Promise<void> {
    const groups = new Map<string, { network: ProcNetwork; subscribers: Subscriber[] }>();
    const located = await Promise.all([...this.subscribers].map(async (subscriber) => ({ subscriber, network: await this.locate(subscriber) })));
    for (const { subscriber, network } of located) {
      const group = groups.get(network.key);
      if (group) group.subscribers.push(subscriber);
      else groups.set(network.key, { network, subscribers: [subscriber] });
    }
    for (const key of [...this.networks.keys()]) if (!groups.has(key)) this.networks.delete(key);
    await Promise.all([...groups.values()].map(({ network, subscribers }) => this.look(network, subscribers)));
  }

  private async look(network: ProcNetwork, subscribers: Subscriber[]): Promise<void> {
    const prefix = `${network.key}:`;
    const reported = this.reported(network);
    const table = reported ?? (await this.readIfMoved(network, subscribers.some((s) => s.seen === undefined || !s.seen.startsWith(prefix))));
    if (table === undefined) return;
    const signature = prefix + [...table.keys()].sort((a, b) => a - b).join(',');
    for (const subscriber of subscribers) {
      if (subscriber.seen === signature || !this.subscribers.has(subscriber)) continue;
      subscriber.seen = signature;
      subscriber.listener();
    }
  }

  /** The network's table when its counters moved, a subscriber is new to it, or FULL_READ_MS passed; else undefined. */
  private async readIfMoved(network: ProcNetwork, newcomer: boolean): Promise<ReadonlyMap<number, ProcSocket> | undefined> {
    const state = this.stateOf(network.key);
    const counters = await this.readCounters(network.procNet);
    const moved = counters === undefined || counters !== state.counters;
    state.counters = counters;
    if (!moved && !newcomer && this.now() - state.lastFullRead < this.fullReadMs) return undefined;
    state.lastFullRead = this.now();
    return this.sockets(network);
  }

  /** The network a subscriber's processes are in: that of its first pid still there, else the server's. */
  private async locate(subscriber: Subscriber): Promise<ProcNetwork> {
    for (const pid of subscriber.pids?.() ?? []) {
      const network = await this.networkOf(pid);
      if (network !== undefined) return network;
    }
    return HOST_NETWORK;
  }

  private stateOf(key: string): NetworkState {
    let state = this.networks.get(key);
    if (state === undefined) {
      state = { counters: undefined, lastFullRead: 0, cached: undefined };
      this.networks.set(key, state);
    }
    return state;
  }
}
