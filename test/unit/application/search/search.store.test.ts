import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { FileSearchMatch, PathMatch, SearchPort, SearchPortError, TextSearchQuery } from '../../../../src/application/ports/search.port';
import { SearchStore } from '../../../../src/application/search/search.store';
import { SearchMatch } from '../../../../src/domain/search/search-results';

const match = (filepath: string, lineNumber: number): SearchMatch => ({ filepath, lineNumber, lineText: `line ${lineNumber}`, ranges: [{ start: 0, end: 4 }] });

class FakeSearch implements SearchPort {
  readonly matches = new Emitter<{ searchId: string; matches: SearchMatch[] }>();
  readonly finished = new Emitter<{ searchId: string; hitLimit: boolean }>();
  onDidReceiveMatches = this.matches.event;
  onDidFinish = this.finished.event;
  readonly calls: string[] = [];
  failure: Error | undefined;
  pathAnswers: Array<(m: PathMatch[]) => void> = [];
  startSearch = async (id: string, q: TextSearchQuery) => {
    this.calls.push(`start ${id} ${q.text}`);
    if (this.failure) throw this.failure;
  };
  cancelSearch = async (id: string) => void this.calls.push(`cancel ${id}`);
  /** fs/search's answer, or its refusal. */
  found: FileSearchMatch[] | Error = [];
  search = async (q: TextSearchQuery) => {
    this.calls.push(`search ${q.text}`);
    if (this.found instanceof Error) throw this.found;
    return this.found;
  };
  pathSearch = (text: string) => {
    this.calls.push(`path ${text}`);
    return new Promise<PathMatch[]>((resolve) => this.pathAnswers.push(resolve));
  };
}

function setUp() {
  const port = new FakeSearch();
  let n = 0;
  const store = new SearchStore(port, () => `s${++n}`);
  return { port, store };
}

describe('SearchStore', () => {
  it('groups streamed matches by file as they arrive and finishes with hitLimit', () => {
    const { port, store } = setUp();
    const id = store.search({ text: 'todo', maxResults: 3 });
    expect(port.calls).toEqual(['start s1 todo']);
    port.matches.fire({ searchId: id, matches: [match('b.ts', 3), match('a.ts', 1)] });
    port.matches.fire({ searchId: id, matches: [match('b.ts', 9)] });
    const session = store.session(id)!;
    expect([...session.files.keys()]).toEqual(['b.ts', 'a.ts']);
    expect(session.files.get('b.ts')!.map((m) => m.lineNumber)).toEqual([3, 9]);
    expect(session.matchCount).toBe(3);
    port.finished.fire({ searchId: id, hitLimit: true });
    expect(store.session(id)!.state).toEqual({ kind: 'FINISHED', hitLimit: true });
  });

  it('keeps searches apart and ignores matches of unknown searches', () => {
    const { port, store } = setUp();
    const a = store.search({ text: 'a' });
    const b = store.search({ text: 'b' });
    port.matches.fire({ searchId: b, matches: [match('x', 1)] });
    port.matches.fire({ searchId: 'foreign', matches: [match('y', 1)] });
    port.finished.fire({ searchId: 'foreign', hitLimit: false });
    expect(store.session(a)!.matchCount).toBe(0);
    expect(store.session(b)!.matchCount).toBe(1);
    expect(store.sessions.size).toBe(2);
  });

  it('cancels a running search and drops what still arrives', async () => {
    const { port, store } = setUp();
    const id = store.search({ text: 'x' });
    await store.cancel(id);
    port.matches.fire({ searchId: id, matches: [match('late', 1)] });
    port.finished.fire({ searchId: id, hitLimit: false });
    expect(store.session(id)).toMatchObject({ state: { kind: 'CANCELLED' }, matchCount: 0 });
    expect(port.calls).toEqual(['start s1 x', 'cancel s1']);
    await store.cancel(id);
    expect(port.calls).toHaveLength(2);
    await store.drop(id);
    expect(store.session(id)).toBeUndefined();
  });

  it('marks a search that could not start as failed', async () => {
    const { port, store } = setUp();
    port.failure = new Error('Not able to send message in state RECONNECTING');
    const id = store.search({ text: 'x' });
    await new Promise((r) => setImmediate(r));
    expect(store.session(id)!.state).toEqual({ kind: 'FAILED', message: 'Not able to send message in state RECONNECTING' });
  });

  it('finds every matching line at once with fs/search, without a session', async () => {
    const { port, store } = setUp();
    port.found = [{ fileId: 'id-app', lineNumber: 4, lineText: '<h1>Hello</h1>', ranges: [{ start: 4, end: 9 }] }];
    expect(await store.findAll({ text: 'Hello', maxResults: 10 })).toEqual({ ok: true, value: port.found });
    expect(port.calls).toEqual(['search Hello']);
    expect(store.sessions.size).toBe(0);
  });

  it('gives a refused one-shot search as a value with the server text: a bad query, or a failed search', async () => {
    const { port, store } = setUp();
    port.found = new SearchPortError('invalid-query', 'Invalid regular expression: unclosed group', 1001);
    expect(await store.findAll({ text: '(', isRegex: true })).toEqual({ ok: false, error: { kind: 'invalid-query', message: 'Invalid regular expression: unclosed group' } });
    port.found = new SearchPortError('failed', 'Search failed: rg exited with code 2', 0);
    expect(await store.findAll({ text: 'x' })).toEqual({ ok: false, error: { kind: 'failed', message: 'Search failed: rg exited with code 2' } });
    port.found = new Error('Not able to send message in state RECONNECTING');
    expect(await store.findAll({ text: 'x' })).toEqual({ ok: false, error: { kind: 'failed', message: 'Not able to send message in state RECONNECTING' } });
  });

  it('keeps only the newest path search answer', async () => {
    const { port, store } = setUp();
    const first = store.searchPaths('ap');
    const second = store.searchPaths('app');
    port.pathAnswers[1]([{ path: 'src/App.tsx', ranges: [{ start: 4, end: 7 }] }]);
    await second;
    port.pathAnswers[0]([{ path: 'stale', ranges: [] }]);
    await first;
    expect(store.pathMatches.map((m) => m.path)).toEqual(['src/App.tsx']);
  });
});
