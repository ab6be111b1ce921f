import { match } from 'ts-pattern';
import { SearchMatchesBatch } from '../../../../protocol/search-matches-frame';
import { BatchLimits, MatchBatcher, SEARCH_BATCH } from './match-batcher';
import { FileIdOf, SearchEnd, SearchEngine, SearchJob, SearchRun, WriteMatch } from './search-engine';
import { streamingResult } from './search-result';

export interface StreamingSearchOptions {
  searchId: string;
  maxResults: number;
  engine: SearchEngine;
  job: SearchJob;
  /** The node id a result carries for its file. */
  fileIdOf: FileIdOf;
  /** Sends an fs/searchMatches frame / fs/searchFinished to the client that asked (and only to it). */
  sendMatches(frame: Uint8Array): void;
  sendFinished(hitLimit: boolean): void;
  /** False once the client left: the search stops without a word. */
  isClientActive(): boolean;
  onDone(): void;
  log(message: string): void;
  batch?: BatchLimits;
}

type State = { kind: 'running'; run: SearchRun } | { kind: 'done' };

/**
 * One fs/streamingSearch: matches go to its client in batches as the engine finds them (fs/searchMatches), then
 * exactly one fs/searchFinished, with hitLimit when maxResults lines were sent and there were more (the engine is
 * stopped then). A cancel stops the engine, drops the pending batch and finishes with hitLimit false.
 */
export class StreamingSearch {
  private state: State;
  private count = 0;
  private readonly batcher: MatchBatcher<SearchMatchesBatch>;

  constructor(private readonly options: StreamingSearchOptions) {
    this.batcher = new MatchBatcher(
      () => new SearchMatchesBatch(),
      (batch) => {
        if (this.options.isClientActive()) this.options.sendMatches(batch.frame(this.options.searchId));
        else this.stop('client-left');
      },
      options.batch ?? SEARCH_BATCH,
    );
    const { engine, job } = options;
    const onMatch = (write: WriteMatch) => this.found(write);
    const run = engine.stream
      ? engine.stream(job, onMatch)
      : engine.start(job, (line) =>
          onMatch((batch, fileIdOf) => {
            batch.add(streamingResult(line, fileIdOf(line.path)));
            return true;
          }),
        );
    this.state = { kind: 'running', run };
    void run.finished.then((end) => this.ended(end));
  }

  get searchId(): string {
    return this.options.searchId;
  }

  cancel(): void {
    this.stop('cancelled');
  }

  private found(write: WriteMatch): void {
    if (this.state.kind !== 'running') return;
    if (this.count >= this.options.maxResults) return this.stop('hit-limit');
    if (!write(this.batcher.batch, this.options.fileIdOf)) return;
    this.count++;
    this.batcher.added();
  }

  private ended(end: SearchEnd): void {
    match(end)
      .with({ kind: 'completed' }, () => this.stop('completed'))
      .with({ kind: 'cancelled' }, () => this.stop('cancelled'))
      .with({ kind: 'failed' }, ({ message }) => {
        this.options.log(`search ${this.options.searchId} failed: ${message}`);
        this.stop('completed');
      })
      .exhaustive();
  }

  private stop(reason: 'completed' | 'hit-limit' | 'cancelled' | 'client-left'): void {
    const state = this.state;
    if (state.kind !== 'running') return;
    this.state = { kind: 'done' };
    if (reason !== 'completed') state.run.cancel();
    match(reason)
      .with('completed', 'hit-limit', () => {
        this.batcher.flush();
        this.options.sendFinished(reason === 'hit-limit');
      })
      .with('cancelled', () => {
        this.batcher.discard();
        this.options.sendFinished(false);
      })
      .with('client-left', () => this.batcher.discard())
      .exhaustive();
    this.options.onDone();
  }
}
