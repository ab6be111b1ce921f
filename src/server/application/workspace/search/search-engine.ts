import { LineMatch } from '../../../../domain/search/line-matches';
import { SearchScope } from '../../../../domain/search/search-scope';
import { TextQuery } from '../../../../domain/search/text-query';

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
}

/** Files larger than this are not searched (ripgrep's --max-filesize). */
export const MAX_SEARCH_FILE_BYTES = 16 * 1024 * 1024;
