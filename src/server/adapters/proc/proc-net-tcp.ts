/**
 * Parsing of /proc/net/tcp and /proc/net/tcp6 (proc(5)): one socket per line,
 * `sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …`, addresses as
 * hexadecimal words in the kernel's byte order followed by `:` and the port in big-endian hexadecimal.
 */
export interface ProcSocket {
  /** The local address, formatted (`127.0.0.1`, `::`, `::1`, `::ffff:127.0.0.1`, …). */
  address: string;
  port: number;
  inode: number;
}

/** TCP_LISTEN in the kernel's state table. */
const LISTEN = '0A';

/** The listening sockets of one /proc/net/tcp or tcp6 text. `littleEndian` is the machine's byte order. */
export function parseListeningSockets(text: string, littleEndian = true): ProcSocket[] {
  const out: ProcSocket[] = [];
  for (const line of text.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length < 10 || fields[3] !== LISTEN) continue;
    const [hexAddress, hexPort] = fields[1].split(':');
    const address = hexAddress?.length === 8 ? ipv4(hexAddress, littleEndian) : hexAddress?.length === 32 ? ipv6(hexAddress, littleEndian) : undefined;
    const port = parseInt(hexPort ?? '', 16);
    const inode = Number(fields[9]);
    if (address === undefined || !Number.isInteger(port) || port <= 0 || !Number.isSafeInteger(inode) || inode <= 0) continue;
    out.push({ address, port, inode });
  }
  return out;
}

/** The bytes of one 32-bit word as the kernel printed it. */
function wordBytes(hex: string, littleEndian: boolean): number[] {
  const bytes = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return littleEndian ? bytes.reverse() : bytes;
}

function ipv4(hex: string, littleEndian: boolean): string | undefined {
  const bytes = wordBytes(hex, littleEndian);
  return bytes.some(Number.isNaN) ? undefined : bytes.join('.');
}

function ipv6(hex: string, littleEndian: boolean): string | undefined {
  const bytes = [0, 8, 16, 24].flatMap((i) => wordBytes(hex.slice(i, i + 8), littleEndian));
  if (bytes.some(Number.isNaN)) return undefined;
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return `::ffff:${bytes.slice(12).join('.')}`;
  const groups = [0, 2, 4, 6, 8, 10, 12, 14].map((i) => ((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return compressIpv6(groups);
}

/** RFC 5952: the longest run of two or more zero groups becomes `::`. */
function compressIpv6(groups: string[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === '0') j++;
    if (j - i > bestLength) {
      best = i;
      bestLength = j - i;
    }
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLength).join(':')}`;
}

/**
 * Where the proxy connects to reach a listener on this machine: a wildcard address answers on loopback (`::` too:
 * Node and most servers listen dual-stack there, and 127.0.0.1 works where IPv6 loopback is switched off); any other
 * address is used as it is.
 */
export function connectAddress(address: string): string {
  if (address === '0.0.0.0' || address === '::') return '127.0.0.1';
  if (address.startsWith('::ffff:')) return connectAddress(address.slice('::ffff:'.length));
  return address;
}
