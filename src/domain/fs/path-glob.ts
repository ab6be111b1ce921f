/**
 * Exclude patterns of fs/watch and fs/download (docs/protocol/fs.md): globs over workspace-style relative paths.
 * `*` matches within one segment, `**` any number of segments, `?` one character, `{a,b}` alternatives and `[…]` a
 * character class. A pattern without '/' matches an entry's name at any depth (`node_modules`, `*.log`); one with
 * '/' matches the whole relative path from the start ('dist/**', '/build', '**\/*.map'). A path is excluded when it
 * or any of its parent directories matches, so excluding a directory excludes everything inside it.
 * Matching is segment by segment with memoisation: no pattern can make it slow.
 */
export type PathFilter = (relativePath: string) => boolean;

const MAX_PATTERN_LENGTH = 1024;
/** `{a,b}` alternatives are expanded; a pattern that would expand to more than this is cut there. */
const MAX_EXPANSIONS = 64;

type SegmentMatcher = '**' | ((name: string) => boolean);
interface Compiled {
  anchored: boolean;
  segments: SegmentMatcher[];
}

/** A filter that is true for excluded paths; no patterns exclude nothing. */
export function excludeFilter(patterns: readonly string[] = []): PathFilter {
  const compiled = patterns.filter((p) => p.length > 0 && p.length <= MAX_PATTERN_LENGTH).flatMap(compile);
  if (compiled.length === 0) return () => false;
  return (relativePath) => {
    const segments = relativePath.split('/').filter((s) => s !== '' && s !== '.');
    for (let end = 1; end <= segments.length; end++) {
      const prefix = segments.slice(0, end);
      if (compiled.some((c) => (c.anchored ? matchSegments(c.segments, prefix) : (c.segments[0] as (name: string) => boolean)(prefix[end - 1])))) return true;
    }
    return false;
  };
}

function compile(pattern: string): Compiled[] {
  return expandBraces(pattern).flatMap((expanded) => {
    const trimmed = expanded.replace(/\/+$/, '');
    const anchored = trimmed.includes('/');
    const clean = trimmed.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
    if (clean === '') return [];
    const segments = clean.split('/').filter((s) => s !== '');
    return [{ anchored, segments: segments.map((s) => (s === '**' ? '**' : segmentMatcher(s))) }];
  });
}

/** Whether the pattern segments match the path segments exactly (`**` = zero or more segments). */
function matchSegments(pattern: readonly SegmentMatcher[], path: readonly string[]): boolean {
  const memo = new Map<number, boolean>();
  const at = (p: number, s: number): boolean => {
    const key = p * (path.length + 1) + s;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (p === pattern.length) result = s === path.length;
    else if (pattern[p] === '**') result = at(p + 1, s) || (s < path.length && at(p, s + 1));
    else result = s < path.length && (pattern[p] as (name: string) => boolean)(path[s]) && at(p + 1, s + 1);
    memo.set(key, result);
    return result;
  };
  return at(0, 0);
}

type Token = { kind: 'star' } | { kind: 'char'; test: (c: string) => boolean };

/** One path segment's glob as a matcher: `*` (also `**` inside a name) any run, `?` one character, `[…]` a class. */
export function segmentMatcher(segment: string): (name: string) => boolean {
  const tokens = tokenize(segment);
  return (name) => matchTokens(tokens, name);
}

function tokenize(segment: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') {
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') {
      tokens.push({ kind: 'char', test: () => true });
    } else if (c === '[' && segment.indexOf(']', i + 2) !== -1) {
      const close = segment.indexOf(']', i + 2);
      tokens.push({ kind: 'char', test: characterClass(segment.slice(i + 1, close)) });
      i = close;
    } else if (c === '\\' && i + 1 < segment.length) {
      const literal = segment[++i];
      tokens.push({ kind: 'char', test: (x) => x === literal });
    } else {
      tokens.push({ kind: 'char', test: (x) => x === c });
    }
  }
  return tokens;
}

/** `a-z0-9_` or `!abc` / `^abc` (negated). */
function characterClass(body: string): (c: string) => boolean {
  const negated = body.startsWith('!') || body.startsWith('^');
  const set = negated ? body.slice(1) : body;
  const ranges: Array<[string, string]> = [];
  for (let i = 0; i < set.length; i++) {
    if (set[i + 1] === '-' && i + 2 < set.length) {
      ranges.push([set[i], set[i + 2]]);
      i += 2;
    } else ranges.push([set[i], set[i]]);
  }
  return (c) => ranges.some(([from, to]) => c >= from && c <= to) !== negated;
}

/** Wildcard matching with one backtrack point (the last star): O(name × pattern), never exponential. */
function matchTokens(tokens: readonly Token[], name: string): boolean {
  let t = 0;
  let i = 0;
  let starToken = -1;
  let starIndex = 0;
  while (i < name.length) {
    const token = tokens[t];
    if (token?.kind === 'char' && token.test(name[i])) {
      t++;
      i++;
    } else if (token?.kind === 'star') {
      starToken = t++;
      starIndex = i;
    } else if (starToken >= 0) {
      t = starToken + 1;
      i = ++starIndex;
    } else {
      return false;
    }
  }
  while (tokens[t]?.kind === 'star') t++;
  return t === tokens.length;
}

/** 'a.{png,jpg}' → ['a.png', 'a.jpg'] (nested braces too), at most MAX_EXPANSIONS results. */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open === -1) return [pattern];
  let depth = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      close = i;
      break;
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  if (close === -1 || commas.length === 0) {
    // Not an alternative: the brace is literal.
    const rest = expandBraces(pattern.slice(open + 1));
    return rest.map((r) => `${pattern.slice(0, open)}{${r}`).slice(0, MAX_EXPANSIONS);
  }
  const bounds = [open, ...commas, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < bounds.length && out.length < MAX_EXPANSIONS; k++) {
    const option = pattern.slice(bounds[k] + 1, bounds[k + 1]);
    for (const expanded of expandBraces(pattern.slice(0, open) + option + pattern.slice(close + 1))) {
      if (out.length >= MAX_EXPANSIONS) break;
      out.push(expanded);
    }
  }
  return out;
}
