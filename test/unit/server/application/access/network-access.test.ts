import {
  allowedOrigins,
  displayHost,
  isAllowedHost,
  isAllowedOrigin,
  isLoopbackHost,
} from '../../../../../src/server/application/access/network-access';

const machine = { addresses: ['127.0.0.1', '192.168.1.20', '::1', 'fe80::1'], hostname: 'devbox' };

describe('network access rules', () => {
  it('tells loopback hosts apart', () => {
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('::1')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('192.168.1.20')).toBe(false);
    expect(isLoopbackHost('127.1.2.3')).toBe(true);
    expect(isLoopbackHost('127.example.com')).toBe(false);
  });

  it('on loopback allows the loopback names with the port, nothing else', () => {
    const rules = allowedOrigins({ host: '127.0.0.1', port: 3000 }, undefined, machine);
    expect([...rules.hosts].sort()).toEqual(['127.0.0.1:3000', '[::1]:3000', 'localhost:3000']);
    expect(isAllowedHost(rules, 'LOCALHOST:3000')).toBe(true);
    expect(isAllowedHost(rules, '192.168.1.20:3000')).toBe(false);
    expect(isAllowedHost(rules, 'localhost')).toBe(false);
    expect(isAllowedHost(rules, undefined)).toBe(false);
    expect(isAllowedOrigin(rules, 'http://localhost:3000')).toBe(true);
    expect(isAllowedOrigin(rules, 'https://localhost:3000')).toBe(false);
    expect(isAllowedOrigin(rules, 'http://evil.example')).toBe(false);
    expect(isAllowedOrigin(rules, undefined)).toBe(true);
  });

  it('on all interfaces also allows the interface addresses and the host name', () => {
    const rules = allowedOrigins({ host: '0.0.0.0', port: 8080 }, undefined, machine);
    for (const host of ['localhost:8080', '192.168.1.20:8080', '[fe80::1]:8080', 'devbox:8080']) expect(isAllowedHost(rules, host)).toBe(true);
    expect(isAllowedHost(rules, 'devbox.example.com:8080')).toBe(false);
  });

  it('on one address allows that address only, without the port on port 80', () => {
    const rules = allowedOrigins({ host: '192.168.1.20', port: 80 }, undefined, machine);
    expect([...rules.hosts]).toEqual(['192.168.1.20']);
    expect(displayHost('192.168.1.20')).toBe('192.168.1.20');
    expect(displayHost('0.0.0.0')).toBe('localhost');
  });

  it('adds the host and origin of BULLPEN_PUBLIC_URL', () => {
    const rules = allowedOrigins({ host: '127.0.0.1', port: 3000 }, 'https://ide.example.com', machine);
    expect(isAllowedHost(rules, 'ide.example.com')).toBe(true);
    expect(isAllowedOrigin(rules, 'https://ide.example.com')).toBe(true);
    expect(isAllowedOrigin(rules, 'http://ide.example.com')).toBe(false);
  });
});
