import { SearchResult, StreamingSearchResult } from '../../../../protocol';
import { FoundLine } from './search-engine';

/** A found line as fs/search returns it. */
export function searchResult(line: FoundLine, fileId: string): SearchResult {
  return { fileId, ...wireLine(line) };
}

/** A found line as fs/searchMatches carries it: the '/'-rooted path; fileId only when the tree knows the file. */
export function streamingResult(line: FoundLine, fileId: string | undefined): StreamingSearchResult {
  const result: StreamingSearchResult = { filepath: `/${line.path}`, ...wireLine(line) };
  if (fileId !== undefined) result.fileId = fileId;
  return result;
}

function wireLine(line: FoundLine): Omit<SearchResult, 'fileId'> {
  return {
    lines: { text: line.lineText },
    lineNumber: line.lineNumber,
    absoluteOffset: line.absoluteOffset,
    submatches: line.submatches.map((s) => ({ match: { text: s.text }, start: s.start, end: s.end })),
  };
}
