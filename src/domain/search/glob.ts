import { Result, err, ok } from '../../base/result';
import { ANY_NAME, NameMatcher, SegmentMatcher, compileSegments, expandBraces, matchSegments } from '../fs/segment-glob';

/** A gitignore-style glob, compiled once: matched against workspace-relative paths ('src/App.js'). */
export interface CompiledGlob {
  /** The pattern's `{a,b}` alternatives, each as its segments (one segment when the glob is not anchored). */
  readonly alternatives: readonly (readonly SegmentMatcher[])[];
  /** The glob holds a '/': it matches whole paths from the root; else it matches a name at any depth. */
  readonly anchored: boolean;
  /** The glob ended with '/': it matches directories only. */
  readonly directoryOnly: boolean;
}

export interface GlobOptions {
  /** `{a,b}` alternatives (ripgrep's --glob has them; .gitignore files do not). */
  braces: boolean;
}

/** Most alternatives a glob's braces may expand to. */
export const MAX_GLOB_ALTERNATIVES = 1024;

/**
 * Compiles a glob with .gitignore's rules, as ripgrep's --glob and .gitignore files use them: `*` and `?` stay within
 * one path segment, `**` spans segments (`**\/x`, `x/**`, `a/**\/b`), `[a-z]` and `[!a-z]` are classes, `\` escapes.
 * A glob with a '/' (other than a trailing one) is anchored at the root ('/src' and 'src/*.ts' only match there);
 * one without matches at any depth ('*.ts', 'node_modules'). Errors name the glob. Matching takes time linear in the
 * path whatever the glob (src/domain/fs/segment-glob.ts).
 */
export function compileGlob(glob: string, options: GlobOptions): Result<CompiledGlob, string> {
  const invalid = (reason: string) => err(`Invalid glob ${JSON.stringify(glob)}: ${reason}`);
  let pattern = glob;
  const directoryOnly = pattern.length > 1 && pattern.endsWith('/');
  while (pattern.length > 1 && pattern.endsWith('/')) pattern = pattern.slice(0, -1);
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  if (endsWithLoneBackslash(pattern)) return invalid('a trailing backslash escapes nothing');
  let sources = [pattern];
  if (options.braces) {
    const expansion = expandBraces(pattern, { limit: MAX_GLOB_ALTERNATIVES, single: 'alternative' });
    if (expansion.kind === 'unclosed') return invalid('an unclosed {');
    if (expansion.kind === 'too-many') return invalid(`more than ${MAX_GLOB_ALTERNATIVES} alternatives`);
    sources = expansion.patterns;
  }
  const alternatives = sources.map((source) => {
    const segments = compileSegments(source);
    // 'a/**' is everything inside a, not a itself: at least one segment.
    if (segments.length > 1 && segments[segments.length - 1] === '**') segments.splice(segments.length - 1, 0, ANY_NAME);
    return segments;
  });
  return ok({ alternatives, anchored, directoryOnly });
}

/** Whether a compiled glob matches a path (directory-only globs match directories only). */
export function globMatches(glob: CompiledGlob, path: string, isDirectory: boolean): boolean {
  if (glob.directoryOnly && !isDirectory) return false;
  if (!glob.anchored) {
    const nameStart = path.lastIndexOf('/') + 1;
    for (const [only] of glob.alternatives) if (only === '**' || (only as NameMatcher)(path, nameStart, path.length)) return true;
    return false;
  }
  for (const alternative of glob.alternatives) if (matchSegments(alternative, path)) return true;
  return false;
}

function endsWithLoneBackslash(pattern: string): boolean {
  let backslashes = 0;
  for (let i = pattern.length - 1; i >= 0 && pattern[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}
