/**
 * What a search result row shows of a matching line: the text around the matches, with the matched parts marked.
 * Leading white space is dropped, and a long line is cut to start a little before its first match and to end after
 * `maxLength` characters, with an ellipsis where text was left out.
 */
export interface PreviewPart {
  readonly text: string;
  readonly match: boolean;
}

export interface MatchPreview {
  readonly parts: readonly PreviewPart[];
  readonly cutStart: boolean;
  readonly cutEnd: boolean;
}

export const PREVIEW_CONTEXT_BEFORE = 24;
export const PREVIEW_MAX_LENGTH = 250;

export function matchPreview(
  lineText: string,
  ranges: readonly { readonly start: number; readonly end: number }[],
  contextBefore = PREVIEW_CONTEXT_BEFORE,
  maxLength = PREVIEW_MAX_LENGTH,
): MatchPreview {
  const sorted = ranges
    .map((r) => ({ start: clamp(r.start, lineText.length), end: clamp(r.end, lineText.length) }))
    .filter((r) => r.end >= r.start)
    .sort((a, b) => a.start - b.start);
  const indent = lineText.length - lineText.trimStart().length;
  const firstMatch = sorted[0]?.start ?? indent;
  const from = Math.min(firstMatch, Math.max(indent, firstMatch - contextBefore));
  const to = Math.min(lineText.length, from + maxLength);
  const parts: PreviewPart[] = [];
  let at = from;
  for (const r of sorted) {
    const start = Math.max(r.start, at);
    const end = Math.min(r.end, to);
    if (start >= to) break;
    if (end <= start) continue;
    if (start > at) parts.push({ text: lineText.slice(at, start), match: false });
    parts.push({ text: lineText.slice(start, end), match: true });
    at = end;
  }
  if (at < to) parts.push({ text: lineText.slice(at, to), match: false });
  return { parts, cutStart: from > indent, cutEnd: to < lineText.trimEnd().length };
}

const clamp = (n: number, max: number): number => Math.max(0, Math.min(max, n));

/** '1 result in 1 file', '12 results in 3 files'. */
export function resultSummary(results: number, files: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(results, 'result')} in ${plural(files, 'file')}`;
}

/** The glob list a 'files to include/exclude' box means: nothing for blank, else the box as one comma-separated entry. */
export function globsOf(box: string): string[] | undefined {
  const trimmed = box.trim();
  return trimmed === '' ? undefined : [trimmed];
}
