import fc from 'fast-check';
import { unwrap } from '../../../../src/base/result';
import { diffOperation } from '../../../../src/domain/ot/line-diff';
import { diffToOperation } from '../../../../src/domain/ot/text-diff';
import { TextOperation } from '../../../../src/domain/ot/text-operation';

const RUNS = { numRuns: 1000 };

/** Inserted and deleted code units, and how many insert and delete components carry them. */
function edits(op: TextOperation): { inserted: number; deleted: number; inserts: number; deletes: number } {
  const counts = { inserted: 0, deleted: 0, inserts: 0, deletes: 0 };
  for (const c of op.ops) {
    if (TextOperation.isInsert(c)) {
      counts.inserted += c.length;
      counts.inserts++;
    } else if (TextOperation.isDelete(c)) {
      counts.deleted -= c;
      counts.deletes++;
    }
  }
  return counts;
}

/** The offsets in the old and in the new text at which the operation's components begin and end. */
function boundaries(op: TextOperation): { from: number[]; to: number[] } {
  const result = { from: [0], to: [0] };
  let from = 0;
  let to = 0;
  for (const c of op.ops) {
    if (TextOperation.isInsert(c)) {
      to += c.length;
    } else if (TextOperation.isRetain(c)) {
      from += c;
      to += c;
    } else {
      from -= c;
    }
    result.from.push(from);
    result.to.push(to);
  }
  return result;
}

const splitsPair = (text: string, offset: number): boolean =>
  /[\ud800-\udbff]/.test(text.charAt(offset - 1)) && /[\udc00-\udfff]/.test(text.charAt(offset));

/** `count` lines `line 0\n`, `line 1\n`, … (7 code units each while count ≤ 10). */
const numberedLines = (count: number): string[] => Array.from({ length: count }, (_, i) => `line ${i}\n`);

/** 😀 and 😃 share their high surrogate, 😀 and 🈀 their low one: boundaries inside pairs are tempting. */
const ALPHABET = ['a', 'b', '\n', '\r', 'é', '😀', '😃', '🈀'];
const textArb = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 30 }).map((chars) => chars.join(''));
const lineArb = fc
  .array(fc.constantFrom(...ALPHABET.filter((c) => c !== '\n')), { maxLength: 4 })
  .map((chars) => `${chars.join('')}\n`);

/** Two texts of whole lines where the second keeps, deletes, replaces or precedes with a new line each line of the first. */
const editedLinesArb = fc
  .tuple(
    fc.array(fc.tuple(lineArb, fc.constantFrom('keep', 'keep', 'keep', 'delete', 'replace', 'insert'), lineArb), { maxLength: 15 }),
    fc.boolean(),
  )
  .map(([entries, unterminated]) => {
    let from = '';
    let to = '';
    for (const [line, action, other] of entries) {
      from += line;
      to += action === 'keep' ? line : action === 'delete' ? '' : action === 'replace' ? other : other + line;
    }
    // optionally drop the final newline of both texts
    return unterminated ? { from: from.replace(/\n$/, ''), to: to.replace(/\n$/, '') } : { from, to };
  });

const pairArb = fc.oneof(
  fc.record({ from: textArb, to: textArb }),
  editedLinesArb,
  textArb.chain((from) => fc.record({ from: fc.constant(from), to: fc.constant(from) })),
);

