import { PreviewHosts } from '../../../../../src/server/application/access/preview-hosts';

describe('PreviewHosts', () => {
  it('previews on <sandbox>-<port>.localhost:<PORT> on a loopback or all-interfaces bind, once the port is known', () => {
    const hosts = new PreviewHosts('127.0.0.1', undefined, 0);
    hosts.listening(3000);
    expect(hosts.url('abc123', 5173)).toBe('http://abc123-5173.localhost:3000/');
    expect(hosts.parse('abc123-5173.localhost:3000')).toEqual({ sandboxId: 'abc123', port: 5173 });
    expect(hosts.parse('abc123-5173.127.0.0.1:3000')).toBeUndefined();
    expect(new PreviewHosts('0.0.0.0', undefined, 8080).url('x1', 80)).toBe('http://x1-80.localhost:8080/');
  });

  it('previews below the public URL behind a proxy (and still on localhost)', () => {
    const hosts = new PreviewHosts('127.0.0.1', 'https://ide.example.com', 3000);
    expect(hosts.url('abc123', 5173)).toBe('https://abc123-5173.ide.example.com/');
    expect(hosts.parse('abc123-5173.ide.example.com')).toEqual({ sandboxId: 'abc123', port: 5173 });
    expect(hosts.protocolOf('abc123-5173.ide.example.com')).toBe('https:');
    expect(hosts.parse('abc123-5173.localhost:3000')).toEqual({ sandboxId: 'abc123', port: 5173 });
    expect(hosts.protocolOf('abc123-5173.localhost:3000')).toBe('http:');
  });

  it('previews below a named host, and on localhost for a bare address', () => {
    expect(new PreviewHosts('devbox.lan', undefined, 3000).url('s1', 4000)).toBe('http://s1-4000.devbox.lan:3000/');
    expect(new PreviewHosts('192.168.1.5', undefined, 3000).url('s1', 4000)).toBe('http://s1-4000.localhost:3000/');
  });
});
