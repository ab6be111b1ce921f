import { Event } from '../../base/event';
import { SearchMatch } from '../../domain/search/search-results';

/** Text and path search over the workspace (protocol.md §3 fs, docs/protocol/search.md). */
export const SearchPort = Symbol('SearchPort');

export interface TextSearchQuery {
  text: string;
  isRegex?: boolean;
  caseSensitivity?: 'smart' | 'enabled' | 'disabled';
  wholeWord?: boolean;
  glob?: string;
  includes?: string[];
  excludes?: string[];
  /** Limit of matching lines (spec 002 §9: "Search result limit comes from the request maxResults"). */
  maxResults?: number;
}

export interface PathMatch {
  path: string;
  /** UTF-16 ranges of `path` that matched. */
  ranges: Array<{ start: number; end: number }>;
}

export interface SearchPort {
  readonly onDidReceiveMatches: Event<{ searchId: string; matches: SearchMatch[] }>;
  readonly onDidFinish: Event<{ searchId: string; hitLimit: boolean }>;
  /** Starts a streaming search: matches and the end arrive as events for `searchId`. */
  startSearch(searchId: string, query: TextSearchQuery): Promise<void>;
  cancelSearch(searchId: string): Promise<void>;
  pathSearch(text: string): Promise<PathMatch[]>;
}
