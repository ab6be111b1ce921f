/**
 * Fuzzy file search over the workspace's paths (fs/pathSearch, quick open): the query's characters must appear in
 * the path in order (case-insensitive, whitespace ignored). Among the ways they can appear, the best one scores:
 * characters at the start of a path segment, after '-', '_', '.' or ' ', or at a camelCase hump, runs of consecutive
 * characters, characters in the file name and exact case earn points; gaps cost (a gap's first skipped character
 * more). Equal scores rank the shorter path first, then alphabetically. Each path is first checked with a plain
 * subsequence scan, and only candidates are scored (a dynamic programme over query × path, no regular expression).
 */

export interface PathSubmatch {
  /** UTF-16 offsets into the path, end exclusive. */
  start: number;
  end: number;
}

export interface PathMatch {
  path: string;
  score: number;
  /** The matched characters as ranges, for highlighting. */
  submatches: PathSubmatch[];
}

export const PATH_SEARCH_LIMIT = 100;
/** Longer queries are cut (a file path's characters are seldom more). */
export const MAX_PATH_QUERY = 256;

const MATCH = 16;
const BOUNDARY = 9;
const BASENAME_START = 6;
const DELIMITER = 7;
const CAMEL = 7;
const BASENAME = 3;
const CONSECUTIVE = 6;
const EXACT_CASE = 1;
const GAP_START = 3;
const GAP_EXTENSION = 1;
const NONE = -1_000_000_000;

/** The paths to search, with their lower-case forms made once. */
export class PathIndex {
  readonly lower: readonly string[];

  constructor(readonly paths: readonly string[]) {
    this.lower = paths.map(lowerSameLength);
  }
}

/** Lower case with the same UTF-16 offsets (a character whose lower case is longer, like 'İ', is kept). */
function lowerSameLength(path: string): string {
  const lower = path.toLowerCase();
  if (lower.length === path.length) return lower;
  let out = '';
  for (const char of path) {
    const l = char.toLowerCase();
    out += l.length === char.length ? l : char;
  }
  return out;
}

export function searchPaths(index: PathIndex, query: string, limit = PATH_SEARCH_LIMIT): PathMatch[] {
  const pattern = query.replace(/\s+/g, '').slice(0, MAX_PATH_QUERY);
  if (pattern === '' || limit <= 0) return [];
  const lowerPattern = pattern.toLowerCase();
  const scorer = new Scorer(pattern, lowerPattern);
  let top: Array<{ index: number; score: number }> = [];
  // Once `limit` candidates are kept, one that ranks below the last of them cannot make it.
  let floor: { score: number; length: number } | undefined;
  for (let i = 0; i < index.paths.length; i++) {
    const lower = index.lower[i];
    if (!scorer.place(lower)) continue;
    const score = scorer.score(index.paths[i], lower);
    if (floor && (score < floor.score || (score === floor.score && lower.length > floor.length))) continue;
    top.push({ index: i, score });
    if (top.length >= limit * 4) {
      top = best(top, index, limit);
      const last = top[top.length - 1];
      floor = { score: last.score, length: index.paths[last.index].length };
    }
  }
  return best(top, index, limit).map(({ index: i, score }) => {
    const path = index.paths[i];
    return { path, score, submatches: ranges(scorer.positions(path, index.lower[i])) };
  });
}

