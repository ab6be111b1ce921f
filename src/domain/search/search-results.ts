/** One matching line of a text search, offsets in UTF-16 code units of `lineText` (what editors use). */
export interface SearchMatch {
  readonly filepath: string;
  readonly fileId?: string;
  /** 1-based. */
  readonly lineNumber: number;
  readonly lineText: string;
  readonly ranges: readonly { readonly start: number; readonly end: number }[];
}

/** Matches grouped by file, files in the order their first match arrived, lines in arrival order. */
export type MatchesByFile = ReadonlyMap<string, readonly SearchMatch[]>;

export const NO_MATCHES: MatchesByFile = new Map();

/** Adds a batch of streamed matches (spec 002 §7 fs/searchMatches) to the grouping, without changing the old one. */
export function groupMatches(files: MatchesByFile, matches: readonly SearchMatch[]): MatchesByFile {
  if (matches.length === 0) return files;
  const next = new Map(files);
  for (const match of matches) next.set(match.filepath, [...(next.get(match.filepath) ?? []), match]);
  return next;
}

export const countMatches = (files: MatchesByFile): number => {
  let count = 0;
  for (const lines of files.values()) count += lines.length;
  return count;
};

/**
 * The UTF-16 offset in `text` of a UTF-8 byte offset (ripgrep reports bytes, protocol.md §3 fs/search). An offset
 * inside a character maps to that character's end; one past the text maps to its length.
 */
export function utf16OffsetOfUtf8(text: string, byteOffset: number): number {
  let bytes = 0;
  let i = 0;
  while (i < text.length && bytes < byteOffset) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
    i += 1;
  }
  return i;
}
