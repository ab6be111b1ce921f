import { SLIRP_DNS, namespaceResolvConf, parseListening } from '../../../../../src/server/adapters/process/network-holder-reports';

describe('namespaceResolvConf', () => {
  it("keeps the host's name servers that the namespace can reach", () => {
    expect(namespaceResolvConf('search example.org\nnameserver 10.255.255.53\n', true)).toBe('search example.org\nnameserver 10.255.255.53\n');
  });

  it("replaces a local resolver (loopback, unreachable from the namespace) by slirp4netns's forwarder", () => {
    expect(namespaceResolvConf('nameserver 127.0.0.53\noptions edns0\n', true)).toBe(`nameserver ${SLIRP_DNS}\noptions edns0\n`);
    expect(namespaceResolvConf('nameserver ::1\nnameserver 8.8.8.8', true)).toBe(`nameserver ${SLIRP_DNS}\nnameserver 8.8.8.8\n`);
  });

  it('uses the forwarder when the host names none, and adds nothing offline', () => {
    expect(namespaceResolvConf('', true)).toBe(`nameserver ${SLIRP_DNS}\n`);
    expect(namespaceResolvConf('nameserver 127.0.0.1\n', false)).toBe('\n');
  });
});

describe('parseListening (a report of a workspace network holder)', () => {
  it('reads the lines of a report, IPv4 and IPv6', () => {
    expect([...parseListening('10 127.0.0.1 3000\n11 ::1 5173\n12 ::ffff:127.0.0.1 8080\n')!.values()]).toEqual([
      { inode: 10, address: '127.0.0.1', port: 3000 },
      { inode: 11, address: '::1', port: 5173 },
      { inode: 12, address: '::ffff:127.0.0.1', port: 8080 },
    ]);
    expect(parseListening('')!.size).toBe(0);
  });

  it('says it cannot tell for ERROR, and skips lines that are not sockets', () => {
    expect(parseListening('ERROR\n')).toBeUndefined();
    expect([...parseListening('junk\n0 1.2.3.4 80\n5 1.2.3.4 70000\n6 1.2.3.4 80\n')!.keys()]).toEqual([6]);
  });
});
