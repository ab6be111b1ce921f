import { Emitter } from '../../base/event';
import { FileSearchMatch, PathMatch, SearchPort, SearchPortError, TextSearchQuery } from '../../application/ports/search.port';
import { SearchMatch, utf16OffsetOfUtf8 } from '../../domain/search/search-results';
import { PitcherErrorCode, SearchResult, StreamingSearchResult } from '../../protocol';
import { PitcherClient } from './pitcher-client';
import { mapRejection } from './wire-error';

/** A streamed result with its UTF-8 byte offsets turned into UTF-16 offsets of the line. */
export function toSearchMatch(r: StreamingSearchResult): SearchMatch {
  const lineText = r.lines.text.replace(/\r?\n$/, '');
  return {
    filepath: r.filepath,
    ...(r.fileId ? { fileId: r.fileId } : {}),
    lineNumber: r.lineNumber,
    lineText,
    ranges: r.submatches.map((s) => ({ start: utf16OffsetOfUtf8(lineText, s.start), end: utf16OffsetOfUtf8(lineText, s.end) })),
  };
}

/** A fs/search result line, converted the same way. */
export function toFileSearchMatch(r: SearchResult): FileSearchMatch {
  const { lineNumber, lineText, ranges } = toSearchMatch({ ...r, filepath: '' });
  return { fileId: r.fileId, lineNumber, lineText, ranges };
}

export class PitcherSearch implements SearchPort {
  private readonly matches = new Emitter<{ searchId: string; matches: SearchMatch[] }>();
  private readonly finished = new Emitter<{ searchId: string; hitLimit: boolean }>();
  readonly onDidReceiveMatches = this.matches.event;
  readonly onDidFinish = this.finished.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('fs/searchMatches', (p) => this.matches.fire({ searchId: p.searchId, matches: p.matches.map(toSearchMatch) }));
    client.onNotification('fs/searchFinished', (p) => this.finished.fire({ searchId: p.searchId, hitLimit: p.hitLimit === true }));
  }

  async startSearch(searchId: string, query: TextSearchQuery): Promise<void> {
    await this.client.request('fs/streamingSearch', { searchId, ...query });
  }

  async cancelSearch(searchId: string): Promise<void> {
    await this.client.request('fs/cancelStreamingSearch', { searchId });
  }

  async search(query: TextSearchQuery): Promise<FileSearchMatch[]> {
    const request = this.client.request('fs/search', { ...query });
    const results = await mapRejection(request, (e) => new SearchPortError(e.code === PitcherErrorCode.INVALID_PARAMS ? 'invalid-query' : 'failed', e.message, e.code));
    return results.map(toFileSearchMatch);
  }

  async pathSearch(text: string): Promise<PathMatch[]> {
    return (await this.client.request('fs/pathSearch', { text })).matches.map((m) => ({ path: m.path, ranges: m.submatches.map((s) => ({ start: s.start, end: s.end })) }));
  }
}
