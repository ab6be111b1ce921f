import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { globsOf } from '../../domain/search/match-preview';
import { SearchMatch } from '../../domain/search/search-results';
import { EditorNavigationStore } from '../editor/editor-navigation.store';
import { TextSearchQuery } from '../ports/search.port';
import { SearchSession, SearchStore } from './search.store';

/** Spec 002 §9: the result limit is the request's maxResults; the server's own default, said out loud. */
export const SEARCH_VIEW_MAX_RESULTS = 10_000;

export interface SearchOptions {
  readonly text: string;
  readonly caseSensitive: boolean;
  readonly wholeWord: boolean;
  readonly isRegex: boolean;
  readonly includes: string;
  readonly excludes: string;
}

export const EMPTY_SEARCH: SearchOptions = { text: '', caseSensitive: false, wholeWord: false, isRegex: false, includes: '', excludes: '' };

export interface FileResults {
  readonly key: string;
  readonly path: string;
  readonly items: readonly SearchMatch[];
}

/** The query the search view's boxes and toggles mean ('Match Case' off is case-insensitive, as in VS Code). */
export function queryOf(options: SearchOptions, maxResults = SEARCH_VIEW_MAX_RESULTS): TextSearchQuery {
  const includes = globsOf(options.includes);
  const excludes = globsOf(options.excludes);
  return {
    text: options.text,
    isRegex: options.isRegex,
    caseSensitivity: options.caseSensitive ? 'enabled' : 'disabled',
    wholeWord: options.wholeWord,
    ...(includes ? { includes } : {}),
    ...(excludes ? { excludes } : {}),
    maxResults,
  };
}

/**
 * The search view: its boxes and toggles, the one search it shows (a SearchStore session), which files are
 * collapsed, and opening a match. A new search cancels and forgets the previous one.
 */
@injectable()
export class SearchViewStore {
  options: SearchOptions = EMPTY_SEARCH;
  searchId: string | undefined = undefined;
  collapsed: ReadonlySet<string> = new Set();
  /** Bumped by 'Find in Files': the view focuses its search box. */
  focusRequest = 0;
  inputFocused = false;

  constructor(
    @inject(SearchStore) private readonly search: SearchStore,
    @inject(EditorNavigationStore) private readonly navigation: EditorNavigationStore,
  ) {
    makeObservable(this, {
      options: observable.ref,
      searchId: observable,
      collapsed: observable.ref,
      focusRequest: observable,
      inputFocused: observable,
      session: computed,
      files: computed,
      isRunning: computed,
      setOptions: action,
      toggle: action,
      run: action,
      clear: action,
      toggleCollapsed: action,
      requestFocus: action,
      setInputFocused: action,
    });
  }

  get session(): SearchSession | undefined {
    return this.searchId === undefined ? undefined : this.search.session(this.searchId);
  }

  get files(): FileResults[] {
    const session = this.session;
    return session ? [...session.files].map(([path, items]) => ({ key: path, path, items })) : [];
  }

  get isRunning(): boolean {
    return this.session?.state.kind === 'RUNNING';
  }

  setOptions(change: Partial<SearchOptions>): void {
    this.options = { ...this.options, ...change };
  }

  /** A toggle (case, whole word, regex) flips and, when results show, the search runs again with it. */
  toggle(option: 'caseSensitive' | 'wholeWord' | 'isRegex'): void {
    this.setOptions({ [option]: !this.options[option] });
    if (this.searchId !== undefined) this.run();
  }

  /** Runs the search the boxes describe (Enter); an empty text clears the results. */
  run(): void {
    this.clear();
    if (this.options.text === '') return;
    this.searchId = this.search.search(queryOf(this.options));
  }

  async cancel(): Promise<void> {
    if (this.searchId !== undefined) await this.search.cancel(this.searchId);
  }

  clear(): void {
    if (this.searchId !== undefined) void this.search.drop(this.searchId);
    this.searchId = undefined;
    this.collapsed = new Set();
  }

  toggleCollapsed(path: string): void {
    const next = new Set(this.collapsed);
    if (!next.delete(path)) next.add(path);
    this.collapsed = next;
  }

  requestFocus(): void {
    this.focusRequest++;
  }

  setInputFocused(focused: boolean): void {
    this.inputFocused = focused;
  }

  /** Opens the file of a match with the match (its first range) selected. */
  openMatch(match: SearchMatch): Promise<boolean> {
    const first = match.ranges[0] ?? { start: 0, end: 0 };
    const range = { startLineNumber: match.lineNumber, startColumn: first.start + 1, endLineNumber: match.lineNumber, endColumn: first.end + 1 };
    return this.navigation.openPathAt(match.filepath, range);
  }
}
