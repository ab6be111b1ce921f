import { RipgrepJsonReader, parseRipgrepMatch } from '../../../../../../src/server/application/workspace/search/ripgrep-json';
import { FoundLine } from '../../../../../../src/server/application/workspace/search/search-engine';
import { searchResult, streamingResult } from '../../../../../../src/server/application/workspace/search/search-result';

// Real `rg --json hello .` output (ripgrep 13).
const OUTPUT = [
  '{"type":"begin","data":{"path":{"text":"./a.txt"}}}',
  '{"type":"match","data":{"path":{"text":"./a.txt"},"lines":{"text":"hello World\\n"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":0,"end":5}]}}',
  '{"type":"match","data":{"path":{"text":"./a.txt"},"lines":{"text":"foo héllo hello\\n"},"line_number":2,"absolute_offset":12,"submatches":[{"match":{"text":"hello"},"start":11,"end":16}]}}',
  '{"type":"end","data":{"path":{"text":"./a.txt"},"binary_offset":null,"stats":{"elapsed":{"secs":0,"nanos":27232,"human":"0.000027s"},"searches":1,"searches_with_match":1,"bytes_searched":29,"bytes_printed":422,"matched_lines":2,"matches":2}}}',
  '{"data":{"elapsed_total":{"human":"0.003198s","nanos":3197929,"secs":0},"stats":{"bytes_printed":422,"bytes_searched":29,"elapsed":{"human":"0.000027s","nanos":27232,"secs":0},"matched_lines":2,"matches":2,"searches":1,"searches_with_match":1}},"type":"summary"}',
  '',
].join('\n');

const FIRST: FoundLine = { path: 'a.txt', lineText: 'hello World\n', lineNumber: 1, absoluteOffset: 0, submatches: [{ text: 'hello', start: 0, end: 5 }] };

describe('RipgrepJsonReader', () => {
  it('reports the match lines, without the ./ prefix, and skips the other messages', () => {
    const lines: FoundLine[] = [];
    const reader = new RipgrepJsonReader((l) => lines.push(l));
    reader.push(new TextEncoder().encode(OUTPUT));
    reader.end();
    expect(lines).toEqual([FIRST, { path: 'a.txt', lineText: 'foo héllo hello\n', lineNumber: 2, absoluteOffset: 12, submatches: [{ text: 'hello', start: 11, end: 16 }] }]);
  });

  it('reassembles lines and multi-byte characters split across chunks', () => {
    const bytes = new TextEncoder().encode(OUTPUT);
    for (const size of [1, 7, 64]) {
      const lines: FoundLine[] = [];
      const reader = new RipgrepJsonReader((l) => lines.push(l));
      for (let i = 0; i < bytes.length; i += size) reader.push(bytes.subarray(i, i + size));
      reader.end();
      expect(lines.map((l) => l.lineText)).toEqual(['hello World\n', 'foo héllo hello\n']);
    }
  });

  it('decodes paths and lines that are not UTF-8 (ripgrep sends them as base64 bytes)', () => {
    const json = `{"type":"match","data":{"path":{"bytes":"${btoa('./caf\xe9.txt')}"},"lines":{"bytes":"${btoa('caf\xe9 hello\n')}"},"line_number":1,"absolute_offset":0,"submatches":[{"match":{"text":"hello"},"start":5,"end":10}]}}`;
    expect(parseRipgrepMatch(json)).toEqual({ path: 'caf\ufffd.txt', lineText: 'caf\ufffd hello\n', lineNumber: 1, absoluteOffset: 0, submatches: [{ text: 'hello', start: 5, end: 10 }] });
  });

  it('ignores a line that is not JSON', () => {
    expect(parseRipgrepMatch('{"type":"match", broken')).toBeUndefined();
  });
});

describe('search results on the wire', () => {
  it('fs/search: the line with its file id, submatches as {match:{text}, start, end}', () => {
    expect(searchResult(FIRST, 'id-1')).toEqual({ fileId: 'id-1', lines: { text: 'hello World\n' }, lineNumber: 1, absoluteOffset: 0, submatches: [{ match: { text: 'hello' }, start: 0, end: 5 }] });
  });

  it('fs/searchMatches: the /-rooted filepath always, fileId only for a file in the tree', () => {
    expect(streamingResult(FIRST, 'id-1')).toMatchObject({ filepath: '/a.txt', fileId: 'id-1', lineNumber: 1 });
    expect('fileId' in streamingResult(FIRST, undefined)).toBe(false);
  });
});
