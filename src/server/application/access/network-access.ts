/**
 * Which addresses may reach Bullpen, as pure rules over the bound host, the port and the public URL (ADR 0007's part
 * that stays: Host and Origin checks).
 * The Host header must name one of the allowed hosts (defeats DNS rebinding); an Origin header, when present, must
 * be one of the allowed origins (defeats cross-site requests and websocket hijacking).
 */

export interface AllowedOrigins {
  /** Lower-case `host[:port]` values a Host header may carry. */
  readonly hosts: ReadonlySet<string>;
  /** Lower-case `scheme://host[:port]` values an Origin header may carry. */
  readonly origins: ReadonlySet<string>;
}

/** What the machine answers to when bound to all interfaces: its interface addresses and its host name. */
export interface MachineNames {
  addresses: readonly string[];
  hostname: string | undefined;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

const unbracket = (host: string): string => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

export function isLoopbackHost(host: string): boolean {
  const h = unbracket(host.toLowerCase());
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export function isWildcardHost(host: string): boolean {
  const h = unbracket(host);
  return h === '' || h === '0.0.0.0' || h === '::';
}

/** `host:port` as a Host header carries it (IPv6 in brackets, no port for 80). */
export function hostHeaderValue(host: string, port: number): string {
  const h = unbracket(host.toLowerCase()).replace(/%.*$/, '');
  const name = h.includes(':') ? `[${h}]` : h;
  return port === 80 ? name : `${name}:${port}`;
}

/** The host a URL printed for people should name: the bound address, or localhost for loopback and all interfaces. */
export function displayHost(bindHost: string): string {
  return isLoopbackHost(bindHost) || isWildcardHost(bindHost) ? 'localhost' : hostHeaderValue(bindHost, 80);
}

export function allowedOrigins(bind: { host: string; port: number }, publicUrl: string | undefined, machine: MachineNames): AllowedOrigins {
  const names = new Set<string>();
  if (isLoopbackHost(bind.host) || isWildcardHost(bind.host)) LOOPBACK_NAMES.forEach((n) => names.add(n));
  if (isWildcardHost(bind.host)) {
    machine.addresses.forEach((a) => names.add(a));
    if (machine.hostname) names.add(machine.hostname);
  } else {
    names.add(bind.host);
  }
  const hosts = new Set([...names].map((n) => hostHeaderValue(n, bind.port)));
  const origins = new Set([...hosts].map((h) => `http://${h}`));
  if (publicUrl !== undefined) {
    const url = new URL(publicUrl);
    hosts.add(url.host.toLowerCase());
    origins.add(url.origin.toLowerCase());
  }
  return { hosts, origins };
}

export function isAllowedHost(rules: AllowedOrigins, host: string | undefined): boolean {
  return host !== undefined && rules.hosts.has(host.toLowerCase());
}

/** An absent Origin (a non-browser client such as the SDK) is allowed; a present one must be an allowed origin. */
export function isAllowedOrigin(rules: AllowedOrigins, origin: string | undefined): boolean {
  return origin === undefined || rules.origins.has(origin.toLowerCase());
}
