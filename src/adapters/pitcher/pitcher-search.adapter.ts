import { Emitter } from '../../base/event';
import { PathMatch, SearchPort, TextSearchQuery } from '../../application/ports/search.port';
import { SearchMatch, utf16OffsetOfUtf8 } from '../../domain/search/search-results';
import { StreamingSearchResult } from '../../protocol';
import { PitcherClient } from './pitcher-client';

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

  async pathSearch(text: string): Promise<PathMatch[]> {
    return (await this.client.request('fs/pathSearch', { text })).matches.map((m) => ({ path: m.path, ranges: m.submatches.map((s) => ({ start: s.start, end: s.end })) }));
  }
}
