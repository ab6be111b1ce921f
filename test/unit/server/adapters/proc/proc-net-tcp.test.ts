import { connectAddress, parseListeningSockets } from '../../../../../src/server/adapters/proc/proc-net-tcp';

/** Lines captured from a Linux x86-64 /proc/net/tcp and /proc/net/tcp6 with node servers listening and connected. */
const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode                                                     
   0: 0100007F:6448 00000000:0000 0A 00000000:00000000 00:00000000 00000000   106        0 4972 1 000000009a38d90c 100 0 0 10 0                      
   1: 00000000:B272 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 238554 1 00000000a41e0ba5 100 0 0 10 0                    
  33: 0100007F:B272 0100007F:8A28 01 00000000:00000000 00:00000000 00000000     0        0 238556 1 00000000276ca3f3 20 0 0 10 -1                    
  44: 0100007F:8A28 0100007F:B272 01 00000000:00000000 00:00000000 00000000     0        0 238555 2 00000000abdac02b 20 0 0 10 -1                    
`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000000000000:B270 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 238670 1 000000006dad8d9d 100 0 0 10 0
   2: 0000000000000000FFFF00000100007F:B271 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 238553 1 00000000eaad185e 100 0 0 10 0
   3: 00000000000000000000000001000000:B26F 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 238672 1 0000000011734f14 100 0 0 10 0
`;

describe('parseListeningSockets', () => {
  it('reads the listening IPv4 sockets: address in host byte order, port in hexadecimal, inode; connections are left out', () => {
    expect(parseListeningSockets(TCP)).toEqual([
      { address: '127.0.0.1', port: 25672, inode: 4972 },
      { address: '0.0.0.0', port: 45682, inode: 238554 },
    ]);
  });

  it('reads the listening IPv6 sockets: any, IPv4-mapped and loopback addresses', () => {
    expect(parseListeningSockets(TCP6)).toEqual([
      { address: '::', port: 45680, inode: 238670 },
      { address: '::ffff:127.0.0.1', port: 45681, inode: 238553 },
      { address: '::1', port: 45679, inode: 238672 },
    ]);
  });

  it('reads the words in big-endian order on a big-endian machine', () => {
    const line = `header\n   0: 7F000001:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 77 1 0 100 0 0 10 0\n`;
    expect(parseListeningSockets(line, false)).toEqual([{ address: '127.0.0.1', port: 8080, inode: 77 }]);
  });

  it('compresses an IPv6 address as RFC 5952 writes it', () => {
    const line = `header\n   0: 000080FE00000000FF00FC0001000EFE:0050 00000000000000000000000000000000:0000 0A 0 0 0 0 0 5 1\n`;
    expect(parseListeningSockets(line)).toEqual([{ address: 'fe80::fc:ff:fe0e:1', port: 80, inode: 5 }]);
  });

  it('skips lines it cannot read instead of failing', () => {
    expect(parseListeningSockets('header\ngarbage line\n   0: ZZ:XX 0 0A a b c d e f\n\n')).toEqual([]);
    expect(parseListeningSockets('')).toEqual([]);
  });
});

describe('connectAddress', () => {
  it('reaches a wildcard listener on IPv4 loopback and any other address as it is', () => {
    expect(connectAddress('0.0.0.0')).toBe('127.0.0.1');
    expect(connectAddress('::')).toBe('127.0.0.1');
    expect(connectAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(connectAddress('::1')).toBe('::1');
    expect(connectAddress('127.0.0.1')).toBe('127.0.0.1');
    expect(connectAddress('192.168.1.5')).toBe('192.168.1.5');
  });
});
