import { promises as fsp } from 'node:fs';
import { ListeningPort, ListeningPorts } from '../../application/ports/listening-ports.port';
import { ProcSocket, connectAddress } from './proc-net-tcp';
import { descendantsByRoot } from './proc-process-tree';
import { SocketTable, readListeningSockets } from './listening-sockets-monitor';
import { ProcNetwork, pidsByNetwork } from './proc-network';

/**
 * ListeningPorts on Linux: the LISTEN sockets of the tcp and tcp6 tables of the network namespace the given pids are
 * in (the server's own, /proc/net, or the workspace's, /proc/<pid>/net, ADR 0013), matched by inode against the
 * `socket:[inode]` links in /proc/<pid>/fd of the processes descending from the given pids. The tables may come from
 * a shared source (the ProcListeningSocketsMonitor's latest read), so that workspaces looking at once read them once.
 */
export class ProcListeningPorts implements ListeningPorts {
  constructor(private readonly listeningSockets: (network: ProcNetwork) => Promise<SocketTable> = (network) => readListeningSockets(network.procNet)) {}

  async find(rootPids: readonly number[]): Promise<ListeningPort[]> {
    if (rootPids.length === 0) return [];
    const [sockets, owners] = await Promise.all([this.tables(rootPids), descendantsByRoot(rootPids)]);
    if (sockets.size === 0) return [];
    const held: Array<{ socket: ProcSocket; rootPid: number }> = [];
    await Promise.all(
      [...owners].map(async ([pid, rootPid]) => {
        for (const inode of await socketInodes(pid)) {
          const socket = sockets.get(inode);
          if (socket) held.push({ socket, rootPid });
        }
      }),
    );
    if (held.length === 0) return [];
    // A shell forked but not yet exec'd still holds copies of this server's sockets: those are never a workspace's.
    const own = new Set(await socketInodes('self'));
    const found = new Map<number, ListeningPort>();
    for (const { socket, rootPid } of held) {
      if (own.has(socket.inode)) continue;
      const candidate = { port: socket.port, host: connectAddress(socket.address), rootPid };
      const known = found.get(socket.port);
      // One entry per port; an IPv4 loopback listener is the safest to connect to when there are several.
      if (!known || (candidate.host === '127.0.0.1' && known.host !== '127.0.0.1')) found.set(socket.port, candidate);
    }
    return [...found.values()].sort((a, b) => a.port - b.port);
  }

  /** The listening sockets of every network namespace the pids are in (socket inodes are unique machine-wide). */
  private async tables(rootPids: readonly number[]): Promise<SocketTable> {
    const groups = await pidsByNetwork(rootPids);
    const tables = await Promise.all(groups.map(({ network }) => this.listeningSockets(network)));
    if (tables.length === 1) return tables[0];
    const merged: SocketTable = new Map();
    for (const table of tables) for (const [inode, socket] of table) merged.set(inode, socket);
    return merged;
  }
}

/** The inodes of the sockets a process has open. */
async function socketInodes(pid: number | 'self'): Promise<number[]> {
  const dir = `/proc/${pid}/fd`;
  const fds = await fsp.readdir(dir).catch(() => [] as string[]);
  const links = await Promise.all(fds.map((fd) => fsp.readlink(`${dir}/${fd}`).catch(() => '')));
  return links.flatMap((link) => {
    const match = /^socket:\[(\d+)\]$/.exec(link);
    return match ? [Number(match[1])] : [];
  });
}