describe('diffOperation', () => {
  describe('examples', () => {
    it('is empty between empty texts', () => {
      expect(diffOperation('', '').toJSON()).toEqual([]);
    });

    it('inserts or deletes a whole text against an empty one', () => {
      expect(diffOperation('', 'one\ntwo').toJSON()).toEqual(['one\ntwo']);
      expect(diffOperation('one\ntwo', '').toJSON()).toEqual([-7]);
    });

    it('retains identical texts whole', () => {
      expect(diffOperation('one\ntwo\n', 'one\ntwo\n').toJSON()).toEqual([8]);
      expect(diffOperation('one\ntwo', 'one\ntwo').toJSON()).toEqual([7]);
    });

    it('inserts a new line whole', () => {
      expect(diffOperation('one\ntwo\n', 'one\nnew\ntwo\n').toJSON()).toEqual([4, 'new\n', 4]);
    });

    it('deletes a line on its own boundaries, not shifted across the next line', () => {
      // A plain prefix/suffix diff deletes "wo\nt"; a user's edit at the start of "three" would then land inside "two".
      expect(diffToOperation('one\ntwo\nthree\n', 'one\nthree\n').toJSON()).toEqual([5, -4, 5]);
      expect(diffOperation('one\ntwo\nthree\n', 'one\nthree\n').toJSON()).toEqual([4, -4, 6]);
    });

    it('turns an edit inside one line into a small insert and delete', () => {
      expect(diffOperation('const a = 1;\nconst b = 2;\n', 'const a = 1;\nconst b = 3;\n').toJSON()).toEqual([23, '3', -1, 2]);
    });

    it('keeps separate changes as separate hunks with the lines between them retained', () => {
      const lines = numberedLines(10);
      const from = lines.join('');
      const to = [...lines.slice(0, 2), 'line two\n', ...lines.slice(3, 5), ...lines.slice(6, 8), 'new\n', ...lines.slice(8)].join('');
      // line 2 edited in place, line 5 deleted, "new\n" inserted before line 8
      expect(diffOperation(from, to).toJSON()).toEqual([19, 'two', -1, 15, -7, 14, 'new\n', 14]);
      expect(edits(diffToOperation(from, to))).toMatchObject({ inserts: 1, deletes: 1 });
    });

    it("lets a user's edit between two changed regions survive the transform intact", () => {
      const lines = numberedLines(10);
      const from = lines.join('');
      const disk = [...lines.slice(0, 2), 'line two\n', ...lines.slice(3, 8), 'line eight\n', lines[9]].join('');
      const note = '// note\n';
      const user = new TextOperation().retain(5 * 7).insert(note).retain(from.length - 5 * 7);
      const [, userAfterDisk] = unwrap(TextOperation.transform(diffOperation(from, disk), user));
      const merged = [...lines.slice(0, 2), 'line two\n', ...lines.slice(3, 5), note, ...lines.slice(5, 8), 'line eight\n', lines[9]];
      expect(unwrap(userAfterDisk.apply(disk))).toBe(merged.join(''));
    });

    it('handles CRLF lines', () => {
      expect(diffOperation('a\r\nb\r\nc\r\n', 'a\r\nB\r\nc\r\n').toJSON()).toEqual([3, 'B', -1, 5]);
      expect(diffOperation('a\r\nc\r\n', 'a\r\nb\r\nc\r\n').toJSON()).toEqual([3, 'b\r\n', 3]);
      expect(diffOperation('a\r\nb\r\nc\r\n', 'a\r\nc\r\n').toJSON()).toEqual([3, -3, 3]);
    });

    it('handles a last line without a newline', () => {
      expect(diffOperation('one\ntwo', 'one\ntwo\nthree').toJSON()).toEqual([7, '\nthree']);
      expect(diffOperation('one\ntwo', 'one\ntoo').toJSON()).toEqual([5, 'o', -1, 1]);
      expect(diffOperation('one\ntwo', 'one\n').toJSON()).toEqual([4, -3]);
    });

    it('never splits a surrogate pair at a hunk boundary', () => {
      // 😀 is \ud83d\ude00 and 😃 is \ud83d\ude03: they share their first code unit
      expect(diffOperation('x😀\ny\n', 'x😃\ny\n').toJSON()).toEqual([1, '😃', -2, 3]);
      expect(diffOperation('a😀\nb\nc\n😀d\n', 'a😃\nb\nc\n😃d\n').toJSON()).toEqual([1, '😃', -2, 5, '😃', -2, 2]);
      // \ud83c\ude00 shares its second code unit with 😀
      expect(diffOperation('😀\nz\n', '\ud83c\ude00\nz\n').toJSON()).toEqual(['\ud83c\ude00', -2, 3]);
      expect(diffOperation('😀a\n', '😀b\n').toJSON()).toEqual([2, 'b', -1, 1]);
    });
  });

  describe('laws', () => {
    it('turns the first text into the second', () => {
      fc.assert(
        fc.property(pairArb, ({ from, to }) => {
          expect(unwrap(diffOperation(from, to).apply(from))).toBe(to);
        }),
        RUNS,
      );
    });

    it('builds a canonical operation from the first text to the second', () => {
      fc.assert(
        fc.property(pairArb, ({ from, to }) => {
          const op = diffOperation(from, to);
          expect(op.baseLength).toBe(from.length);
          expect(op.targetLength).toBe(to.length);
          expect(unwrap(TextOperation.fromJSON(op.toJSON())).equals(op)).toBe(true);
        }),
        RUNS,
      );
    });

    it('never inserts more than the new text nor deletes more than the old one', () => {
      fc.assert(
        fc.property(pairArb, ({ from, to }) => {
          const { inserted, deleted } = edits(diffOperation(from, to));
          expect(inserted).toBeLessThanOrEqual(to.length);
          expect(deleted).toBeLessThanOrEqual(from.length);
        }),
        RUNS,
      );
    });

    it('deletes at most the replaced line and inserts at most its replacement', () => {
      const replacementArb = fc.tuple(fc.array(lineArb, { minLength: 1, maxLength: 12 }), fc.nat(), lineArb);
      fc.assert(
        fc.property(replacementArb, ([lines, index, replacement]) => {
          const at = index % lines.length;
          const from = lines.join('');
          const to = [...lines.slice(0, at), replacement, ...lines.slice(at + 1)].join('');
          const { inserted, deleted } = edits(diffOperation(from, to));
          expect(deleted).toBeLessThanOrEqual(lines[at].length);
          expect(inserted).toBeLessThanOrEqual(replacement.length);
        }),
        RUNS,
      );
    });

    it('never puts a component boundary inside a surrogate pair of either text', () => {
      fc.assert(
        fc.property(pairArb, ({ from, to }) => {
          const offsets = boundaries(diffOperation(from, to));
          expect(offsets.from.filter((offset) => splitsPair(from, offset))).toEqual([]);
          expect(offsets.to.filter((offset) => splitsPair(to, offset))).toEqual([]);
        }),
        RUNS,
      );
    });
  });

  describe('bounded cost', () => {
    const lines = numberedLines(10);
    const from = lines.join('');
    const to = [...lines.slice(0, 2), 'line two\n', ...lines.slice(3, 5), ...lines.slice(6, 8), 'new\n', ...lines.slice(8)].join('');

    it('diffs line by line up to maxEditDistance inserted plus deleted lines', () => {
      // line 2 replaced (2), line 5 deleted (1), one line inserted (1)
      expect(edits(diffOperation(from, to, { maxEditDistance: 4 }))).toMatchObject({ inserts: 2, deletes: 2 });
    });

    it('falls back to one hunk past maxEditDistance, still turning the first text into the second', () => {
      const op = diffOperation(from, to, { maxEditDistance: 3 });
      expect(edits(op)).toMatchObject({ inserts: 1, deletes: 1 });
      expect(unwrap(op.apply(from))).toBe(to);
      expect(op.equals(diffToOperation(from, to))).toBe(true);
    });

    it('still turns the first text into the second with a tiny maxEditDistance', () => {
      fc.assert(
        fc.property(pairArb, fc.nat(3), ({ from, to }, maxEditDistance) => {
          expect(unwrap(diffOperation(from, to, { maxEditDistance }).apply(from))).toBe(to);
        }),
        RUNS,
      );
    });

    describe('on a 5 MB text', () => {
      const line = 'export const value = computeSomething(alpha, beta); // é\n';
      const big = line.repeat(Math.ceil((5 * 1024 * 1024) / line.length));
      const at = line.length * Math.floor(big.length / line.length / 2) + line.indexOf('alpha');

      it('turns one changed character into one small insert and delete', () => {
        const changed = `${big.slice(0, at)}A${big.slice(at + 1)}`;
        expect(diffOperation(big, changed).toJSON()).toEqual([at, 'A', -1, big.length - at - 1]);
      });

      it('retains an identical text whole and inserts appended lines in one piece', () => {
        expect(diffOperation(big, big).toJSON()).toEqual([big.length]);
        expect(diffOperation(big, `${big}${line}${line}`).toJSON()).toEqual([big.length, line + line]);
      });
    });
  });
});
