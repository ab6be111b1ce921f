/** What a workspace network's holder reports, and the files its namespace gets (ADR 0013). */

/** A TCP socket listening in a workspace's network (the shape port detection reads from /proc/net/tcp). */
export interface ListeningSocket {
  inode: number;
  address: string;
  port: number;
}

/** The address slirp4netns answers DNS on inside the namespace. */
export const SLIRP_DNS = '10.0.2.3';

/** One report of the holder's watch: lines `<inode> <address> <port>`; undefined for `ERROR` (it cannot tell). */
export function parseListening(block: string): Map<number, ListeningSocket> | undefined {
  const sockets = new Map<number, ListeningSocket>();
  for (const line of block.split('\n')) {
    if (line === '') continue;
    if (line === 'ERROR') return undefined;
    const match = /^(\d+) ([0-9A-Fa-f.:]+) (\d+)$/.exec(line);
    if (!match) continue;
    const inode = Number(match[1]);
    const port = Number(match[3]);
    if (inode > 0 && port > 0 && port <= 65535) sockets.set(inode, { inode, address: match[2], port });
  }
  return sockets;
}

/**
 * The namespaces' /etc/resolv.conf: the host's, with loopback name servers (a local resolver, unreachable from the
 * namespace) replaced by slirp4netns's forwarder when there is a way out.
 */
export function namespaceResolvConf(host: string, online: boolean): string {
  const lines = host.split('\n');
  const isLoopbackServer = (line: string) => /^\s*nameserver\s+(127\.|::1\s*$)/.test(line);
  const kept = lines.filter((line) => !isLoopbackServer(line));
  const hasServer = kept.some((line) => /^\s*nameserver\s+/.test(line));
  if (online && (!hasServer || kept.length !== lines.length)) kept.unshift(`nameserver ${SLIRP_DNS}`);
  return kept.join('\n').replace(/\n*$/, '\n');
}
