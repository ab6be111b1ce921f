import fc from 'fast-check';
import { StreamingSearchResult, encodeMessage, notification } from '../../../src/protocol';
import { encodeSearchMatchesFrame } from '../../../src/protocol/search-matches-frame';

const result = (overrides: Partial<StreamingSearchResult> = {}): StreamingSearchResult => {
  const base: StreamingSearchResult = {
    filepath: 'src/app.ts',
    lines: { text: "const héllo = 'needle';\n" },
    lineNumber: 1,
    absoluteOffset: 0,
    submatches: [{ match: { text: 'needle' }, start: 16, end: 22 }],
  };
  const out: StreamingSearchResult = { ...base, ...overrides };
  return out;
};

const generic = (searchId: string, matches: StreamingSearchResult[]) => encodeMessage(notification('fs/searchMatches', { searchId, matches }));

describe('encodeSearchMatchesFrame', () => {
  it('is byte-identical to the generic encoder', () => {
    const matches = [result(), result({ fileId: 'b6f1c2a0-1111-4222-8333-944445555666' }), result({ lineNumber: 70_000, absoluteOffset: 5_000_000_000 })];
    expect(encodeSearchMatchesFrame('s-1', matches)).toEqual(generic('s-1', matches));
    expect(encodeSearchMatchesFrame('s-1', [])).toEqual(generic('s-1', []));
  });

  it('uses the right header for long strings, many matches and many submatches', () => {
    const many = Array.from({ length: 70_000 }, () => ({ match: { text: 'x' }, start: 1, end: 2 }));
    const matches = [result({ lines: { text: 'é'.repeat(40_000) }, submatches: many }), ...Array.from({ length: 20 }, (_, i) => result({ lineNumber: i * 300, lines: { text: 'a'.repeat(i * 20) } }))];
    expect(Buffer.from(encodeSearchMatchesFrame('x'.repeat(300), matches)).equals(Buffer.from(generic('x'.repeat(300), matches)))).toBe(true);
  });

  it('equals the generic encoder for any text and numbers (property)', () => {
    const match = fc.record({
      filepath: fc.fullUnicodeString({ maxLength: 40 }),
      lines: fc.record({ text: fc.fullUnicodeString({ maxLength: 300 }) }),
      lineNumber: fc.nat(),
      absoluteOffset: fc.maxSafeNat(),
      submatches: fc.array(fc.record({ match: fc.record({ text: fc.fullUnicodeString({ maxLength: 40 }) }), start: fc.nat(), end: fc.nat() }), { maxLength: 20 }),
    });
    fc.assert(
      fc.property(fc.string(), fc.array(fc.tuple(match, fc.option(fc.uuid(), { nil: undefined })), { maxLength: 20 }), (searchId, items) => {
        const matches = items.map(([m, fileId]) => (fileId === undefined ? m : { ...m, fileId }));
        expect(Buffer.from(encodeSearchMatchesFrame(searchId, matches)).equals(Buffer.from(generic(searchId, matches)))).toBe(true);
      }),
    );
  });
});
