import { PreviewTarget, parsePreviewHost, previewHost } from '../../../domain/port/preview-host';
import { hostHeaderValue, isLoopbackHost, isWildcardHost } from './network-access';

interface PreviewBase {
  protocol: 'http:' | 'https:';
  /** `host[:port]` the preview label goes in front of. */
  host: string;
}

const isIpAddress = (host: string): boolean => /^[\d.]+$/.test(host) || host.includes(':');

/**
 * Where the previews of sandbox ports live (docs/protocol/port.md "Preview URLs"): each port on its own origin,
 * `<sandboxId>-<port>.` in front of a base host, so that a previewed page cannot script the editor or another
 * preview. The bases: BULLPEN_PUBLIC_URL's host (needs a wildcard DNS name and certificate), `localhost:<PORT>` on
 * a loopback or all-interfaces bind (browsers resolve *.localhost to loopback), and a named HOST. Addresses cannot
 * carry a label, so a bare IP bind without a public URL previews only on this machine.
 */
export class PreviewHosts {
  private port: number;

  constructor(
    private readonly bindHost: string,
    private readonly publicUrl: string | undefined,
    port: number,
  ) {
    this.port = port;
  }

  /** The server's port once it listens (PORT=0 picks one). */
  listening(port: number): void {
    this.port = port;
  }

  /** The preview URL of a sandbox port: `http://<sandboxId>-<port>.localhost:<PORT>/` on a local install. */
  url(sandboxId: string, port: number): string {
    const base = this.bases()[0];
    return `${base.protocol}//${previewHost({ sandboxId, port }, base.host)}/`;
  }

  /** The sandbox port a Host header names, if it is a preview host of this server. */
  parse(host: string | undefined): PreviewTarget | undefined {
    return parsePreviewHost(host, this.bases().map((b) => b.host));
  }

  /** The scheme a preview host is served with (the public URL's behind a proxy). */
  protocolOf(host: string | undefined): 'http:' | 'https:' {
    const value = host?.toLowerCase() ?? '';
    return this.bases().find((b) => value.endsWith(`.${b.host}`))?.protocol ?? 'http:';
  }

  private bases(): PreviewBase[] {
    const bases: PreviewBase[] = [];
    if (this.publicUrl !== undefined) {
      const url = new URL(this.publicUrl);
      bases.push({ protocol: url.protocol === 'https:' ? 'https:' : 'http:', host: url.host.toLowerCase() });
    }
    if (isLoopbackHost(this.bindHost) || isWildcardHost(this.bindHost)) bases.push({ protocol: 'http:', host: hostHeaderValue('localhost', this.port) });
    else if (!isIpAddress(this.bindHost)) bases.push({ protocol: 'http:', host: hostHeaderValue(this.bindHost, this.port) });
    if (bases.length === 0) bases.push({ protocol: 'http:', host: hostHeaderValue('localhost', this.port) });
    return bases;
  }
}
