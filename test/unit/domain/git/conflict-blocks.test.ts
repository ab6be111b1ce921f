import fc from 'fast-check';
import {
  ConflictBlock,
  ConflictChoice,
  conflictBlockAt,
  conflictEdit,
  parseConflictBlocks,
  resolveConflict,
  resolvedLines,
} from '../../../../src/domain/git/conflict-blocks';

const text = (...lines: string[]) => lines.join('\n') + '\n';

describe('parseConflictBlocks', () => {
  it('reads a merge conflict: the current side, the incoming side, their lines and labels', () => {
    const blocks = parseConflictBlocks(text('start', '<<<<<<< HEAD', 'mine 1', 'mine 2', '=======', 'theirs', '>>>>>>> feature', 'end'));
    expect(blocks).toEqual<ConflictBlock[]>([
      {
        startLine: 2,
        endLine: 7,
        left: { startLine: 3, code: ['mine 1', 'mine 2'], label: 'HEAD' },
        right: { startLine: 6, code: ['theirs'], label: 'feature' },
      },
    ]);
  });

  it('reads the base section of the diff3 style', () => {
    const [block] = parseConflictBlocks(text('<<<<<<< ours', 'a2', '||||||| merged common ancestors', 'a', '=======', 'a3', '>>>>>>> theirs'));
    expect(block.base).toEqual({ startLine: 4, code: ['a'], label: 'merged common ancestors' });
    expect(block.left.code).toEqual(['a2']);
    expect(block.right).toEqual({ startLine: 6, code: ['a3'], label: 'theirs' });
  });

  it('reads CRLF text and gives the code lines without their endings', () => {
    const blocks = parseConflictBlocks('x\r\n<<<<<<< HEAD\r\nmine\r\n=======\r\ntheirs\r\n>>>>>>> b\r\n');
    expect(blocks).toHaveLength(1);
    expect(blocks[0].left.code).toEqual(['mine']);
    expect(blocks[0].right.code).toEqual(['theirs']);
    expect(blocks[0].right.label).toBe('b');
  });

  it('reads empty sides and several blocks, a last marker without a line ending too', () => {
    const blocks = parseConflictBlocks(['<<<<<<<', '=======', 'added', '>>>>>>>', 'middle', '<<<<<<< HEAD', 'kept', '=======', '>>>>>>> x'].join('\n'));
    expect(blocks.map((b) => [b.startLine, b.endLine, b.left.code, b.right.code])).toEqual([
      [1, 4, [], ['added']],
      [6, 9, ['kept'], []],
    ]);
    expect(blocks[0].left).toEqual({ startLine: 2, code: [], label: '' });
  });

  it("keeps the longer markers of a recursive merge's virtual base as code of the outer block", () => {
    const blocks = parseConflictBlocks(
      text('<<<<<<< HEAD', 'a', '=======', '<<<<<<<<< Temporary merge branch 1', 'b', '=========', 'c', '>>>>>>>>> Temporary merge branch 2', '>>>>>>> theirs'),
    );
    expect(blocks).toHaveLength(1);
    expect(blocks[0].right.code).toEqual(['<<<<<<<<< Temporary merge branch 1', 'b', '=========', 'c', '>>>>>>>>> Temporary merge branch 2']);
    expect(blocks[0].endLine).toBe(9);
  });

  it('drops a block that a new opening marker of the same length interrupts, and takes the new one', () => {
    const blocks = parseConflictBlocks(text('<<<<<<< HEAD', 'x', '<<<<<<< HEAD', 'a', '=======', 'b', '>>>>>>> t'));
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ startLine: 3, endLine: 7, left: { code: ['a'] }, right: { code: ['b'] } });
  });

  it('ignores unfinished blocks, blocks closed before their separator, and lines that only look like markers', () => {
    expect(parseConflictBlocks(text('<<<<<<< HEAD', 'a', '=======', 'b'))).toEqual([]);
    expect(parseConflictBlocks(text('<<<<<<< HEAD', 'a', '>>>>>>> t', '=======', 'b'))).toEqual([]);
    expect(parseConflictBlocks(text('<<<<<<<x', '<<<<<< six', '=======', '>>>>>>>'))).toEqual([]);
    // Inside a block, a second separator or a late base marker is code.
    const [block] = parseConflictBlocks(text('<<<<<<< a', '1', '=======', '2', '=======', '||||||| b', '>>>>>>> c'));
    expect(block.right.code).toEqual(['2', '=======', '||||||| b']);
  });
});

