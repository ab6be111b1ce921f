import { LineMatch } from '../../../../domain/search/line-matches';
import { SearchScope } from '../../../../domain/search/search-scope';
import { TextQuery } from '../../../../domain/search/text-query';
import { SearchMatchesBatch } from '../../../../protocol/search-matches-frame';

/** What to search for and where. */
export interface SearchJob {
  query: TextQuery;
  scope: SearchScope;
}

/** One matching line an engine found, in the file at `path` (workspace-relative, 'src/App.js'). */
export interface FoundLine extends LineMatch {
  path: string;
}

export type SearchEnd = { kind: 'completed' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/** A running search. */
export interface SearchRun {
  /** Stops it (the process is killed, no more lines are reported); `finished` then resolves with 'cancelled'. */
  cancel(): void;
  readonly finished: Promise<SearchEnd>;
}

/**
 * Searches a workspace's files for text: ripgrep when the workspace has it, the built-in engine otherwise. Both skip
 * .git, node_modules and Bullpen's temporary files, honour .gitignore files, skip binary and huge files, and report
 * lines in the same shape (docs/protocol/search.md lists where they differ).
 */
export interface SearchEngine {
  readonly name: 'ripgrep' | 'node';
  /** The error text when the engine cannot search for this query (a regular expression it does not accept). */
  check(job: SearchJob): Promise<string | undefined>;
  /** Starts the search; `onLine` gets each matching line as it is found, never after cancel(). */
  start(job: SearchJob, onLine: (line: FoundLine) => void): SearchRun;
  /**
   * The same search for fs/streamingSearch, each match handed on as a writer of its fs/searchMatches item, called at
   * once (before the engine's next match). An engine without it is streamed through `start`.
   */
  stream?(job: SearchJob, onMatch: (write: WriteMatch) => void): SearchRun;
}

/** The node id of the file at a workspace-relative path, when the tree has it. */
export type FileIdOf = (path: string) => string | undefined;

/** Writes one found match into a fs/searchMatches batch; false when it wrote nothing (a line it could not read). */
export type WriteMatch = (batch: SearchMatchesBatch, fileIdOf: FileIdOf) => boolean;

/** Files larger than this are not searched (ripgrep's --max-filesize). */
export const MAX_SEARCH_FILE_BYTES = 16 * 1024 * 1024;
