/**
 * Preview hosts: every open port of a sandbox is served on its own origin, `<sandboxId>-<port>.<base host>`, so a
 * page under preview can neither script the editor nor another preview (docs/protocol/port.md).
 */
export interface PreviewTarget {
  sandboxId: string;
  port: number;
}

const LABEL = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)-(\d{1,5})$/;

/** The host name of a sandbox port's preview below a base host (`localhost:3000` → `abc123-5173.localhost:3000`). */
export function previewHost(target: PreviewTarget, baseHost: string): string {
  return `${target.sandboxId}-${target.port}.${baseHost.toLowerCase()}`;
}

/** The sandbox and port a Host header names, when it is a preview host below one of the base hosts. */
export function parsePreviewHost(host: string | undefined, baseHosts: Iterable<string>): PreviewTarget | undefined {
  if (!host) return undefined;
  const value = host.toLowerCase();
  for (const base of baseHosts) {
    const suffix = `.${base.toLowerCase()}`;
    if (!value.endsWith(suffix)) continue;
    const match = LABEL.exec(value.slice(0, -suffix.length));
    if (!match) continue;
    const port = Number(match[2]);
    if (port >= 1 && port <= 65535) return { sandboxId: match[1], port };
  }
  return undefined;
}
