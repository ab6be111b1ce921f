import { Event } from '../../base/event';
import { SearchMatch } from '../../domain/search/search-results';
import { PortError, PortErrorKind } from './port-error';

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

/** One matching line of a one-shot search (fs/search), whose answer names each file by its tree node id only. */
export type FileSearchMatch = Omit<SearchMatch, 'filepath' | 'fileId'> & { readonly fileId: string };

/** Why a search was refused: 'invalid-query' is INVALID_PARAMS (a bad pattern, glob or limit), 'failed' the rest. */
export type SearchFailure = 'invalid-query' | 'failed';

export class SearchPortError extends PortError {
  constructor(
    readonly failure: SearchFailure,
    message: string,
    code?: number,
    kind: PortErrorKind = 'rejected',
  ) {
    super(kind, message, code);
    this.name = 'SearchPortError';
  }
}

export interface SearchPort {
  readonly onDidReceiveMatches: Event<{ searchId: string; matches: SearchMatch[] }>;
  readonly onDidFinish: Event<{ searchId: string; hitLimit: boolean }>;
  /** Starts a streaming search: matches and the end arrive as events for `searchId`. */
  startSearch(searchId: string, query: TextSearchQuery): Promise<void>;
  cancelSearch(searchId: string): Promise<void>;
  /** fs/search: every matching line at once (at most `maxResults`); a refusal is a SearchPortError. */
  search(query: TextSearchQuery): Promise<FileSearchMatch[]>;
  pathSearch(text: string): Promise<PathMatch[]>;
}
