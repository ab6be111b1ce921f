import fc from 'fast-check';
import { SearchMatchesBatch } from '../../../../../../src/protocol/search-matches-frame';
import { parseRipgrepMatch } from '../../../../../../src/server/application/workspace/search/ripgrep-json';
import { transcodeRipgrepMatch } from '../../../../../../src/server/application/workspace/search/ripgrep-match-transcoder';
import { streamingResult } from '../../../../../../src/server/application/workspace/search/search-result';

/** A match line as ripgrep writes it (serde's field order); JSON.stringify escapes as serde does, and more. */
function ripgrepLine(path: string, lineText: string, lineNumber: number, absoluteOffset: number, submatches: Array<{ text: string; start: number; end: number }>): string {
  const data = {
    path: { text: path },
    lines: { text: lineText },
    line_number: lineNumber,
    absolute_offset: absoluteOffset,
    submatches: submatches.map((s) => ({ match: { text: s.text }, start: s.start, end: s.end })),
  };
  return JSON.stringify({ type: 'match', data });
}

const ids = new Map([['src/app.ts', 'id-app']]);
const fileIdOf = (path: string) => ids.get(path);

/** The frame the transcoder writes for `line`, or undefined when it declined it. */
function transcoded(line: string): Uint8Array | undefined {
  const batch = new SearchMatchesBatch(16);
  const bytes = new TextEncoder().encode(`junk before\n${line}\njunk after`);
  const start = bytes.indexOf(0x0a) + 1;
  const end = bytes.indexOf(0x0a, start);
  if (!transcodeRipgrepMatch(bytes, start, end, batch, fileIdOf)) {
    expect(batch.count).toBe(0);
    expect(batch.writer.length).toBe(0);
    return undefined;
  }
  expect(batch.count).toBe(1);
  return batch.frame('s-1');
}

/** The frame the parse-then-encode path writes for `line`. */
function parsedThenEncoded(line: string): Uint8Array {
  const found = parseRipgrepMatch(line);
  if (!found) throw new Error(`not a match line: ${line}`);
  const batch = new SearchMatchesBatch(16);
  batch.add(streamingResult(found, fileIdOf(found.path)));
  return batch.frame('s-1');
}

const same = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.from(a).equals(Buffer.from(b));

describe('transcodeRipgrepMatch', () => {
  it('writes the bytes the parse-then-encode path writes, with the file id of a path the tree has', () => {
    const line = ripgrepLine('./src/app.ts', 'const héllo = "needle";\n', 3, 120, [{ text: 'needle', start: 16, end: 22 }]);
    expect(same(transcoded(line), parsedThenEncoded(line))).toBe(true);
    const other = ripgrepLine('./lib/x.ts', 'needle needle\n', 1, 0, [
      { text: 'needle', start: 0, end: 6 },
      { text: 'needle', start: 7, end: 13 },
    ]);
    expect(same(transcoded(other), parsedThenEncoded(other))).toBe(true);
  });

  it('decodes every escape: quotes, backslashes, control characters, \\u escapes, surrogate pairs and lone surrogates', () => {
    const text = 'a"b\\c/d\b\f\n\r\t\u0001\u001f é € 😀 \ud800 x \udc00 y\n';
    const line = ripgrepLine('./src/app.ts', text, 1, 0, [{ text: '😀', start: 30, end: 34 }]);
    expect(line).toContain('\\u0001');
    expect(same(transcoded(line), parsedThenEncoded(line))).toBe(true);
    // \/ is valid JSON that JSON.stringify never writes
    const slashed = line.replace('c/d', 'c\\/d');
    expect(same(transcoded(slashed), parsedThenEncoded(slashed))).toBe(true);
  });

  it('matches the parse-then-encode path for any text, path, numbers and submatches', () => {
    const submatch = fc.record({ text: fc.string({ unit: 'binary' }), start: fc.nat(), end: fc.nat() });
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme' }).filter((p) => !/["\\\u0000-\u001f\u007f]/.test(p)),
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.nat(),
        fc.maxSafeNat(),
        fc.array(submatch, { maxLength: 20 }),
        (path, text, lineNumber, offset, submatches) => {
          const line = ripgrepLine(`./${path}`, text, lineNumber, Math.min(offset, 10 ** 15 - 1), submatches);
          expect(same(transcoded(line), parsedThenEncoded(line))).toBe(true);
        },
      ),
    );
  });

  it('declines what is not in ripgrep layout, writing nothing: bytes values, a null line number, other orders, broken lines', () => {
    const line = ripgrepLine('./src/app.ts', 'x\n', 1, 0, [{ text: 'x', start: 0, end: 1 }]);
    const declined = [
      line.replace('{"text":"./src/app.ts"}', `{"bytes":"${btoa('./src/app.ts')}"}`),
      line.replace('"line_number":1', '"line_number":null'),
      line.replace('"type":"match","data":', '"data":').replace(/}$/, ',"type":"match"}'),
      line.replace('"./src/app.ts"', '"src/app.ts"'),
      line.replace('"./src/app.ts"', '"./src/a\\"pp.ts"'),
      line.replace('"x\\n"', '"x\\q"'),
      line.replace('"x\\n"', '"x\\u12"'),
      line.slice(0, -1),
      `${line} `,
    ];
    for (const bad of declined) expect(transcoded(bad)).toBeUndefined();
  });

  it('keeps items apart in a batch of several', () => {
    const batch = new SearchMatchesBatch(16);
    const lines = ['./a.ts', './src/app.ts', './b c.ts'].map((p, i) => ripgrepLine(p, `line ${i}\n`, i + 1, i * 7, [{ text: 'line', start: 0, end: 4 }]));
    for (const line of lines) {
      const bytes = new TextEncoder().encode(line);
      expect(transcodeRipgrepMatch(bytes, 0, bytes.length, batch, fileIdOf)).toBe(true);
    }
    const expected = new SearchMatchesBatch(16);
    for (const line of lines) {
      const found = parseRipgrepMatch(line)!;
      expected.add(streamingResult(found, fileIdOf(found.path)));
    }
    expect(Buffer.from(batch.frame('s')).equals(Buffer.from(expected.frame('s')))).toBe(true);
    expect(batch.count).toBe(3);
  });
});
