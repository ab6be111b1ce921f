/** Extension (lowercase, no dot) → Monaco language id. */
const BY_EXTENSION: ReadonlyMap<string, string> = new Map(
  Object.entries({
    js: 'javascript',
    jsx: 'javascript',
    mjs: 'javascript',
    cjs: 'javascript',
    ts: 'typescript',
    tsx: 'typescript',
    mts: 'typescript',
    cts: 'typescript',
    json: 'json',
    md: 'markdown',
    markdown: 'markdown',
    css: 'css',
    scss: 'scss',
    less: 'less',
    html: 'html',
    htm: 'html',
    yaml: 'yaml',
    yml: 'yaml',
    py: 'python',
    rs: 'rust',
    go: 'go',
    sh: 'shell',
    bash: 'shell',
  }),
);

/** Whole file name (lowercase) → Monaco language id. */
const BY_FILE_NAME: ReadonlyMap<string, string> = new Map([['dockerfile', 'dockerfile']]);

/**
 * Monaco language id of a file, from its file name or extension (case-insensitive); 'plaintext' when unknown.
 * 'src/App.tsx' → 'typescript', 'Dockerfile' → 'dockerfile', 'LICENSE' → 'plaintext'.
 */
export function languageOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const byName = BY_FILE_NAME.get(name);
  if (byName !== undefined) return byName;
  if (name.endsWith('.dockerfile') || name.startsWith('dockerfile.')) return 'dockerfile';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'plaintext';
  return BY_EXTENSION.get(name.slice(dot + 1)) ?? 'plaintext';
}
