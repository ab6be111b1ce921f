import { SearchScope } from '../../../../../../src/domain/search/search-scope';
import { textQuery } from '../../../../../../src/domain/search/text-query';
import { StreamingSearchResult, decodeMessage } from '../../../../../../src/protocol';
import { FoundLine, SearchEnd, SearchEngine, SearchRun } from '../../../../../../src/server/application/workspace/search/search-engine';
import { StreamingSearch } from '../../../../../../src/server/application/workspace/search/streaming-search';

/** An engine the test drives: it reports the lines the test hands it, and ends when told. */
class ScriptedEngine implements SearchEngine {
  readonly name = 'node';
  onLine: (line: FoundLine) => void = () => undefined;
  cancelled = 0;
  private resolve: (end: SearchEnd) => void = () => undefined;

  async check(): Promise<string | undefined> {
    return undefined;
  }

  start(_job: unknown, onLine: (line: FoundLine) => void): SearchRun {
    this.onLine = onLine;
    const finished = new Promise<SearchEnd>((resolve) => (this.resolve = resolve));
    return {
      finished,
      cancel: () => {
        this.cancelled++;
        this.resolve({ kind: 'cancelled' });
      },
    };
  }

  find(count: number): void {
    for (let i = 0; i < count; i++) this.onLine({ path: `f${i}.ts`, lineText: 'x\n', lineNumber: 1, absoluteOffset: 0, submatches: [{ text: 'x', start: 0, end: 1 }] });
  }

  end(end: SearchEnd = { kind: 'completed' }): void {
    this.resolve(end);
  }
}

/** The results of an encoded fs/searchMatches frame, as a client decodes them. */
function matchesOf(frame: Uint8Array): StreamingSearchResult[] {
  const decoded = decodeMessage(frame);
  if (!decoded.ok) throw new Error('an fs/searchMatches frame that does not decode');
  return (decoded.value as { params: { matches: StreamingSearchResult[] } }).params.matches;
}

const flushPromises = () => new Promise<void>((resolve) => jest.requireActual<typeof import('timers')>('timers').setImmediate(resolve));

function setUp(options: { maxResults?: number; active?: () => boolean } = {}) {
  const engine = new ScriptedEngine();
  const sent: Array<{ kind: 'matches'; matches: StreamingSearchResult[] } | { kind: 'finished'; hitLimit: boolean }> = [];
  const logs: string[] = [];
  let done = 0;
  const scope = SearchScope.from({});
  if (!scope.ok) throw new Error(scope.error);
  const search = new StreamingSearch({
    searchId: 's1',
    maxResults: options.maxResults ?? 10_000,
    engine,
    job: { query: textQuery({ text: 'x' }), scope: scope.value },
    fileIdOf: () => undefined,
    sendMatches: (frame) => sent.push({ kind: 'matches', matches: matchesOf(frame) }),
    sendFinished: (hitLimit) => sent.push({ kind: 'finished', hitLimit }),
    isClientActive: options.active ?? (() => true),
    onDone: () => done++,
    log: (m) => logs.push(m),
    batch: { firstItems: 100, maxItems: 150, maxDelayMs: 50 },
  });
  return { engine, sent, search, logs, done: () => done };
}

describe('StreamingSearch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends a full batch at once (the first one smaller), the rest after the delay, then finished', async () => {
    const { engine, sent, done } = setUp();
    engine.find(300);
    expect(sent.map((s) => (s.kind === 'matches' ? s.matches.length : s.kind))).toEqual([100, 150]);
    jest.advanceTimersByTime(49);
    expect(sent).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(sent.map((s) => (s.kind === 'matches' ? s.matches.length : s.kind))).toEqual([100, 150, 50]);
    engine.end();
    await flushPromises();
    expect(sent[3]).toEqual({ kind: 'finished', hitLimit: false });
    expect(done()).toBe(1);
  });

  it('sends the pending matches before finished when the engine completes', async () => {
    const { engine, sent } = setUp();
    engine.find(3);
    engine.end();
    await flushPromises();
    expect(sent).toEqual([
      { kind: 'matches', matches: expect.arrayContaining([expect.objectContaining({ filepath: '/f0.ts' })]) },
      { kind: 'finished', hitLimit: false },
    ]);
  });

  it('stops the engine and reports hitLimit once maxResults lines were sent and another came', async () => {
    const { engine, sent } = setUp({ maxResults: 5 });
    engine.find(5);
    expect(engine.cancelled).toBe(0);
    engine.find(2);
    expect(engine.cancelled).toBe(1);
    await flushPromises();
    const matches = sent.flatMap((s) => (s.kind === 'matches' ? s.matches : []));
    expect(matches).toHaveLength(5);
    expect(sent[sent.length - 1]).toEqual({ kind: 'finished', hitLimit: true });
    expect(sent.filter((s) => s.kind === 'finished')).toHaveLength(1);
  });

  it('does not report hitLimit when exactly maxResults lines exist', async () => {
    const { engine, sent } = setUp({ maxResults: 5 });
    engine.find(5);
    engine.end();
    await flushPromises();
    expect(sent[sent.length - 1]).toEqual({ kind: 'finished', hitLimit: false });
  });

  it('on cancel stops the engine, drops what is pending and finishes once', async () => {
    const { engine, sent, search } = setUp();
    engine.find(3);
    search.cancel();
    search.cancel();
    engine.find(3);
    jest.advanceTimersByTime(100);
    await flushPromises();
    expect(engine.cancelled).toBe(1);
    expect(sent).toEqual([{ kind: 'finished', hitLimit: false }]);
  });

  it('stops without a word when its client left', async () => {
    let active = true;
    const { engine, sent } = setUp({ active: () => active });
    engine.find(3);
    active = false;
    jest.advanceTimersByTime(50);
    await flushPromises();
    expect(engine.cancelled).toBe(1);
    expect(sent).toEqual([]);
  });

  it('logs an engine failure and still finishes', async () => {
    const { engine, sent, logs } = setUp();
    engine.end({ kind: 'failed', message: 'boom' });
    await flushPromises();
    expect(sent).toEqual([{ kind: 'finished', hitLimit: false }]);
    expect(logs).toEqual(['search s1 failed: boom']);
  });
});
