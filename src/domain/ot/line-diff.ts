import { assert } from '../../base/assert';
import { TextOperation } from './text-operation';

/** Line-level edit distance past which the changed middle becomes a single hunk. */
const DEFAULT_MAX_EDIT_DISTANCE = 4000;

/**
 * The operation turning `from` into `to`, hunk by hunk (Myers diff over lines, refined to characters inside each hunk).
 * Used when a file changes on disk under open editors (`git pull`, a formatter): small hunks aligned on lines transform
 * against users' unsaved edits far better than the single prefix/suffix replacement of `diffToOperation`.
 *
 * Lines end after `\n` (so `\r\n` stays with its line; a lone `\r` is an ordinary character). Cost is O((N+M)·D) for
 * N+M lines in the changed middle and D inserted plus deleted lines; once D would exceed `maxEditDistance` (default
 * 4000) the middle becomes one hunk, which is still correct. No component boundary splits a surrogate pair.
 */
export function diffOperation(from: string, to: string, options: { maxEditDistance?: number } = {}): TextOperation {
  const maxEditDistance = options.maxEditDistance ?? DEFAULT_MAX_EDIT_DISTANCE;
  const [start, suffix] = changedMiddle(from, to);
  const fromEnd = from.length - suffix;
  const toEnd = to.length - suffix;
  const op = new TextOperation().retain(start);
  const oneSided = start === fromEnd || start === toEnd;
  const hunks = oneSided ? undefined : changedLines(from, start, fromEnd, to, start, toEnd, maxEditDistance);
  if (hunks === undefined) {
    appendReplacement(op, from, start, fromEnd, to, start, toEnd);
    return op.retain(suffix);
  }
  let cursor = start;
  for (const hunk of hunks) {
    op.retain(hunk.fromStart - cursor);
    appendReplacement(op, from, hunk.fromStart, hunk.fromEnd, to, hunk.toStart, hunk.toEnd);
    cursor = hunk.fromEnd;
  }
  return op.retain(from.length - cursor);
}

const LF = 10;

const isLineStart = (text: string, offset: number) => offset === 0 || text.charCodeAt(offset - 1) === LF;

/**
 * The lengths of the common prefix and suffix, each cut back to a line start, so that the middles left to diff hold
 * whole lines of both texts (a deleted line is then deleted as `two\n`, not as `wo\nt`).
 */
function changedMiddle(from: string, to: string): [number, number] {
  const [prefix, suffix] = commonEnds(from, 0, from.length, to, 0, to.length);
  const start = isLineStart(from, prefix) ? prefix : from.lastIndexOf('\n', prefix - 1) + 1;
  if (isLineStart(from, from.length - suffix) && isLineStart(to, to.length - suffix)) return [start, suffix];
  const newline = from.indexOf('\n', from.length - suffix);
  return [start, newline === -1 ? 0 : from.length - newline - 1];
}

/** A changed region: items [fromStart, fromEnd) of the old sequence become [toStart, toEnd) of the new one. */
interface Hunk {
  fromStart: number;
  fromEnd: number;
  toStart: number;
  toEnd: number;
}

/**
 * Lengths of the common prefix and suffix of from[fromStart, fromEnd) and to[toStart, toEnd): never overlapping, and
 * shortened by one code unit where they would end between the two halves of a surrogate pair.
 */
