import { inject, injectable, optional } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { MatchesByFile, NO_MATCHES, SearchMatch, countMatches, groupMatches } from '../../domain/search/search-results';
import { DomainError, Result, domainError, err, ok } from '../../base/result';
import { FileSearchMatch, PathMatch, SearchFailure, SearchPort, SearchPortError, TextSearchQuery } from '../ports/search.port';

export type SearchState =
  | { readonly kind: 'RUNNING' }
  | { readonly kind: 'FINISHED'; readonly hitLimit: boolean }
  | { readonly kind: 'CANCELLED' }
  | { readonly kind: 'FAILED'; readonly message: string };

/** One streaming search: its matches grouped by file as they arrive, and how it ended. */
export interface SearchSession {
  readonly searchId: string;
  readonly query: TextSearchQuery;
  readonly state: SearchState;
  readonly files: MatchesByFile;
  readonly matchCount: number;
}

/** Makes search ids; tests pass a predictable one. */
export const SearchIdFactory = Symbol('SearchIdFactory');
export type SearchIdFactory = () => string;

let counter = 0;
const defaultSearchId: SearchIdFactory = () => `search-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/**
 * Workspace search: streaming text searches (fs/streamingSearch, fs/searchMatches, fs/searchFinished,
 * fs/cancelStreamingSearch), one-shot searches (fs/search) and path search. Each search is a session; matches of unknown or ended sessions are
 * ignored.
 */
@injectable()
export class SearchStore extends DisposableBase {
  sessions: ReadonlyMap<string, SearchSession> = new Map();
  pathMatches: readonly PathMatch[] = [];
  private latestPathSearch = 0;

  constructor(
    @inject(SearchPort) private readonly port: SearchPort,
    @inject(SearchIdFactory) @optional() private readonly newSearchId: SearchIdFactory = defaultSearchId,
  ) {
    super();
    makeObservable(this, { sessions: observable.ref, pathMatches: observable.ref, create: action, update: action, received: action, setPathMatches: action, forget: action });
    this.register(port.onDidReceiveMatches(({ searchId, matches }) => this.received(searchId, matches)));
    this.register(port.onDidFinish(({ searchId, hitLimit }) => this.update(searchId, (s) => (s.state.kind === 'RUNNING' ? { ...s, state: { kind: 'FINISHED', hitLimit } } : s))));
  }

  session(searchId: string): SearchSession | undefined {
    return this.sessions.get(searchId);
  }

  /** Starts a search and returns its id at once; its session fills as matches stream in. */
  search(query: TextSearchQuery): string {
    const searchId = this.newSearchId();
    this.create({ searchId, query, state: { kind: 'RUNNING' }, files: NO_MATCHES, matchCount: 0 });
    this.port.startSearch(searchId, query).catch((error: Error) => this.update(searchId, (s) => ({ ...s, state: { kind: 'FAILED', message: error.message } })));
    return searchId;
  }

  /** Stops a running search; matches that still arrive are dropped. */
  async cancel(searchId: string): Promise<void> {
    const session = this.sessions.get(searchId);
    if (!session || session.state.kind !== 'RUNNING') return;
    this.update(searchId, (s) => ({ ...s, state: { kind: 'CANCELLED' } }));
    await this.port.cancelSearch(searchId).catch(() => undefined);
  }

  /** Drops a session (a closed search view); a running one is cancelled first. */
  async drop(searchId: string): Promise<void> {
    await this.cancel(searchId);
    this.forget(searchId);
  }

  forget(searchId: string): void {
    const next = new Map(this.sessions);
    next.delete(searchId);
    this.sessions = next;
  }

  /**
   * A one-shot search (fs/search): every matching line at once, at most `maxResults`, for a caller that needs the
   * whole answer before it acts (not the search view, which streams). A refusal is a value with the server's text
   * ('Invalid regular expression: …', 'Search failed: …').
   */
  async findAll(query: TextSearchQuery): Promise<Result<readonly FileSearchMatch[], DomainError<SearchFailure>>> {
    try {
      return ok(await this.port.search(query));
    } catch (error) {
      return err(domainError(error instanceof SearchPortError ? error.failure : 'failed', (error as Error).message));
    }
  }

  /** Path search (quick open); an answer that arrives after a newer search's is dropped. */
  async searchPaths(text: string): Promise<readonly PathMatch[]> {
    const ticket = ++this.latestPathSearch;
    const matches = await this.port.pathSearch(text);
    if (ticket === this.latestPathSearch) this.setPathMatches(matches);
    return matches;
  }

  setPathMatches(matches: readonly PathMatch[]): void {
    this.pathMatches = matches;
  }

  received(searchId: string, matches: readonly SearchMatch[]): void {
    this.update(searchId, (s) => {
      if (s.state.kind !== 'RUNNING') return s;
      const files = groupMatches(s.files, matches);
      return { ...s, files, matchCount: countMatches(files) };
    });
  }

  create(session: SearchSession): void {
    this.sessions = new Map(this.sessions).set(session.searchId, session);
  }

  /** Changes a known session; events of unknown (forgotten or foreign) searches change nothing. */
  update(searchId: string, change: (session: SearchSession) => SearchSession): void {
    const current = this.sessions.get(searchId);
    if (!current) return;
    const next = change(current);
    if (next !== current) this.sessions = new Map(this.sessions).set(searchId, next);
  }
}
