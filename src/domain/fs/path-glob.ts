import { SegmentMatcher, expandBraces as expandPatternBraces, matchSegments, nameMatcher } from './segment-glob';

/**
 * Exclude patterns of fs/watch and fs/download (docs/protocol/fs.md): globs over workspace-style relative paths.
 * `*` matches within one segment, `**` any number of segments, `?` one character, `{a,b}` alternatives and `[…]` a
 * character class. A pattern without '/' matches an entry's name at any depth (`node_modules`, `*.log`); one with
 * '/' matches the whole relative path from the start ('dist/**', '/build', '**\/*.map'). A path is excluded when it
 * or any of its parent directories matches, so excluding a directory excludes everything inside it.
 * Matching is segment by segment (segment-glob.ts, shared with the search scope): no pattern can make it slow.
 */
export type PathFilter = (relativePath: string) => boolean;

const MAX_PATTERN_LENGTH = 1024;
/** `{a,b}` alternatives are expanded; a pattern that would expand to more than this is cut there. */
const MAX_EXPANSIONS = 64;

interface Compiled {
  anchored: boolean;
  segments: SegmentMatcher[];
}

/** A filter that is true for excluded paths; no patterns exclude nothing. */
export function excludeFilter(patterns: readonly string[] = []): PathFilter {
  const compiled = patterns.filter((p) => p.length > 0 && p.length <= MAX_PATTERN_LENGTH).flatMap(compile);
  if (compiled.length === 0) return () => false;
  return (relativePath) => {
    const path = relativePath
      .split('/')
      .filter((s) => s !== '' && s !== '.')
      .join('/');
    if (path === '') return false;
    // The path itself and each of its parent directories, shortest first.
    for (let end = path.indexOf('/'); ; end = path.indexOf('/', end + 1)) {
      const prefixEnd = end === -1 ? path.length : end;
      const nameStart = path.lastIndexOf('/', prefixEnd - 1) + 1;
      if (compiled.some((c) => (c.anchored ? matchSegments(c.segments, path, 0, prefixEnd) : matchesName(c.segments[0], path, nameStart, prefixEnd)))) return true;
      if (end === -1) return false;
    }
  };
}

/** An unanchored pattern's one segment against a name ('**' alone is any name). */
const matchesName = (segment: SegmentMatcher, path: string, start: number, end: number): boolean => segment === '**' || segment(path, start, end);

function compile(pattern: string): Compiled[] {
  return expandBraces(pattern).flatMap((expanded) => {
    const trimmed = expanded.replace(/\/+$/, '');
    const anchored = trimmed.includes('/');
    const clean = trimmed.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
    if (clean === '') return [];
    const segments = clean.split('/').filter((s) => s !== '');
    return [{ anchored, segments: segments.map((s) => (s === '**' ? '**' : nameMatcher(s))) }];
  });
}

/** 'a.{png,jpg}' → ['a.png', 'a.jpg'] (nested braces too), at most MAX_EXPANSIONS results; '{x}' stays literal. */
export function expandBraces(pattern: string): string[] {
  return expandPatternBraces(pattern, { limit: MAX_EXPANSIONS, single: 'literal' }).patterns;
}
