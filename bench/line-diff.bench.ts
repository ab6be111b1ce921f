/**
 * The line diff that turns a change on disk into an OT operation (src/domain/ot/line-diff.ts's diffOperation: used by
 * disk-sync when a file changes under open editors, by the document loader, and by the browser's resync after a
 * reconnect) against the same function built on the `diff` package (jsdiff's diffLines,
 * bench/support/jsdiff-operation.ts: everything but the line diff itself is shared), on the same seeded texts in the
 * same run. Issue 19: keep the own Myers diff only if it is better.
 *
 * Workloads, each a (before, after) pair: a `git pull` into a 10,000-line file (40 scattered hunks); a formatter that
 * rewrites every 4th line of 3,000; a 300-line block moved within 5,000 lines; one line changed in a 5 MB file (the
 * shared prefix/suffix trimming is all the work there, so that row's ratio is the run's noise and is left out of the
 * lowest ratio); and two unrelated 2,500-line files (5,000 line edits: past the 4,000 both give up at, so both fall
 * back to one hunk).
 * Printed: calls per second of each (median of the measured rounds), ours/jsdiff, and the lines each marks as
 * changed (inserted + deleted; both find a shortest script where they do not give up). Both operations are checked
 * to turn the first text into the second. No assertion on timing.
 */
import { unwrap } from '../src/base/result';
import { diffOperation } from '../src/domain/ot/line-diff';
import { TextOperation } from '../src/domain/ot/text-operation';
import { jsdiffOperation } from './support/jsdiff-operation';
import { compareThroughput } from './support/measure';
import { createPrng, randomInt } from './support/prng';
import { formatRate, formatRatio, printTable } from './support/table';

interface Workload {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  /**
   * The common prefix and suffix leave one line on each side: both spend their time in the same trimming code, so
   * the ratio shows the run's noise, not the line diffs.
   */
  readonly trimmingOnly?: boolean;
}

/** A plausible source line: indentation, a few words, a number. */
function sourceLine(random: () => number, n: number): string {
  const words = ['const', 'value', 'return', 'await', 'items', 'map', 'filter', 'result', 'user', 'config', 'render', 'props'];
  const count = randomInt(random, 2, 7);
  const parts = Array.from({ length: count }, () => words[randomInt(random, 0, words.length - 1)]);
  return `${'  '.repeat(randomInt(random, 0, 3))}${parts.join(' ')} = ${n};\n`;
}

function lines(random: () => number, count: number, offset = 0): string[] {
  return Array.from({ length: count }, (_, i) => sourceLine(random, offset + i));
}

function gitPull(): Workload {
  const random = createPrng(19_001);
  const before = lines(random, 10_000);
  const after = [...before];
  // 40 hunks from the end backwards (indices stay valid): each replaces, deletes or inserts 1-5 lines.
  for (let h = 0; h < 40; h++) {
    const at = 9_900 - h * 245 - randomInt(random, 0, 100);
    const size = randomInt(random, 1, 5);
    const kind = h % 3;
    if (kind === 0) after.splice(at, size, ...lines(random, size, 50_000 + h * 10));
    else if (kind === 1) after.splice(at, size);
    else after.splice(at, 0, ...lines(random, size, 60_000 + h * 10));
  }
  return { name: 'git pull: 10,000 lines, 40 hunks', from: before.join(''), to: after.join('') };
}

function formatter(): Workload {
  const random = createPrng(19_002);
  const before = lines(random, 3_000);
  const after = before.map((line, i) => (i % 4 === 0 ? line.replace(' = ', ' =  ').replace(/^ */, '    ') : line));
  return { name: 'formatter: every 4th of 3,000 lines', from: before.join(''), to: after.join('') };
}

function movedBlock(): Workload {
  const random = createPrng(19_003);
  const before = lines(random, 5_000);
  const block = before.slice(1_000, 1_300);
  const after = [...before.slice(0, 1_000), ...before.slice(1_300, 4_000), ...block, ...before.slice(4_000)];
  return { name: '300-line block moved in 5,000', from: before.join(''), to: after.join('') };
}