function best(candidates: Array<{ index: number; score: number }>, index: PathIndex, limit: number): Array<{ index: number; score: number }> {
  return candidates
    .sort((a, b) => b.score - a.score || index.paths[a.index].length - index.paths[b.index].length || compare(index.paths[a.index], index.paths[b.index]))
    .slice(0, limit);
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function ranges(positions: readonly number[]): PathSubmatch[] {
  const out: PathSubmatch[] = [];
  for (const position of positions) {
    const last = out[out.length - 1];
    if (last && last.end === position) last.end++;
    else out.push({ start: position, end: position + 1 });
  }
  return out;
}

/** The dynamic programme, with its rows reused from one path to the next. */
class Scorer {
  private previous = new Int32Array(64);
  private current = new Int32Array(64);
  /** The bonus of the character that started the consecutive run ending at each cell (fzf's rule). */
  private previousRun = new Int32Array(64);
  private currentRun = new Int32Array(64);
  private readonly lo = new Int32Array(MAX_PATH_QUERY);
  private readonly hi = new Int32Array(MAX_PATH_QUERY);
  private lastLo = 0;
  private lastHi = -1;

  constructor(
    private readonly pattern: string,
    private readonly lowerPattern: string,
  ) {}

  /**
   * Whether the query is a subsequence of the (lower-case) path; if so, records each query character's earliest and
   * latest possible column for score() and positions(). Character loops: indexOf per character costs more.
   */
  place(lower: string): boolean {
    const pattern = this.lowerPattern;
    const m = pattern.length;
    const n = lower.length;
    let j = 0;
    for (let i = 0; i < m; i++, j++) {
      const char = pattern.charCodeAt(i);
      while (j < n && lower.charCodeAt(j) !== char) j++;
      if (j === n) return false;
      this.lo[i] = j;
    }
    j = n - 1;
    for (let i = m - 1; i >= 0; i--, j--) {
      const char = pattern.charCodeAt(i);
      while (lower.charCodeAt(j) !== char) j--;
      this.hi[i] = j;
    }
    return true;
  }

  /** The best alignment's score; place() said yes for this path. */
  score(path: string, lower: string): number {
    return this.run(path, lower, undefined);
  }

  /** The positions of the best alignment. */
  positions(path: string, lower: string): number[] {
    this.place(lower);
    const m = this.pattern.length;
    const n = path.length;
    const from = new Int32Array(m * n).fill(-1);
    this.run(path, lower, from);
    let bestJ = -1;
    let bestScore = NONE;
    for (let j = this.lastLo; j <= this.lastHi; j++) if (this.previous[j] > bestScore) (bestScore = this.previous[j]), (bestJ = j);
    const out = new Array<number>(m);
    for (let i = m - 1, j = bestJ; i >= 0; i--) {
      out[i] = j;
      j = from[i * n + j];
    }
    return out;
  }

  /**
   * Fills the rows (row i: the best score with the query's first i+1 characters placed, the last one at column j);
   * the last row ends up in `previous`. Row i only spans the columns where its character can be placed at all
   * (between its earliest and its latest placement). A character continuing a run earns at least the bonus of the
   * run's first character (fzf's rule), so 'src/' in 'src/components' stays together. Records predecessors in
   * `from` when given.
   */
  private run(path: string, lower: string, from: Int32Array | undefined): number {
    const m = this.lowerPattern.length;
    const n = path.length;
    if (this.previous.length < n) {
      this.previous = new Int32Array(n * 2);
      this.current = new Int32Array(n * 2);
      this.previousRun = new Int32Array(n * 2);
      this.currentRun = new Int32Array(n * 2);
    }
    const { lo, hi } = this;
    let basenameStart = n;
    while (basenameStart > 0 && path.charCodeAt(basenameStart - 1) !== 0x2f) basenameStart--;
    let previous = this.previous;
    let current = this.current;
    let previousRun = this.previousRun;
    let currentRun = this.currentRun;
    for (let i = 0; i < m; i++) {
      const char = this.lowerPattern.charCodeAt(i);
      const exact = this.pattern.charCodeAt(i);
      const prevLo = i > 0 ? lo[i - 1] : 0;
      const prevHi = i > 0 ? hi[i - 1] : -1;
      // Best score of the previous row two or more columns back, minus the gap to here.
      let gapped = NONE;
      let gappedFrom = -1;
      const last = hi[i];
      for (let j = i > 0 ? prevLo + 1 : lo[0]; j <= last; j++) {
        if (i > 0 && j - 2 >= prevLo) {
          const k = j - 2;
          const open = k <= prevHi ? previous[k] - GAP_START : NONE;
          const extended = gapped - GAP_EXTENSION;
          if (open >= extended) {
            gapped = open;
            gappedFrom = k;
          } else gapped = extended;
        }
        if (j < lo[i]) continue;
        if (lower.charCodeAt(j) !== char) {
          current[j] = NONE;
          continue;
        }
        const own = bonus(path, j, basenameStart);
        const base = MATCH + (path.charCodeAt(j) === exact ? EXACT_CASE : 0);
        if (i === 0) {
          current[j] = base + own;
          currentRun[j] = own;
          continue;
        }
        const before = j - 1 >= prevLo && j - 1 <= prevHi ? previous[j - 1] : NONE;
        let consecutive = NONE;
        let run = 0;
        if (before > NONE / 2) {
          run = previousRun[j - 1];
          consecutive = before + base + (own > run ? (own > CONSECUTIVE ? own : CONSECUTIVE) : run > CONSECUTIVE ? run : CONSECUTIVE);
        }
        const separate = gapped > NONE / 2 ? gapped + base + own : NONE;
        if (consecutive > NONE / 2 && consecutive >= separate) {
          current[j] = consecutive;
          currentRun[j] = own >= BOUNDARY && own > run ? own : run;
          if (from) from[i * n + j] = j - 1;
        } else if (separate > NONE / 2) {
          current[j] = separate;
          currentRun[j] = own;
          if (from) from[i * n + j] = gappedFrom;
        } else current[j] = NONE;
      }
      const row = previous;
      previous = current;
      current = row;
      const runRow = previousRun;
      previousRun = currentRun;
      currentRun = runRow;
    }
    this.previous = previous;
    this.current = current;
    this.previousRun = previousRun;
    this.currentRun = currentRun;
    this.lastLo = lo[m - 1];
    this.lastHi = hi[m - 1];
    let best = NONE;
    for (let j = this.lastLo; j <= this.lastHi; j++) if (previous[j] > best) best = previous[j];
    return best;
  }
}

function bonus(path: string, j: number, basenameStart: number): number {
  const inBasename = j >= basenameStart ? BASENAME : 0;
  if (j === 0) return BOUNDARY + inBasename + (basenameStart === 0 ? BASENAME_START : 0);
  const before = path.charCodeAt(j - 1);
  if (before === 0x2f /* / */) return BOUNDARY + inBasename + (j === basenameStart ? BASENAME_START : 0);
  if (before === 0x2d || before === 0x5f || before === 0x2e || before === 0x20) return DELIMITER + inBasename;
  if (isLower(before) && isUpper(path.charCodeAt(j))) return CAMEL + inBasename;
  return inBasename;
}

const isLower = (code: number): boolean => code >= 0x61 && code <= 0x7a;
const isUpper = (code: number): boolean => code >= 0x41 && code <= 0x5a;