function commonEnds(from: string, fromStart: number, fromEnd: number, to: string, toStart: number, toEnd: number): [number, number] {
  const max = Math.min(fromEnd - fromStart, toEnd - toStart);
  let prefix = 0;
  while (prefix < max && from.charCodeAt(fromStart + prefix) === to.charCodeAt(toStart + prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && from.charCodeAt(fromEnd - 1 - suffix) === to.charCodeAt(toEnd - 1 - suffix)) suffix++;
  if (prefix > 0 && isHighSurrogate(from.charCodeAt(fromStart + prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(from.charCodeAt(fromEnd - suffix))) suffix--;
  return [prefix, suffix];
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Appends the edit of one hunk: its common characters retained, only the differing middle deleted and inserted. */
function appendReplacement(
  op: TextOperation,
  from: string,
  fromStart: number,
  fromEnd: number,
  to: string,
  toStart: number,
  toEnd: number,
): void {
  const [prefix, suffix] = commonEnds(from, fromStart, fromEnd, to, toStart, toEnd);
  op.retain(prefix)
    .insert(to.slice(toStart + prefix, toEnd - suffix))
    .delete(fromEnd - fromStart - prefix - suffix)
    .retain(suffix);
}

/**
 * The changed line regions between from[fromStart, fromEnd) and to[toStart, toEnd), as character offsets into each
 * text, or undefined when more than `maxEditDistance` lines would have to be inserted or deleted.
 */
function changedLines(
  from: string,
  fromStart: number,
  fromEnd: number,
  to: string,
  toStart: number,
  toEnd: number,
  maxEditDistance: number,
): Hunk[] | undefined {
  const interned = new Map<string, number>();
  const a = splitLines(from, fromStart, fromEnd, interned);
  const b = splitLines(to, toStart, toEnd, interned);
  const diff = new LineDiff(a.ids, b.ids);
  if (!diff.compare(0, a.ids.length, 0, b.ids.length, maxEditDistance)) return undefined;
  return diff.hunks.map((hunk) => ({
    fromStart: a.starts[hunk.fromStart],
    fromEnd: a.starts[hunk.fromEnd],
    toStart: b.starts[hunk.toStart],
    toEnd: b.starts[hunk.toEnd],
  }));
}

/**
 * The lines of text[start, end), each with its `\n` (the last may have none), as ids interned through `interned`, and
 * `starts` holding each line's offset followed by `end`.
 */
function splitLines(text: string, start: number, end: number, interned: Map<string, number>): { ids: number[]; starts: number[] } {
  const ids: number[] = [];
  const starts: number[] = [];
  for (let lineStart = start; lineStart < end; ) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 || newline >= end ? end : newline + 1;
    const line = text.slice(lineStart, lineEnd);
    let id = interned.get(line);
    if (id === undefined) {
      id = interned.size;
      interned.set(line, id);
    }
    ids.push(id);
    starts.push(lineStart);
    lineStart = lineEnd;
  }
  starts.push(end);
  return { ids, starts };
}

/** Above every position: the backward search's "not reached yet". */
const UNREACHED = 0x7fffffff;

/**
 * Myers' linear-space diff over interned lines, as in git's xdiff: trim equal ends, find a point on an optimal path
 * (the middle snake, searching forward from the start and backward from the end at once), recurse on both sides.
 * Diagonals are numbered k = x − y in whole-sequence coordinates, so one pair of arrays serves every recursion.
 */
class LineDiff {
  /** Changed line regions in order, adjacent ones merged. */
  readonly hunks: Hunk[] = [];
  /** Furthest x reached on each diagonal by the forward search, at index k + offset. */
  private readonly forward: Int32Array;
  /** Smallest x reached on each diagonal by the backward search. */
  private readonly backward: Int32Array;
  private readonly offset: number;

  constructor(
    private readonly a: readonly number[],
    private readonly b: readonly number[],
  ) {
    this.forward = new Int32Array(a.length + b.length + 3);
    this.backward = new Int32Array(a.length + b.length + 3);
    this.offset = b.length + 1;
  }

  /** Records the hunks turning a[lo1, hi1) into b[lo2, hi2); false, recording nothing more, past `maxCost` edits. */
  compare(lo1: number, hi1: number, lo2: number, hi2: number, maxCost: number): boolean {
    const { a, b } = this;
    while (lo1 < hi1 && lo2 < hi2 && a[lo1] === b[lo2]) {
      lo1++;
      lo2++;
    }
    while (lo1 < hi1 && lo2 < hi2 && a[hi1 - 1] === b[hi2 - 1]) {
      hi1--;
      hi2--;
    }
    if (lo1 === hi1 || lo2 === hi2) {
      if (lo1 < hi1 || lo2 < hi2) this.addHunk(lo1, hi1, lo2, hi2);
      return true;
    }
    const split = this.middle(lo1, hi1, lo2, hi2, maxCost);
    if (split === undefined) return false;
    const [x, y] = split;
    const inside = lo1 <= x && x <= hi1 && lo2 <= y && y <= hi2;
    assert(inside && x + y > lo1 + lo2 && x + y < hi1 + hi2, 'LineDiff: the middle snake must split the range in two');
    // Both halves cost no more than the whole, which already fit within maxCost.
    this.compare(lo1, x, lo2, y, Infinity);
    this.compare(x, hi1, y, hi2, Infinity);
    return true;
  }

  /**
   * A point (x, y) on a shortest edit path from (lo1, lo2) to (hi1, hi2) (whose first lines differ, as do their last),
   * found where the forward and backward searches meet after about D/2 steps each; undefined once D would exceed
   * `maxCost`. With D ≥ 2 edits, both sides of the point hold at least one.
   */
  private middle(lo1: number, hi1: number, lo2: number, hi2: number, maxCost: number): [number, number] | undefined {
    const { a, b, forward, backward, offset } = this;
    const kMin = lo1 - hi2;
    const kMax = hi1 - lo2;
    const fMid = lo1 - lo2;
    const bMid = hi1 - hi2;
    const odd = ((fMid - bMid) & 1) !== 0;
    let fMin = fMid;
    let fMax = fMid;
    let bMin = bMid;
    let bMax = bMid;
    forward[fMid + offset] = lo1;
    backward[bMid + offset] = hi1;
    for (let d = 1; ; d++) {
      if (2 * d - 1 > maxCost) return undefined;
      if (fMin > kMin) forward[--fMin - 1 + offset] = -1;
      else fMin++;
      if (fMax < kMax) forward[++fMax + 1 + offset] = -1;
      else fMax--;
      for (let k = fMax; k >= fMin; k -= 2) {
        const left = forward[k - 1 + offset];
        const above = forward[k + 1 + offset];
        let x = left >= above ? left + 1 : above;
        let y = x - k;
        while (x < hi1 && y < hi2 && a[x] === b[y]) {
          x++;
          y++;
        }
        forward[k + offset] = x;
        if (odd && bMin <= k && k <= bMax && backward[k + offset] <= x) return [x, y];
      }
      if (2 * d > maxCost) return undefined;
      if (bMin > kMin) backward[--bMin - 1 + offset] = UNREACHED;
      else bMin++;
      if (bMax < kMax) backward[++bMax + 1 + offset] = UNREACHED;
      else bMax--;
      for (let k = bMax; k >= bMin; k -= 2) {
        const below = backward[k - 1 + offset];
        const right = backward[k + 1 + offset];
        let x = below < right ? below : right - 1;
        let y = x - k;
        while (x > lo1 && y > lo2 && a[x - 1] === b[y - 1]) {
          x--;
          y--;
        }
        backward[k + offset] = x;
        if (!odd && fMin <= k && k <= fMax && x <= forward[k + offset]) return [x, y];
      }
    }
  }

  private addHunk(fromStart: number, fromEnd: number, toStart: number, toEnd: number): void {
    const last = this.hunks[this.hunks.length - 1];
    if (last !== undefined && last.fromEnd === fromStart && last.toEnd === toStart) {
      last.fromEnd = fromEnd;
      last.toEnd = toEnd;
    } else {
      this.hunks.push({ fromStart, fromEnd, toStart, toEnd });
    }
  }
}
