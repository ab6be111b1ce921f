import { DiffHunk, lineCount } from './diff-hunks';

/**
 * Where a line of the original version is in the modified one, given the hunks between them: lines before a hunk
 * keep their place, lines after it move by what the hunk added or removed. A line that a hunk changed or deleted
 * has no place (undefined): it is not in the modified version any more.
 */
export function transposeLine(hunks: readonly DiffHunk[], line: number): number | undefined {
  let shift = 0;
  const ordered = [...hunks].sort((a, b) => a.original.start - b.original.start);
  for (const hunk of ordered) {
    if (line < hunk.original.start) break;
    const removed = lineCount(hunk.original);
    if (removed > 0 && line <= hunk.original.end) return undefined;
    shift += lineCount(hunk.modified) - removed;
  }
  return line + shift;
}
