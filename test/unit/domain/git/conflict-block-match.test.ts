import { conflictBlockKey, matchConflictBlock } from '../../../../src/domain/git/conflict-block-match';
import { parseConflictBlocks, resolveConflict } from '../../../../src/domain/git/conflict-blocks';

const text = (...lines: string[]) => lines.join('\n') + '\n';
const block = (current: string, incoming: string, label = 'feature') => ['<<<<<<< HEAD', current, '=======', incoming, `>>>>>>> ${label}`];

describe('conflictBlockKey', () => {
  it('is the same for a block wherever it is in the text', () => {
    const [here] = parseConflictBlocks(text(...block('mine', 'theirs')));
    const [moved] = parseConflictBlocks(text('added', 'above', ...block('mine', 'theirs')));
    expect(moved.startLine).not.toBe(here.startLine);
    expect(conflictBlockKey(moved)).toBe(conflictBlockKey(here));
  });

  it("differs when a side's code or label differs, the base included", () => {
    const key = (...lines: string[]) => conflictBlockKey(parseConflictBlocks(text(...lines))[0]);
    const plain = key(...block('mine', 'theirs'));
    expect(key(...block('mine!', 'theirs'))).not.toBe(plain);
    expect(key(...block('mine', 'theirs!'))).not.toBe(plain);
    expect(key(...block('mine', 'theirs', 'other-branch'))).not.toBe(plain);
    expect(key('<<<<<<< main', 'mine', '=======', 'theirs', '>>>>>>> feature')).not.toBe(plain);
    const withBase = (base: string) => key('<<<<<<< HEAD', 'mine', `||||||| ${base}`, 'old', '=======', 'theirs', '>>>>>>> feature');
    expect(withBase('base')).not.toBe(plain);
    expect(withBase('base')).not.toBe(withBase('ancestor'));
  });

  it('does not mistake code lines that join into the same text for the same block', () => {
    const oneLine = parseConflictBlocks(text('<<<<<<< HEAD', 'a,b', '=======', 'x', '>>>>>>> f'))[0];
    const twoLines = parseConflictBlocks(text('<<<<<<< HEAD', 'a', 'b', '=======', 'x', '>>>>>>> f'))[0];
    expect(conflictBlockKey(oneLine)).not.toBe(conflictBlockKey(twoLines));
  });
});

describe('matchConflictBlock', () => {
  const twoBlocks = text('top', ...block('first mine', 'first theirs'), 'middle', ...block('second mine', 'second theirs'), 'bottom');

  it('finds the block at the line when it still holds the content', () => {
    const blocks = parseConflictBlocks(twoBlocks);
    expect(matchConflictBlock(blocks, blocks[1].startLine, conflictBlockKey(blocks[1]))).toBe(blocks[1]);
  });

  it('finds a block that moved up after the block above it was accepted', () => {
    const before = parseConflictBlocks(twoBlocks);
    const lens = { startLine: before[1].startLine, key: conflictBlockKey(before[1]) };
    const after = parseConflictBlocks(resolveConflict(twoBlocks, before[0], 'current'));
    expect(after).toHaveLength(1);
    expect(after[0].startLine).toBeLessThan(lens.startLine);
    expect(matchConflictBlock(after, lens.startLine, lens.key)).toBe(after[0]);
  });

  it('finds a block that moved down after a collaborator added lines above it', () => {
    const before = parseConflictBlocks(twoBlocks);
    const lens = { startLine: before[0].startLine, key: conflictBlockKey(before[0]) };
    const after = parseConflictBlocks(text('new 1', 'new 2', 'new 3') + twoBlocks);
    expect(matchConflictBlock(after, lens.startLine, lens.key)).toBe(after[0]);
  });

  it('does not take another block that moved to the line', () => {
    // The first block is accepted: the second one moves up, to (about) where a stale lens of the first points.
    const shifted = text(...block('first mine', 'first theirs'), ...block('second mine', 'second theirs'));
    const before = parseConflictBlocks(shifted);
    const lens = { startLine: before[0].startLine, key: conflictBlockKey(before[0]) };
    const after = parseConflictBlocks(resolveConflict(shifted, before[0], 'incoming'));
    expect(after[0].startLine).toBe(2);
    expect(matchConflictBlock(after, 2, lens.key)).toBeUndefined();
    expect(matchConflictBlock(after, lens.startLine, lens.key)).toBeUndefined();
  });

  it('of blocks with the same content, takes the one at the line, else the nearest, else the first of two as near', () => {
    const same = text(...block('same', 'same'), 'a', 'b', 'c', ...block('same', 'same'), 'd', ...block('same', 'same'));
    const blocks = parseConflictBlocks(same);
    expect(blocks.map((b) => b.startLine)).toEqual([1, 9, 15]);
    const key = conflictBlockKey(blocks[0]);
    expect(matchConflictBlock(blocks, 9, key)).toBe(blocks[1]);
    expect(matchConflictBlock(blocks, 13, key)).toBe(blocks[2]); // 2 from the third, 4 from the second
    expect(matchConflictBlock(blocks, 11, key)).toBe(blocks[1]); // 2 from the second, 4 from the third
    expect(matchConflictBlock(blocks, 12, key)).toBe(blocks[1]); // 3 from both: the first in the text
    expect(matchConflictBlock(blocks, 3, key)).toBe(blocks[0]);
  });

  it('finds nothing when the block is gone (accepted, or edited by someone else)', () => {
    const blocks = parseConflictBlocks(twoBlocks);
    const key = conflictBlockKey(blocks[0]);
    expect(matchConflictBlock(parseConflictBlocks(resolveConflict(twoBlocks, blocks[0], 'both')), blocks[0].startLine, key)).toBeUndefined();
    expect(matchConflictBlock(parseConflictBlocks(twoBlocks.replace('first theirs', 'first theirs, edited')), blocks[0].startLine, key)).toBeUndefined();
    expect(matchConflictBlock([], 1, key)).toBeUndefined();
  });

  it('without a key, takes only the block that starts at the line', () => {
    const blocks = parseConflictBlocks(twoBlocks);
    expect(matchConflictBlock(blocks, blocks[1].startLine)).toBe(blocks[1]);
    expect(matchConflictBlock(blocks, blocks[1].startLine + 1)).toBeUndefined();
  });
});