function bigFileOneLine(): Workload {
  const random = createPrng(19_004);
  const before: string[] = [];
  for (let length = 0; length < 5 * 1024 * 1024; length += before[before.length - 1].length) before.push(sourceLine(random, before.length));
  const after = [...before];
  after[before.length >> 1] = '  changed = 1;\n';
  return { name: '5 MB, one line changed (trimming only)', from: before.join(''), to: after.join(''), trimmingOnly: true };
}

function unrelated(): Workload {
  const random = createPrng(19_005);
  return { name: 'unrelated 2,500-line files (gives up)', from: lines(random, 2_500).join(''), to: lines(random, 2_500, 100_000).join('') };
}

/** Inserted plus deleted lines an operation marks (a line counts once if any of its characters changed). */
function changedLines(op: TextOperation, from: string, to: string): number {
  const touched = (text: string, ranges: Array<[number, number]>) => {
    const seen = new Set<number>();
    const lineStarts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    const lineOf = (offset: number) => {
      let lo = 0;
      let hi = lineStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (lineStarts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo;
    };
    for (const [start, end] of ranges) for (let l = lineOf(start); l <= lineOf(Math.max(start, end - 1)); l++) seen.add(l);
    return seen.size;
  };
  const deleted: Array<[number, number]> = [];
  const inserted: Array<[number, number]> = [];
  let f = 0;
  let t = 0;
  for (const c of op.ops) {
    if (TextOperation.isRetain(c)) {
      f += c;
      t += c;
    } else if (TextOperation.isInsert(c)) {
      inserted.push([t, t + c.length]);
      t += c.length;
    } else {
      deleted.push([f, f - c]);
      f -= c;
    }
  }
  return touched(from, deleted) + touched(to, inserted);
}

export async function run(): Promise<void> {
  const workloads = [gitPull(), formatter(), movedBlock(), bigFileOneLine(), unrelated()];
  const rows: string[][] = [];
  let worst = Infinity;
  for (const w of workloads) {
    const ours = diffOperation(w.from, w.to);
    const theirs = jsdiffOperation(w.from, w.to);
    if (unwrap(ours.apply(w.from)) !== w.to) throw new Error(`ours does not turn the first text into the second: ${w.name}`);
    if (unwrap(theirs.apply(w.from)) !== w.to) throw new Error(`jsdiff's does not turn the first text into the second: ${w.name}`);
    // A round lasts about 100 ms of the slower contender (at least one call).
    const probe = (fn: () => unknown) => {
      const started = process.hrtime.bigint();
      fn();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const slowest = Math.max(probe(() => diffOperation(w.from, w.to)), probe(() => jsdiffOperation(w.from, w.to)));
    const calls = Math.max(1, Math.round(100 / Math.max(slowest, 0.001)));
    const rates = compareThroughput(
      {
        ours: () => {
          let sink = 0;
          for (let i = 0; i < calls; i++) sink += diffOperation(w.from, w.to).ops.length;
          return sink;
        },
        jsdiff: () => {
          let sink = 0;
          for (let i = 0; i < calls; i++) sink += jsdiffOperation(w.from, w.to).ops.length;
          return sink;
        },
      },
      { callsPerRound: calls, warmupRounds: 2, rounds: slowest > 500 ? 3 : 7 },
    );
    const ratio = rates.ours / rates.jsdiff;
    if (!w.trimmingOnly) worst = Math.min(worst, ratio);
    rows.push([
      w.name,
      formatRate(rates.ours),
      formatRate(rates.jsdiff),
      formatRatio(ratio),
      `${(1000 / rates.ours).toFixed(2)} / ${(1000 / rates.jsdiff).toFixed(2)}`,
      `${changedLines(ours, w.from, w.to)} / ${changedLines(theirs, w.from, w.to)}`,
    ]);
  }
  printTable(['workload', 'ours calls/s', 'jsdiff calls/s', 'ours/jsdiff', 'ms per call (ours / jsdiff)', 'changed lines (ours / jsdiff)'], rows);
  console.log(`lowest ratio where the line diffs do the work ${formatRatio(worst)} (the own diff is kept while it is >= 1.00x: ADR 0019)`);
}
