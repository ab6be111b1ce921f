import { promises as fsp } from 'node:fs';
import { endianness } from 'node:os';
import { Disposable } from '../../../base/lifecycle';
import { ListeningSocketChanges } from '../../application/workspace/port/port-service';
import { ProcSocket, parseListeningSockets } from './proc-net-tcp';

/** How often the socket counters are looked at while any workspace runs a process. */
export const LISTEN_POLL_MS = 250;
/**
 * The socket tables are read at least this often even when the counters did not move: a new listener and a closed
 * connection in the same poll interval can leave every counter as it was.
 */
export const FULL_READ_MS = 1_000;

export type SocketTable = Map<number, ProcSocket>;

/** Reads the LISTEN sockets of /proc/net/tcp and tcp6 (this server's network namespace), by inode. */
export async function readListeningSockets(littleEndian = endianness() === 'LE'): Promise<SocketTable> {
  const texts = await Promise.all(['tcp', 'tcp6'].map((name) => fsp.readFile(`/proc/net/${name}`, 'utf8').catch(() => '')));
  const byInode: SocketTable = new Map();
  for (const text of texts) for (const socket of parseListeningSockets(text, littleEndian)) byInode.set(socket.inode, socket);
  return byInode;
}

/**
 * The TCP socket counters of /proc/net/sockstat and sockstat6 (sockets in use, orphaned, in TIME_WAIT, allocated;
 * not the buffer memory, which moves with traffic): cheap to read, and they move when a socket starts or stops
 * listening. Undefined when the files cannot be read.
 */
export async function readSocketCounters(): Promise<string | undefined> {
  const texts = await Promise.all(['sockstat', 'sockstat6'].map((name) => fsp.readFile(`/proc/net/${name}`, 'utf8').catch(() => undefined)));
  if (texts.some((t) => t === undefined)) return undefined;
  return texts
    .flatMap((text) => text!.split('\n').filter((line) => /^TCP6?:/.test(line)))
    .map((line) => line.replace(/\s+mem\s+\d+/, ''))
    .join('|');
}

/**
 * One watch on the machine's listening TCP sockets for the whole server, while anyone subscribed (a workspace with
 * running processes). Reading /proc/net/tcp costs the kernel a walk of its whole connection table (milliseconds on a
 * large machine), so each LISTEN_POLL_MS tick reads only the socket counters of sockstat, and the tables when those
 * moved (and at least every FULL_READ_MS): a few cheap reads per tick however many workspaces there are.
 * Subscribers hear when the set of listening sockets changed — a port opened or closed somewhere — and only then look
 * at their own processes (their process trees and open files). The latest table is shared too (sockets()), so the
 * workspaces that look after a change do not read it again.
 */
export class ProcListeningSocketsMonitor implements ListeningSocketChanges {
  /** Each subscriber with the set of listening sockets (their inodes) it was last told about: none at first. */
  private readonly listeners = new Map<() => void, string | undefined>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticking = false;
  private cached: { at: number; table: Promise<SocketTable> } | undefined;
  /** The counters at the last tick, and when the tables were last read by a tick. */
  private counters: string | undefined;
  private lastFullRead = 0;

  constructor(
    private readonly pollMs = LISTEN_POLL_MS,
    private readonly read: () => Promise<SocketTable> = () => readListeningSockets(),
    private readonly now: () => number = Date.now,
    private readonly readCounters: () => Promise<string | undefined> = readSocketCounters,
    private readonly fullReadMs = FULL_READ_MS,
  ) {}

  /**
   * Calls `listener` after each poll that found the set of listening sockets changed since it was last called — and
   * after the first poll following the subscription, so a port opened while the subscriber was subscribing is seen.
   */
  subscribe(listener: () => void): Disposable {
    const wrapped = () => listener();
    this.listeners.set(wrapped, undefined);
    if (this.timer === undefined && !this.ticking) this.schedule();
    return {
      dispose: () => {
        if (!this.listeners.delete(wrapped) || this.listeners.size > 0) return;
        clearTimeout(this.timer);
        this.timer = undefined;
        this.counters = undefined;
      },
    };
  }

  /** The listening sockets; a table read in the last half poll interval is shared. */
  sockets(): Promise<SocketTable> {
    const now = this.now();
    if (this.cached && now - this.cached.at <= this.pollMs / 2) return this.cached.table;
    const table = this.read().catch(() => new Map() as SocketTable);
    this.cached = { at: now, table };
    return table;
  }

  /** Whether the poll runs (someone subscribed), for tests. */
  get polling(): boolean {
    return this.timer !== undefined || this.ticking;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ticking = true;
      void this.tick().finally(() => {
        this.ticking = false;
        if (this.listeners.size > 0 && this.timer === undefined) this.schedule();
      });
    }, this.pollMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    const counters = await this.readCounters();
    const moved = counters === undefined || counters !== this.counters;
    this.counters = counters;
    const newcomer = [...this.listeners.values()].some((seen) => seen === undefined);
    if (!moved && !newcomer && this.now() - this.lastFullRead < this.fullReadMs) return;
    this.lastFullRead = this.now();
    const table = await this.sockets();
    const signature = [...table.keys()].sort((a, b) => a - b).join(',');
    for (const [listener, seen] of [...this.listeners]) {
      if (seen === signature || !this.listeners.has(listener)) continue;
      this.listeners.set(listener, signature);
      listener();
    }
  }
}
