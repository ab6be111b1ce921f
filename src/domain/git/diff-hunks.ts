/**
 * An inclusive, 1-based range of lines. An empty range (nothing on that side) has end = start - 1, start being the
 * line before which the other side's lines go.
 */
export interface LineRange {
  start: number;
  end: number;
}

/** One change of a file: lines of the original replaced by lines of the modified version. */
export interface DiffHunk {
  original: LineRange;
  modified: LineRange;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * The hunks of each file section of a unified diff (`git diff -U0`), in the order the sections appear. A section
 * starts at a `diff --git` line; body lines start with '+', '-', ' ' or '\', so neither header can be mistaken for
 * one. A binary file's section has no hunks.
 */
export function parseUnifiedDiff(patch: string): DiffHunk[][] {
  const sections: DiffHunk[][] = [];
  let current: DiffHunk[] | undefined;
  for (const line of patch.split('\n')) {
    if (line.startsWith('diff --git ') || line.startsWith('diff --cc ')) {
      current = [];
      sections.push(current);
      continue;
    }
    if (!current || !line.startsWith('@@ ')) continue;
    const hunk = parseHunkHeader(line);
    if (hunk) current.push(hunk);
  }
  return sections;
}

/** `@@ -a,b +c,d @@` (a count of 1 may be left out) as line ranges. */
export function parseHunkHeader(line: string): DiffHunk | undefined {
  const m = HUNK_HEADER.exec(line);
  if (!m) return undefined;
  return {
    original: range(Number(m[1]), m[2] === undefined ? 1 : Number(m[2])),
    modified: range(Number(m[3]), m[4] === undefined ? 1 : Number(m[4])),
  };
}

/** git names the line *before* an empty side (0 at the top of the file); an empty range starts after it. */
function range(start: number, count: number): LineRange {
  return count === 0 ? { start: start + 1, end: start } : { start, end: start + count - 1 };
}

/** Lines in a range (0 when empty). */
export const lineCount = (r: LineRange): number => Math.max(0, r.end - r.start + 1);
