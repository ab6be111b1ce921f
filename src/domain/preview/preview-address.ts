/** The query parameter that carries a preview token to a private preview (docs/protocol/port.md "Access"). */
export const PREVIEW_TOKEN_PARAM = 'preview_token';
/** Clients fetch a new preview token every 60 minutes (spec 002 §9); a token is valid for 2 hours. */
export const PREVIEW_TOKEN_REFRESH_MS = 60 * 60 * 1000;

/**
 * What the user typed in the preview's address bar, as a path below the preview's origin: '' is '/', 'about' is
 * '/about', a full address of the same origin keeps its path; query and fragment are kept.
 */
export function previewPath(input: string, origin: string): string {
  let path = input.trim();
  const base = origin.replace(/\/+$/, '');
  if (base !== '' && path.toLowerCase().startsWith(base.toLowerCase())) path = path.slice(base.length);
  else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) path = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  if (path === '') return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

/** The origin of a preview URL ('http://abc-3000.localhost:4000/' → 'http://abc-3000.localhost:4000'). */
export function previewOrigin(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url);
  return match ? match[1] : url.replace(/\/+$/, '');
}

/** The address the frame (or a new tab) loads: the preview's origin, the path, and the token when there is one. */
export function previewAddress(url: string, path: string, token?: string): string {
  const address = `${previewOrigin(url)}${path.startsWith('/') ? path : `/${path}`}`;
  if (!token) return address;
  const hash = address.indexOf('#');
  const beforeHash = hash < 0 ? address : address.slice(0, hash);
  const fragment = hash < 0 ? '' : address.slice(hash);
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}${fragment}`;
}

/** The port the preview shows when the user has not picked one: a task's preview port that is open, else the first open port. */
export function defaultPreviewPort(openPorts: readonly number[], taskPreviewPorts: readonly number[]): number | undefined {
  return taskPreviewPorts.find((p) => openPorts.includes(p)) ?? openPorts[0];
}
