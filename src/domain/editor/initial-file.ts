/** Files the first editor group opens, in order; the first one that exists wins (spec 002 §2). */
export const INITIAL_FILE_CANDIDATES: readonly string[] = Object.freeze([
  'README.md',
  'src/App.js',
  'src/App.tsx',
  'src/index.js',
  'src/index.ts',
  'src/index.tsx',
  'index.js',
  'index.ts',
  'src/main.tsx',
  'src/main.jsx',
  'main.ts',
  'src/main.rs',
  'src/lib.rs',
  'index.html',
  'src/index.html',
  'src/index.vue',
  'src/App.vue',
  'src/main.astro',
  'package.json',
]);

/** The first existing candidate (workspace-relative path), or undefined: the group then shows a new-tab page. */
export function pickInitialFile(exists: (path: string) => boolean): string | undefined {
  return INITIAL_FILE_CANDIDATES.find((path) => exists(path));
}
