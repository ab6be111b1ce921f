import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

/** A line JSON has to escape in many ways (ripgrep's output is JSON): quotes, backslashes, a tab, a control character. */
const QUOTES_LINE = 'const q = "quirk" + \'\\\\\' + "\\t";\tquirk\u0001 😀 é QUIRK\n';

/** The workspace every engine searches: the expected hits of "needle" are in EXPECTED_NEEDLE_LINES. */
function writeFixtures(root: string): void {
  const file = (relative: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  };
  file('src/app.ts', "const needle = 1;\nexport function findNeedle() { return 'héllo needle'; }\nconst other = 2;\n");
  file('src/util/strings.ts', "// Needle in upper case\nexport const NEEDLE = 'needles';\n");
  file('lib/readme.md', 'a needle in markdown\n');
  file('docs/guide.md', 'nothing to see\n');
  file('.env', 'SECRET_NEEDLE=1\n');
  file('.gitignore', 'ignored/\n*.log\n');
  file('ignored/out.ts', 'needle\n');
  file('debug.log', 'needle\n');
  file('node_modules/pkg/index.js', 'needle\n');
  file('.git/needle.txt', 'needle\n');
  file('bin.dat', Buffer.from('needle\0binary needle\n'));
  file('odd/quotes.ts', QUOTES_LINE);
  file('odd/latin1.txt', Buffer.from('quirk caf\xe9\n', 'latin1'));
  for (let i = 0; i < 150; i++) file(`many/file${String(i).padStart(3, '0')}.txt`, `many needle ${i}\n`);
  // 200,000 matching lines, for cancellation.
  const block = Array.from({ length: 10_000 }, (_, i) => `haystack line ${i}`).join('\n') + '\n';
  for (let i = 0; i < 20; i++) file(`big/part${i}.txt`, block);
}

/** Every line of "needle" (smart case: any case) in the searchable files. */
const EXPECTED_NEEDLE_LINES = [
  '.env:1',
  'lib/readme.md:1',
  'src/app.ts:1',
  'src/app.ts:2',
  'src/util/strings.ts:1',
  'src/util/strings.ts:2',
  ...Array.from({ length: 150 }, (_, i) => `many/file${String(i).padStart(3, '0')}.txt:1`),
].sort();

interface Streamed {
  matches: any[];
  batches: number;
  finished: { searchId: string; hitLimit: boolean };
  /** Frames received after fs/searchFinished carrying matches of this search. */
  lateMatches: number;
}

