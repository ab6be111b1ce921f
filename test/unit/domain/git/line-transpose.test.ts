import fc from 'fast-check';
import { DiffHunk, parseUnifiedDiff } from '../../../../src/domain/git/diff-hunks';
import { transposeLine } from '../../../../src/domain/git/line-transpose';
import { fixture } from './fixture';

describe('transposeLine', () => {
  // numbers.txt: 1..20 became top,1,2,3,4,7..14,changed,16..20,tail1,tail2 (see fixtures/capture.sh).
  const numbers = parseUnifiedDiff(fixture('diff-patch.txt'))[3];
  const after = ['top', '1', '2', '3', '4', '7', '8', '9', '10', '11', '12', '13', '14', 'changed', '16', '17', '18', '19', '20', 'tail1', 'tail2'];

  it('follows every unchanged line of a real diff to its new place', () => {
    for (let line = 1; line <= 20; line++) {
      const moved = transposeLine(numbers, line);
      if ([5, 6, 15].includes(line)) expect(moved).toBeUndefined();
      else expect(after[moved! - 1]).toBe(String(line));
    }
  });

  it('keeps a line without hunks where it is', () => {
    expect(transposeLine([], 7)).toBe(7);
  });

  /** Lines 'L1'..'Ln' edited by non-overlapping replacements; the hunks are what those edits did. */
  const edits = fc
    .integer({ min: 1, max: 40 })
    .chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.array(fc.record({ at: fc.integer({ min: 0, max: n }), remove: fc.integer({ min: 0, max: 3 }), insert: fc.integer({ min: 0, max: 3 }) }), { maxLength: 6 }),
      ),
    );

  it('maps each surviving line to the line with the same content, and removed lines to nothing (property)', () => {
    fc.assert(
      fc.property(edits, ([n, raw]) => {
        const original = Array.from({ length: n }, (_, i) => `L${i + 1}`);
        // Non-overlapping edits, ordered: each starts after the previous one's removed lines.
        const chosen: Array<{ at: number; remove: number; insert: number }> = [];
        let next = 0;
        for (const e of [...raw].sort((a, b) => a.at - b.at)) {
          if (e.at < next || (e.remove === 0 && e.insert === 0)) continue;
          const remove = Math.min(e.remove, n - e.at);
          if (remove === 0 && e.insert === 0) continue;
          chosen.push({ at: e.at, remove, insert: e.insert });
          next = e.at + remove + (remove === 0 ? 1 : 0);
        }
        const modified: string[] = [];
        const hunks: DiffHunk[] = [];
        let from = 0;
        for (const e of chosen) {
          modified.push(...original.slice(from, e.at));
          const start = modified.length + 1;
          for (let k = 0; k < e.insert; k++) modified.push(`new-${e.at}-${k}`);
          hunks.push({ original: { start: e.at + 1, end: e.at + e.remove }, modified: { start, end: start + e.insert - 1 } });
          from = e.at + e.remove;
        }
        modified.push(...original.slice(from));
        const removed = new Set(chosen.flatMap((e) => Array.from({ length: e.remove }, (_, k) => e.at + k + 1)));
        for (let line = 1; line <= n; line++) {
          const moved = transposeLine(hunks, line);
          if (removed.has(line)) expect(moved).toBeUndefined();
          else expect(modified[moved! - 1]).toBe(`L${line}`);
        }
      }),
    );
  });
});
