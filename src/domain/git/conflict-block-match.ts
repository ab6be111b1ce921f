import { ConflictBlock } from './conflict-blocks';

/**
 * Finding a conflict block again after the text changed. A lens (or any reference to a block) is drawn for a block
 * at some line; until it is redrawn the text may change under it (a block above was accepted, a collaborator typed
 * above it), so the line alone can name another block or none. A block's key is what it holds — its sides' labels
 * and code, base included — which tells it from the others wherever it has moved.
 */

/** What a block holds (its sides' labels and code): equal for the same block wherever it is in the text. */
export const conflictBlockKey = (block: ConflictBlock): string =>
  JSON.stringify([block.left.label, block.left.code, block.base?.label, block.base?.code, block.right.label, block.right.code]);

/**
 * The block meant by a reference made for `startLine` and `key` (conflictBlockKey), among the blocks of the text as
 * it is now: the block at that line if it holds that content, else the block holding it nearest to that line (the
 * first of two as near), else none. Without a key, the block that starts at that line.
 */
export function matchConflictBlock(blocks: readonly ConflictBlock[], startLine: number, key?: string): ConflictBlock | undefined {
  if (key === undefined) return blocks.find((b) => b.startLine === startLine);
  const same = blocks.filter((b) => conflictBlockKey(b) === key);
  return same.find((b) => b.startLine === startLine) ?? [...same].sort((a, b) => Math.abs(a.startLine - startLine) - Math.abs(b.startLine - startLine))[0];
}
