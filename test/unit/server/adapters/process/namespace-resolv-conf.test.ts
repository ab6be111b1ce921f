import { SLIRP_DNS, namespaceResolvConf } from '../../../../../src/server/adapters/process/workspace-networks';

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
