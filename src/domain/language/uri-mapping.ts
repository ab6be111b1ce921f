/**
 * Clients name workspace files by workspace URIs (`file:///src/App.tsx`: the workspace root is '/'); a language
 * server runs on the host and names them by real paths (`file:///srv/bullpen/sandboxes/x/files/src/App.tsx`).
 * This maps both ways, deep inside LSP params and results (values and map keys, as WorkspaceEdit.changes uses
 * URIs as keys). Server URIs outside the workspace (a library's .d.ts) are passed on unchanged. Towards clients,
 * workspace URIs inside free text (links in hover markdown) are mapped too. Plain file paths are left alone both
 * ways: servers put them in command arguments that must come back unchanged. Document text (`text`, `newText`,
 * `insertText`) is never touched.
 */
export interface UriMapping {
  /** The server's URI of the workspace root. */
  readonly rootUri: string;
  toServerUri(uri: string): string;
  toClientUri(uri: string): string;
  /** Deep copy of an LSP value with client URIs replaced by server URIs. */
  toServer(value: unknown): unknown;
  /** Deep copy of an LSP value with server URIs replaced by client URIs. */
  toClient(value: unknown): unknown;
}

const FILE = 'file://';
/** Keys whose string values are document text, not names. */
const TEXT_KEYS: ReadonlySet<string> = new Set(['text', 'newText', 'insertText']);
/** Deeper values are copied as they are (LSP values are shallow; this keeps hostile input off the stack). */
const MAX_DEPTH = 64;

/** Percent-encodes a path the way vscode-uri does: only unreserved characters and '/' stay as they are. */
export function encodeUriPath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

interface ParsedFileUri {
  path: string;
  /** '?query#fragment' as it was. */
  suffix: string;
}

function parseFileUri(uri: string): ParsedFileUri | undefined {
  if (!uri.startsWith(FILE)) return undefined;
  const rest = uri.slice(FILE.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return undefined;
  const authority = rest.slice(0, slash);
  if (authority !== '' && authority !== 'localhost') return undefined;
  const pathAndSuffix = rest.slice(slash);
  const cut = pathAndSuffix.search(/[?#]/);
  const rawPath = cut < 0 ? pathAndSuffix : pathAndSuffix.slice(0, cut);
  try {
    return { path: decodeURIComponent(rawPath), suffix: cut < 0 ? '' : pathAndSuffix.slice(cut) };
  } catch {
    return undefined;
  }
}

/** Resolves '.', '..' and repeated slashes; '..' never climbs above '/'. */
export function normalizeWorkspacePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

export function uriMapping(rootDir: string): UriMapping {
  const root = rootDir.length > 1 && rootDir.endsWith('/') ? rootDir.slice(0, -1) : rootDir;
  const rootUri = FILE + encodeUriPath(root);

  const toServerUri = (uri: string): string => {
    const parsed = parseFileUri(uri);
    if (!parsed) return uri;
    const path = normalizeWorkspacePath(parsed.path);
    return FILE + encodeUriPath(path === '/' ? root : root + path) + parsed.suffix;
  };

  const toClientUri = (uri: string): string => {
    const parsed = parseFileUri(uri);
    if (!parsed) return uri;
    if (parsed.path !== root && !parsed.path.startsWith(`${root}/`)) return uri;
    return FILE + encodeUriPath(parsed.path.slice(root.length) || '/') + parsed.suffix;
  };

  const rootUriSlash = `${rootUri}/`;
  const linksToClient = (text: string): string => (text.includes(rootUriSlash) ? text.split(rootUriSlash).join(`${FILE}/`) : text);

  return {
    rootUri,
    toServerUri,
    toClientUri,
    toServer: (value) => mapDeep(value, (s) => (s.startsWith(FILE) ? toServerUri(s) : s), toServerUri, 0),
    toClient: (value) => mapDeep(value, (s) => (s.startsWith(FILE) ? toClientUri(s) : linksToClient(s)), toClientUri, 0),
  };
}

function mapDeep(value: unknown, mapString: (s: string) => string, mapKey: (key: string) => string, depth: number): unknown {
  if (typeof value === 'string') return mapString(value);
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => mapDeep(item, mapString, mapKey, depth + 1));
  // fromEntries defines own properties: a "__proto__" key stays a plain key.
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key.startsWith(FILE) ? mapKey(key) : key,
      TEXT_KEYS.has(key) && typeof item === 'string' ? item : mapDeep(item, mapString, mapKey, depth + 1),
    ]),
  );
}
