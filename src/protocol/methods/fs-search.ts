import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, array, boolean, integer, literal, object, optional, string } from '../schema';

/**
 * fs/search, fs/streamingSearch, fs/cancelStreamingSearch and fs/pathSearch (protocol.md §3 fs; Bullpen's page:
 * docs/protocol/search.md). Offsets in text results are UTF-8 byte offsets, as ripgrep's --json gives them.
 */

/** Default and largest `maxResults` (matching lines) of a text search. */
export const DEFAULT_SEARCH_MAX_RESULTS = 10_000;
export const MAX_SEARCH_MAX_RESULTS = 1_000_000;

const pattern = string({ max: 4096 });
/** The text-search fields shared by fs/search and fs/streamingSearch; includes, excludes and wholeWord are Bullpen's. */
const textSearchFields = {
  text: string({ max: 10_000 }),
  glob: optional(pattern),
  isRegex: optional(boolean),
  caseSensitivity: optional(literal('smart', 'enabled', 'disabled')),
  includes: optional(array(pattern, { max: 256 })),
  excludes: optional(array(pattern, { max: 256 })),
  wholeWord: optional(boolean),
  maxResults: optional(integer({ min: 1, max: MAX_SEARCH_MAX_RESULTS })),
};

export const fsSearchParams = object(textSearchFields);
export type FsSearchParams = Infer<typeof fsSearchParams>;

export const fsStreamingSearchParams = object({ searchId: string({ max: 256, nonEmpty: true }), ...textSearchFields });
export type FsStreamingSearchParams = Infer<typeof fsStreamingSearchParams>;

export const fsCancelStreamingSearchParams = object({ searchId: string({ max: 256 }) });
export type FsCancelStreamingSearchParams = Infer<typeof fsCancelStreamingSearchParams>;

export const fsPathSearchParams = object({ text: string({ max: 4096 }) });
export type FsPathSearchParams = Infer<typeof fsPathSearchParams>;

export interface SearchSubmatchJSON {
  match: { text: string };
  /** UTF-8 byte offsets in `lines.text`. */
  start: number;
  end: number;
}

/** One matching line (ripgrep's --json "match" data, with the file's tree node id). */
export interface SearchResult {
  fileId: string;
  /** The whole line, with its '\n' when it has one. */
  lines: { text: string };
  /** 1-based. */
  lineNumber: number;
  /** UTF-8 byte offset of the line in the file. */
  absoluteOffset: number;
  submatches: SearchSubmatchJSON[];
}

/** A streamed match: `filepath` is '/'-rooted ('/src/App.js'); fileId is absent for a file not in the tree. */
export interface StreamingSearchResult extends Omit<SearchResult, 'fileId'> {
  fileId?: string;
  filepath: string;
}

export interface PathSearchMatch {
  /** '/'-rooted workspace path of a file ('/src/App.js'). */
  path: string;
  /** The matched characters: UTF-16 offsets into `path`, end exclusive. */
  submatches: Array<{ start: number; end: number }>;
}

export interface FsSearchRequests {
  'fs/search': { params: FsSearchParams; result: SearchResult[] };
  'fs/streamingSearch': { params: FsStreamingSearchParams; result: { searchId: string } };
  'fs/cancelStreamingSearch': { params: FsCancelStreamingSearchParams; result: { searchId: string } };
  'fs/pathSearch': { params: FsPathSearchParams; result: { matches: PathSearchMatch[] } };
}

export interface FsSearchNotifications {
  'fs/searchMatches': { searchId: string; matches: StreamingSearchResult[] };
  'fs/searchFinished': { searchId: string; hitLimit: boolean };
}

export const fsSearchSchemas: RequestSchemas<FsSearchRequests> = {
  'fs/search': fsSearchParams,
  'fs/streamingSearch': fsStreamingSearchParams,
  'fs/cancelStreamingSearch': fsCancelStreamingSearchParams,
  'fs/pathSearch': fsPathSearchParams,
};

export const fsSearchPermissions: RequestPermissions<FsSearchRequests> = {
  'fs/search': ['fs', 'search'],
  'fs/streamingSearch': ['fs', 'search'],
  'fs/cancelStreamingSearch': ['fs', 'search'],
  'fs/pathSearch': ['fs', 'pathSearch'],
};
