import { Result, err, ok } from '../../base/result';
import { CompiledGlob, compileGlob, globMatches } from './glob';

/** Where a text search looks, as the client gives it (protocol.md §3 fs/search plus Bullpen's includes/excludes). */
export interface ScopeParams {
  /** One ripgrep --glob: included, or excluded with a leading '!'. */
  glob?: string;
  /** The search view's "files to include": globs, each entry may hold several separated by commas. */
  includes?: readonly string[];
  /** The search view's "files to exclude". */
  excludes?: readonly string[];
}

/** Never searched, whatever the globs say: git's data, dependencies and Bullpen's temporary files. */
export const ALWAYS_EXCLUDED = ['.git', 'node_modules', '.~bullpen-*.tmp'] as const;

export type ScopeDecision = 'include' | 'exclude' | undefined;

interface OverrideGlob {
  readonly source: string;
  readonly compiled: CompiledGlob;
  readonly excludes: boolean;
}

/**
 * A search's file filter as ripgrep's --glob overrides apply it, so that every engine agrees: the globs are kept in
 * order and the last one that matches a path decides; a file no glob matches is left out when there is any include
 * glob, and otherwise left to the ignore files. An include names a file or a directory at any depth ('src',
 * '*.ts', 'src/components' from the root); everything inside an included directory is included. An exclude prunes
 * what it matches.
 */
export class SearchScope {
  private constructor(private readonly globs: readonly OverrideGlob[]) {}

  static from(params: ScopeParams): Result<SearchScope, string> {
    const sources: Array<{ source: string; excludes: boolean }> = [];
    if (params.glob !== undefined && params.glob.trim() !== '') {
      const glob = params.glob.trim();
      sources.push(glob.startsWith('!') ? { source: glob.slice(1), excludes: true } : { source: glob, excludes: false });
    }
    for (const pattern of splitPatterns(params.includes ?? [])) for (const source of includeGlobs(pattern)) sources.push({ source, excludes: false });
    for (const pattern of splitPatterns(params.excludes ?? [])) sources.push({ source: normalizePattern(pattern), excludes: true });
    for (const source of ALWAYS_EXCLUDED) sources.push({ source, excludes: true });
    const globs: OverrideGlob[] = [];
    for (const { source, excludes } of sources) {
      const compiled = compileGlob(source, { braces: true });
      if (!compiled.ok) return err(compiled.error);
      globs.push({ source, compiled: compiled.value, excludes });
    }
    return ok(new SearchScope(globs));
  }

  /** ripgrep's --glob values, in order ('!' marks an exclude). */
  get ripgrepGlobs(): string[] {
    return this.globs.map((g) => (g.excludes ? `!${g.source}` : g.source));
  }

  get hasIncludes(): boolean {
    return this.globs.some((g) => !g.excludes);
  }

  /**
   * What the globs say about a path: 'include' overrides the ignore files, 'exclude' leaves it out (a directory with
   * everything inside), undefined leaves it to the ignore files.
   */
  decide(path: string, isDirectory: boolean): ScopeDecision {
    for (let i = this.globs.length - 1; i >= 0; i--) {
      const glob = this.globs[i];
      if (globMatches(glob.compiled, path, isDirectory)) return glob.excludes ? 'exclude' : 'include';
    }
    return !isDirectory && this.hasIncludes ? 'exclude' : undefined;
  }
}

/** Entries split at commas outside braces and brackets ('src/**, *.md' is two), trimmed, empty ones dropped. */
export function splitPatterns(entries: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    let depth = 0;
    let current = '';
    for (let i = 0; i < entry.length; i++) {
      const char = entry[i];
      if (char === '\\' && i + 1 < entry.length) {
        current += char + entry[++i];
        continue;
      }
      if (char === '{' || char === '[') depth++;
      else if ((char === '}' || char === ']') && depth > 0) depth--;
      if (char === ',' && depth === 0) {
        out.push(current);
        current = '';
      } else current += char;
    }
    out.push(current);
  }
  return out.map((p) => p.trim()).filter((p) => p !== '');
}

/** './src' means the workspace's src ('/src'). */
function normalizePattern(pattern: string): string {
  return pattern.startsWith('./') ? pattern.slice(1) : pattern;
}

/** An include matches the path itself and everything below it: 'src' → 'src', '**\/src/**'; '/src' → '/src', '/src/**'. */
function includeGlobs(pattern: string): string[] {
  let base = normalizePattern(pattern);
  while (base.length > 1 && base.endsWith('/')) base = base.slice(0, -1);
  if (base.endsWith('/**') || base === '**') return [base];
  const anchored = base.includes('/');
  return [base, anchored ? `${base}/**` : `**/${base}/**`];
}
