import { dirname } from '../../../../domain/fs/workspace-path';
import { searchPaths } from '../../../../domain/search/path-search';
import { searchErrors } from '../../../../domain/search/search.errors';
import {
  DEFAULT_SEARCH_MAX_RESULTS,
  FsSearchParams,
  FsStreamingSearchParams,
  PathSearchMatch,
  PitcherErrorCode,
  SearchResult,
} from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { runToEnd } from '../run-process';
import { WorkspaceContext } from '../workspace-context';
import { NodeSearchEngine } from './node-search-engine';
import { RipgrepEngine } from './ripgrep-engine';
import { FoundLine, SearchEngine, SearchJob } from './search-engine';
import { searchJob } from './search-job';
import { searchResult } from './search-result';
import { StreamingSearch } from './streaming-search';
import { StreamingSearches } from './streaming-searches';
import { TreeFiles } from './tree-files';
import { BatchLimits } from './match-batcher';

/** Which engine searches text: ripgrep when the workspace has it ('auto'), or always one of them. */
export type SearchEnginePreference = 'auto' | 'ripgrep' | 'node';

export interface SearchServiceOptions {
  /** An engine preference, or an engine (tests). */
  engine?: SearchEnginePreference | SearchEngine;
  batch?: BatchLimits;
}

/** Files whose matches name a path the tree does not know yet are looked up again after the tree caught up, this many at most. */
const MAX_CATCH_UP_PATHS = 1000;

/** One workspace's fs/search, fs/streamingSearch, fs/cancelStreamingSearch and fs/pathSearch. */
export class SearchService {
  private engine: Promise<SearchEngine> | undefined;
  private readonly streaming = new StreamingSearches();
  private readonly files: TreeFiles;

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly options: SearchServiceOptions = {},
  ) {
    this.files = new TreeFiles(ctx.tree);
  }

  /** The engine, decided once per workspace (ripgrep is looked for with `rg --version` in the workspace's box). */
  engineInUse(): Promise<SearchEngine> {
    return (this.engine ??= this.pickEngine());
  }

  /** fs/search: every matching line (at most maxResults) at once, each with its file's node id. */
  async search(params: FsSearchParams): Promise<HandlerResult<SearchResult[]>> {
    const prepared = await this.prepare(params);
    if (!prepared.ok) return prepared;
    const { engine, job } = prepared.value;
    if (job.query.text === '') return done([]);
    const max = params.maxResults ?? DEFAULT_SEARCH_MAX_RESULTS;
    const lines: FoundLine[] = [];
    const run = engine.start(job, (line) => {
      if (lines.length < max) lines.push(line);
      else run.cancel();
    });
    const end = await run.finished;
    if (end.kind === 'failed') {
      this.ctx.log(`search failed: ${end.message}`);
      return fail(PitcherErrorCode.CRITICAL_ERROR, `Search failed: ${end.message}`);
    }
    return done(await this.withFileIds(lines));
  }

  /**
   * fs/streamingSearch: answers {searchId} at once, then sends this client fs/searchMatches batches and one
   * fs/searchFinished. A search id still running for this client is refused.
   */
  async startStreaming(session: ClientSession, params: FsStreamingSearchParams, answer: (result: HandlerResult<unknown>) => void): Promise<HandlerResult<{ searchId: string }>> {
    const { searchId } = params;
    const slot = this.streaming.reserve(session, searchId);
    if (!slot) return fail(PitcherErrorCode.INVALID_PARAMS, searchErrors.searchIdInUse(searchId));
    const release = () => this.streaming.release(session, searchId, slot);
    const prepared = await this.prepare(params);
    if (!prepared.ok) {
      release();
      return prepared;
    }
    // The answer goes out before any notification of this search.
    answer(done({ searchId }));
    if (slot.cancelled || prepared.value.job.query.text === '') {
      release();
      session.notify('fs/searchFinished', { searchId, hitLimit: false });
      return done({ searchId });
    }
    slot.attach(
      new StreamingSearch({
        searchId,
        maxResults: params.maxResults ?? DEFAULT_SEARCH_MAX_RESULTS,
        engine: prepared.value.engine,
        job: prepared.value.job,
        fileIdOf: (path) => this.files.idOf(path),
        sendMatches: (frame) => session.notifyEncoded(frame),
        sendFinished: (hitLimit) => session.notify('fs/searchFinished', { searchId, hitLimit }),
        isClientActive: () => session.active,
        onDone: release,
        log: this.ctx.log,
        batch: this.options.batch,
      }),
    );
    return done({ searchId });
  }

  /** fs/cancelStreamingSearch: stops this client's search (it finishes with hitLimit false); an unknown id is no error. */
  cancelStreaming(session: ClientSession, searchId: string): void {
    this.streaming.cancel(session, searchId);
  }

  /** fs/pathSearch: the best fuzzy matches among the tree's file paths. */
  pathSearch(text: string): { matches: PathSearchMatch[] } {
    const found = searchPaths(this.files.index(), text.replace(/^\/+/, ''));
    // Paths on the wire are '/'-rooted, like the fs family's: the highlighted ranges move by one.
    const matches = found.map(({ path, submatches }) => ({ path: `/${path}`, submatches: submatches.map((r) => ({ start: r.start + 1, end: r.end + 1 })) }));
    return { matches };
  }

  dispose(): void {
    this.streaming.cancelAll();
  }

  private async prepare(params: FsSearchParams): Promise<HandlerResult<{ engine: SearchEngine; job: SearchJob }>> {
    const job = searchJob(params);
    if (!job.ok) return fail(PitcherErrorCode.INVALID_PARAMS, job.error);
    const engine = await this.engineInUse();
    if (job.value.query.text !== '') {
      const refused = await engine.check(job.value);
      if (refused !== undefined) return fail(PitcherErrorCode.INVALID_PARAMS, refused);
    }
    return done({ engine, job: job.value });
  }

  private async pickEngine(): Promise<SearchEngine> {
    const choice = this.options.engine ?? 'auto';
    if (typeof choice !== 'string') return choice;
    const ripgrep = new RipgrepEngine(this.ctx.runtime, this.ctx.box);
    const builtIn = new NodeSearchEngine(this.ctx.files);
    if (choice === 'ripgrep') return ripgrep;
    if (choice === 'node') return builtIn;
    // A runtime that cannot run processes (no sandbox) fails like a missing program: the built-in engine still works.
    const probe = await (async () => runToEnd(this.ctx.runtime.spawn(this.ctx.box, 'rg', ['--version'], { cwd: this.ctx.box.rootDir })))().catch(() => undefined);
    if (probe?.exitCode === 0) return ripgrep;
    this.ctx.log('ripgrep (rg) is not available in this workspace: text search uses the built-in engine');
    return builtIn;
  }

  /** Lines of files the tree does not list yet (just made by a program) get their id once the tree caught up. */
  private async withFileIds(lines: FoundLine[]): Promise<SearchResult[]> {
    const missing = new Set<string>();
    for (const line of lines) {
      if (missing.size >= MAX_CATCH_UP_PATHS || missing.has(line.path) || this.files.idOf(line.path) !== undefined) continue;
      // With its directories: a new directory is created (with what it holds) by its parent's listing.
      for (let path = line.path; path !== ''; path = dirname(path)) missing.add(path);
    }
    if (missing.size > 0) await this.ctx.diskChanged([...missing]);
    const out: SearchResult[] = [];
    for (const line of lines) {
      const fileId = this.files.idOf(line.path);
      if (fileId !== undefined) out.push(searchResult(line, fileId));
    }
    return out;
  }
}