describe.each(['ripgrep', 'node'] as const)('text and path search (%s engine)', (engine) => {
  const context = useTestServer({ config: { searchEngine: engine } });
  let a: WireSession;
  let b: WireSession;
  let searchIds = 0;

  beforeAll(async () => {
    writeFixtures(context.filesDir);
  });
  useWireSessions(context, 2, (opened) => ([a, b] = opened));

  /** Runs a streaming search on `s` and collects its matches until fs/searchFinished. */
  async function stream(s: WireSession, params: Record<string, unknown>): Promise<Streamed> {
    const searchId = `search-${engine}-${++searchIds}`;
    const from = s.wire.received.length;
    const answer = await s.ask('fs/streamingSearch', { searchId, ...params });
    expect(answer).toMatchObject({ status: 0, result: { searchId } });
    const finished = await s.notification('fs/searchFinished', (p) => p.searchId === searchId, from);
    const frames = s.wire.received.slice(from).map((f) => f.value);
    const finishedAt = frames.findIndex((v) => v.method === 'fs/searchFinished' && v.params.searchId === searchId);
    const ofThis = (v: any) => v.method === 'fs/searchMatches' && v.params.searchId === searchId;
    const batches = frames.slice(0, finishedAt).filter(ofThis);
    // Let anything that would (wrongly) follow the end arrive.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const late = s.wire.received.slice(from + finishedAt + 1).filter((f) => ofThis(f.value)).length;
    return { matches: batches.flatMap((v) => v.params.matches), batches: batches.length, finished, lateMatches: late };
  }

  /** A match's path without the leading '/' (paths on the wire are '/'-rooted). */
  const relative = (m: any): string => {
    expect(m.filepath).toMatch(/^\//);
    return m.filepath.slice(1);
  };
  const lineKeys = (matches: any[]) => matches.map((m) => `${relative(m)}:${m.lineNumber}`).sort();

  const inTerminal = (command: string) => a.inTerminal(command);


  it('fs/search returns every matching line with its file id, line, byte offsets and submatches', async () => {
    const answer = await a.ask('fs/search', { text: 'needle' });
    expect(answer.status).toBe(0);
    const results: any[] = answer.result;
    const appId = await a.idOf('src/app.ts');
    const app = results.filter((r) => r.fileId === appId).sort((x, y) => x.lineNumber - y.lineNumber);
    expect(app).toEqual([
      { fileId: appId, lines: { text: 'const needle = 1;\n' }, lineNumber: 1, absoluteOffset: 0, submatches: [{ match: { text: 'needle' }, start: 6, end: 12 }] },
      {
        fileId: appId,
        lines: { text: "export function findNeedle() { return 'héllo needle'; }\n" },
        lineNumber: 2,
        absoluteOffset: 18,
        // UTF-8 byte offsets: 'é' takes two.
        submatches: [
          { match: { text: 'Needle' }, start: 20, end: 26 },
          { match: { text: 'needle' }, start: 46, end: 52 },
        ],
      },
    ]);
    expect(results).toHaveLength(EXPECTED_NEEDLE_LINES.length);
  });

  it('streams matches in batches, only to the client that asked, then finishes once', async () => {
    const fromB = b.wire.received.length;
    const result = await stream(a, { text: 'needle' });
    expect(lineKeys(result.matches)).toEqual(EXPECTED_NEEDLE_LINES);
    expect(result.batches).toBeGreaterThanOrEqual(2);
    expect(result.finished.hitLimit).toBe(false);
    expect(result.lateMatches).toBe(0);
    const app = result.matches.find((m) => m.filepath === '/src/app.ts' && m.lineNumber === 1);
    expect(app).toEqual({
      fileId: await a.idOf('src/app.ts'),
      filepath: '/src/app.ts',
      lines: { text: 'const needle = 1;\n' },
      lineNumber: 1,
      absoluteOffset: 0,
      submatches: [{ match: { text: 'needle' }, start: 6, end: 12 }],
    });
    // Another client hears nothing of it.
    const toB = b.wire.received.slice(fromB).filter((f) => f.value.method === 'fs/searchMatches' || f.value.method === 'fs/searchFinished');
    expect(toB).toEqual([]);
  });

  it('streams the lines fs/search finds, whatever JSON escapes in them, and lines that are not UTF-8', async () => {
    const streamed = (await stream(a, { text: 'quirk' })).matches;
    const searched: any[] = (await a.ask('fs/search', { text: 'quirk' })).result;
    const key = (m: any) => `${m.fileId}:${m.lineNumber}`;
    expect(searched.map(key).sort()).toHaveLength(2);
    expect(streamed.map(({ filepath: _path, ...rest }) => rest).sort((x, y) => key(x).localeCompare(key(y)))).toEqual(searched.sort((x, y) => key(x).localeCompare(key(y))));
    const quotes = streamed.find((m) => m.filepath === '/odd/quotes.ts');
    expect(quotes.lines.text).toBe(QUOTES_LINE);
    expect(quotes.submatches.map((s: any) => s.match.text)).toEqual(['quirk', 'quirk', 'QUIRK']);
    const latin1 = streamed.find((m) => m.filepath === '/odd/latin1.txt');
    expect(latin1.lines.text).toBe('quirk caf\ufffd\n');
  });

  it('skips .git, node_modules, .gitignored and binary files but searches hidden ones', async () => {
    const files = new Set((await stream(a, { text: 'needle' })).matches.map(relative));
    expect(files.has('.env')).toBe(true);
    for (const skipped of ['.git/needle.txt', 'node_modules/pkg/index.js', 'ignored/out.ts', 'debug.log', 'bin.dat']) expect(files.has(skipped)).toBe(false);
  });

  it('stops at maxResults and reports hitLimit', async () => {
    const result = await stream(a, { text: 'needle', maxResults: 10 });
    expect(result.matches).toHaveLength(10);
    expect(result.finished.hitLimit).toBe(true);
    const exact = await stream(a, { text: 'needle', maxResults: EXPECTED_NEEDLE_LINES.length });
    expect(exact.matches).toHaveLength(EXPECTED_NEEDLE_LINES.length);
    expect((await a.ask('fs/search', { text: 'needle', maxResults: 3 })).result).toHaveLength(3);
  });

  it('cancel stops the search: the answer, then one fs/searchFinished, no more matches', async () => {
    const searchId = `cancel-${engine}`;
    const from = a.wire.received.length;
    // Sent together: the cancel arrives while 200,000 matching lines are being found.
    const started = a.send('fs/streamingSearch', { searchId, text: 'haystack', maxResults: 1_000_000 });
    const cancelled = a.send('fs/cancelStreamingSearch', { searchId });
    expect(await a.answer(started)).toMatchObject({ status: 0, result: { searchId } });
    expect(await a.answer(cancelled)).toMatchObject({ status: 0, result: { searchId } });
    const finished = await a.notification('fs/searchFinished', (p) => p.searchId === searchId, from);
    expect(finished).toEqual({ searchId, hitLimit: false });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const frames = a.wire.received.slice(from).map((f) => f.value);
    const finishedAt = frames.findIndex((v) => v.method === 'fs/searchFinished' && v.params.searchId === searchId);
    const cancelAnswerAt = frames.findIndex((v) => v.id === cancelled);
    expect(cancelAnswerAt).toBeLessThan(finishedAt);
    const received = frames.filter((v) => v.method === 'fs/searchMatches' && v.params.searchId === searchId);
    expect(frames.slice(finishedAt + 1).some((v) => v.method === 'fs/searchMatches' && v.params.searchId === searchId)).toBe(false);
    expect(frames.filter((v) => v.method === 'fs/searchFinished' && v.params.searchId === searchId)).toHaveLength(1);
    expect(received.flatMap((v) => v.params.matches).length).toBeLessThan(200_000);
    // Cancelling an unknown or finished search is no error.
    expect(await a.ask('fs/cancelStreamingSearch', { searchId: 'nope' })).toMatchObject({ status: 0, result: { searchId: 'nope' } });
  });

  it('refuses a search id that is still running for the client', async () => {
    const searchId = `twice-${engine}`;
    const from = a.wire.received.length;
    const first = a.send('fs/streamingSearch', { searchId, text: 'haystack', maxResults: 1_000_000 });
    const second = a.send('fs/streamingSearch', { searchId, text: 'needle' });
    const cancel = a.send('fs/cancelStreamingSearch', { searchId });
    expect(await a.answer(first)).toMatchObject({ status: 0 });
    expect(await a.answer(second)).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS, message: `A search with id ${searchId} is already running` } });
    await a.answer(cancel);
    await a.notification('fs/searchFinished', (p) => p.searchId === searchId, from);
  });

  it('searches with regular expressions, case sensitivity and whole words', async () => {
    const keys = async (params: Record<string, unknown>) => lineKeys((await stream(a, params)).matches).filter((k) => !k.startsWith('many/'));
    expect(await keys({ text: 'ne+dles?\\b', isRegex: true, caseSensitivity: 'enabled' })).toEqual(['lib/readme.md:1', 'src/app.ts:1', 'src/app.ts:2', 'src/util/strings.ts:2']);
    expect(await keys({ text: 'Needle', caseSensitivity: 'enabled' })).toEqual(['src/app.ts:2', 'src/util/strings.ts:1']);
    expect(await keys({ text: 'Needle' })).toEqual(['src/app.ts:2', 'src/util/strings.ts:1']); // smart: upper case → sensitive
    expect(await keys({ text: 'NEEDLE', caseSensitivity: 'disabled' })).toEqual(EXPECTED_NEEDLE_LINES.filter((k) => !k.startsWith('many/')));
    // '_' is a word character: SECRET_NEEDLE is not the word.
    expect(await keys({ text: 'needle', wholeWord: true })).toEqual(['lib/readme.md:1', 'src/app.ts:1', 'src/app.ts:2', 'src/util/strings.ts:1', 'src/util/strings.ts:2']);
    expect(await keys({ text: 'a.needle', isRegex: false })).toEqual([]);
    expect(await keys({ text: 'a.needle', isRegex: true })).toEqual(['lib/readme.md:1']);
  });

  it('limits the search with the glob, includes and excludes', async () => {
    const files = async (params: Record<string, unknown>) => [...new Set((await stream(a, { text: 'needle', ...params })).matches.map(relative))].sort();
    expect(await files({ glob: '*.ts' })).toEqual(['src/app.ts', 'src/util/strings.ts']);
    expect(await files({ includes: ['src'] })).toEqual(['src/app.ts', 'src/util/strings.ts']);
    expect(await files({ includes: ['util, *.md'] })).toEqual(['lib/readme.md', 'src/util/strings.ts']);
    expect(await files({ includes: ['./src/util'] })).toEqual(['src/util/strings.ts']);
    expect(await files({ includes: ['src'], excludes: ['util'] })).toEqual(['src/app.ts']);
    const withoutMany = await files({ excludes: ['many', '*.md'] });
    expect(withoutMany).toEqual(['.env', 'src/app.ts', 'src/util/strings.ts']);
    // An include names what .gitignore hides; node_modules stays out whatever the globs say.
    expect(await files({ includes: ['ignored'] })).toEqual(['ignored/out.ts']);
    expect(await files({ includes: ['node_modules'] })).toEqual([]);
  });

  it('finds text a terminal wrote after the workspace started, in a file the tree did not know yet', async () => {
    await inTerminal(`mkdir -p fresh-${engine} && echo "zebra-unicorn-42" > fresh-${engine}/made.txt`);
    // At once: fs/search has the tree catch up with the new directory to give the file's id.
    const answer = await a.ask('fs/search', { text: 'zebra-unicorn' });
    expect(answer.result).toHaveLength(1);
    expect(answer.result[0].fileId).toBe(await eventually(() => a.idOf(`fresh-${engine}/made.txt`), 'the new file in the tree'));
    const streamed = await stream(a, { text: 'zebra-unicorn' });
    expect(streamed.matches.map((m) => [m.filepath, m.fileId])).toEqual([[`/fresh-${engine}/made.txt`, answer.result[0].fileId]]);
  });

  it('refuses an invalid regular expression or glob with INVALID_PARAMS and keeps serving', async () => {
    const bad = await a.ask('fs/search', { text: 'a(', isRegex: true });
    expect(bad).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
    expect(bad.error.message).toMatch(/^Invalid regular expression: .+/);
    const from = a.wire.received.length;
    const streaming = await a.ask('fs/streamingSearch', { searchId: 'bad-regex', text: '[a-', isRegex: true });
    expect(streaming).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
    expect(streaming.error.message).toMatch(/^Invalid regular expression: /);
    const glob = await a.ask('fs/streamingSearch', { searchId: 'bad-glob', text: 'x', includes: ['*.{ts'] });
    expect(glob).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS, message: 'Invalid glob "*.{ts": an unclosed {' } });
    const params = await a.ask('fs/streamingSearch', { searchId: 'bad-max', text: 'x', maxResults: 0 });
    expect(params).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS, message: 'Invalid params for fs/streamingSearch: params.maxResults must be at least 1' } });
    expect(await a.ask('fs/search', { text: 42 })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(a.wire.received.slice(from).some((f) => f.value.method === 'fs/searchFinished' && String(f.value.params.searchId).startsWith('bad-'))).toBe(false);
    // Still serving.
    expect((await a.ask('fs/search', { text: 'markdown' })).result).toHaveLength(1);
  });

  it('answers an empty text with no results', async () => {
    expect(await a.ask('fs/search', { text: '' })).toMatchObject({ status: 0, result: [] });
    const result = await stream(a, { text: '' });
    expect(result).toMatchObject({ matches: [], finished: { hitLimit: false } });
  });

  it('fs/pathSearch ranks file paths fuzzily and says which characters matched', async () => {
    const answer = await a.ask('fs/pathSearch', { text: 'strings' });
    expect(answer.status).toBe(0);
    expect(answer.result.matches[0]).toEqual({ path: '/src/util/strings.ts', submatches: [{ start: 10, end: 17 }] });
    const fuzzy = await a.ask('fs/pathSearch', { text: 'srcapp' });
    expect(fuzzy.result.matches[0].path).toBe('/src/app.ts');
    const many = await a.ask('fs/pathSearch', { text: 'many/file' });
    expect(many.result.matches).toHaveLength(100);
    expect((await a.ask('fs/pathSearch', { text: 'node_modules/pkg' })).result.matches).toEqual([]);
    expect(await a.ask('fs/pathSearch', {})).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
  });
});
