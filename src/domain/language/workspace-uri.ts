import { encodeUriPath, normalizeWorkspacePath } from './uri-mapping';

/**
 * The workspace URIs clients speak with the language servers (docs/protocol/language.md: the workspace root is '/',
 * `file:///src/App.tsx`), and the tree paths the editor uses ('src/App.tsx', no leading slash). Encoded the way the
 * bridge and Monaco (vscode-uri) encode them, so a URI from a server equals the URI of the editor's model.
 */
export function workspaceUriOfPath(path: string): string {
  return `file://${encodeUriPath(normalizeWorkspacePath(path))}`;
}

/** The tree path of a workspace URI, or undefined for another scheme, an authority or a malformed escape. */
export function workspacePathOfUri(uri: string): string | undefined {
  if (!uri.startsWith('file:///')) return undefined;
  const rest = uri.slice('file://'.length);
  const cut = rest.search(/[?#]/);
  try {
    const path = decodeURIComponent(cut < 0 ? rest : rest.slice(0, cut));
    const normalized = normalizeWorkspacePath(path).slice(1);
    return normalized === '' ? undefined : normalized;
  } catch {
    return undefined;
  }
}