describe('resolving a block', () => {
  const merged = text('top', '<<<<<<< HEAD', 'mine', '||||||| base', 'old', '=======', 'theirs', '>>>>>>> b', 'bottom');
  const [block] = parseConflictBlocks(merged);

  it.each<[ConflictChoice, string]>([
    ['current', text('top', 'mine', 'bottom')],
    ['incoming', text('top', 'theirs', 'bottom')],
    ['both', text('top', 'mine', 'theirs', 'bottom')],
  ])('accepting %s keeps that side and drops the markers and the base', (choice, expected) => {
    expect(resolveConflict(merged, block, choice)).toBe(expected);
  });

  it('is one edit of whole lines, up to the start of the line after the block', () => {
    expect(conflictEdit(block, 'both', '\n', 10)).toEqual({ from: { line: 2, at: 'start' }, to: { line: 9, at: 'start' }, text: 'mine\ntheirs\n' });
  });

  it('keeps CRLF line endings', () => {
    const crlf = merged.replace(/\n/g, '\r\n');
    const [b] = parseConflictBlocks(crlf);
    expect(resolveConflict(crlf, b, 'both')).toBe('top\r\nmine\r\ntheirs\r\nbottom\r\n');
  });

  it('resolves a block on the last line of a text without a final line ending', () => {
    const last = 'a\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> b';
    const [b] = parseConflictBlocks(last);
    expect(resolveConflict(last, b, 'both')).toBe('a\nmine\ntheirs');
    expect(conflictEdit(b, 'incoming', '\n', 6)).toEqual({ from: { line: 2, at: 'start' }, to: { line: 6, at: 'end' }, text: 'theirs' });
  });

  it('takes the line ending before a last block that resolves to nothing, so no empty line is left', () => {
    const last = 'a\r\n<<<<<<< HEAD\r\n=======\r\ntheirs\r\n>>>>>>> b';
    const [b] = parseConflictBlocks(last);
    expect(resolveConflict(last, b, 'current')).toBe('a');
    expect(conflictEdit(b, 'current', '\r\n', 5)).toEqual({ from: { line: 1, at: 'end' }, to: { line: 5, at: 'end' }, text: '' });
    const only = '<<<<<<< HEAD\n=======\n>>>>>>> b';
    expect(resolveConflict(only, parseConflictBlocks(only)[0], 'both')).toBe('');
  });

  it('finds the block under a line', () => {
    expect(conflictBlockAt([block], 2)).toBe(block);
    expect(conflictBlockAt([block], 8)).toBe(block);
    expect(conflictBlockAt([block], 9)).toBeUndefined();
    expect(resolvedLines(block, 'current')).toEqual(['mine']);
  });
});

describe('conflict blocks (properties)', () => {
  const plainLine = fc.stringOf(fc.constantFrom('a', 'b', ' ', '<', '=', '>', '|', 'x'), { maxLength: 9 }).filter((l) => !/^(<{7}|={7}|>{7}|\|{7})/.test(l));
  const label = fc.stringOf(fc.constantFrom('a', 'b', '/', '1'), { maxLength: 6 });
  const block = fc.record({
    left: fc.array(plainLine, { maxLength: 4 }),
    base: fc.option(fc.array(plainLine, { maxLength: 3 }), { nil: undefined }),
    right: fc.array(plainLine, { maxLength: 4 }),
    leftLabel: label,
    rightLabel: label,
  });
  type Generated = { left: string[]; base: string[] | undefined; right: string[]; leftLabel: string; rightLabel: string };
  const segment = fc.oneof(plainLine.map((line) => ({ line })), block.map((b) => ({ block: b as Generated })));
  const document = fc.record({ segments: fc.array(segment, { maxLength: 8 }), eol: fc.constantFrom('\n', '\r\n'), finalEol: fc.boolean() });

  const marker = (m: string, l: string) => (l === '' ? m : `${m} ${l}`);
  function render(segments: Array<{ line: string } | { block: Generated }>): string[] {
    return segments.flatMap((s) =>
      'line' in s
        ? [s.line]
        : [
            marker('<<<<<<<', s.block.leftLabel),
            ...s.block.left,
            ...(s.block.base ? ['|||||||', ...s.block.base] : []),
            '=======',
            ...s.block.right,
            marker('>>>>>>>', s.block.rightLabel),
          ],
    );
  }
  const join = (lines: string[], eol: string, finalEol: boolean) => lines.join(eol) + (finalEol && lines.length > 0 ? eol : '');
  /** The lines as an editor has them: a final line ending is followed by an empty line; an empty text is one line. */
  const editorLines = (lines: string[], finalEol: boolean) => (lines.length === 0 ? [''] : finalEol ? [...lines, ''] : lines);

  it('finds exactly the blocks that were written, with their lines and start lines', () => {
    fc.assert(
      fc.property(document, ({ segments, eol, finalEol }) => {
        const lines = render(segments);
        const blocks = parseConflictBlocks(join(lines, eol, finalEol));
        const written = segments.filter((s): s is { block: Generated } => 'block' in s).map((s) => s.block);
        expect(blocks.map((b) => ({ left: b.left.code, base: b.base?.code, right: b.right.code, leftLabel: b.left.label, rightLabel: b.right.label }))).toEqual(
          written.map((w) => ({ left: w.left, base: w.base, right: w.right, leftLabel: w.leftLabel, rightLabel: w.rightLabel })),
        );
        for (const b of blocks) {
          expect(lines[b.startLine - 1].startsWith('<<<<<<<')).toBe(true);
          expect(lines[b.endLine - 1].startsWith('>>>>>>>')).toBe(true);
          expect(lines.slice(b.left.startLine - 1, b.left.startLine - 1 + b.left.code.length)).toEqual(b.left.code);
          expect(lines.slice(b.right.startLine - 1, b.right.startLine - 1 + b.right.code.length)).toEqual(b.right.code);
        }
      }),
    );
  });

  it('resolving every block (last first) leaves the other lines and the chosen sides, with the same line endings', () => {
    fc.assert(
      fc.property(document, fc.constantFrom<ConflictChoice>('current', 'incoming', 'both'), ({ segments, eol, finalEol }, choice) => {
        let current = join(render(segments), eol, finalEol);
        for (const b of parseConflictBlocks(current).reverse()) current = resolveConflict(current, b, choice);
        const expected = segments.flatMap((s) => ('line' in s ? [s.line] : choice === 'current' ? s.block.left : choice === 'incoming' ? s.block.right : [...s.block.left, ...s.block.right]));
        expect(current.split(/\r?\n/)).toEqual(editorLines(expected, finalEol && render(segments).length > 0));
        expect(parseConflictBlocks(current)).toEqual([]);
        if (eol === '\r\n') expect(current.replace(/\r\n/g, '')).not.toContain('\n');
        else expect(current).not.toContain('\r');
      }),
    );
  });
});
