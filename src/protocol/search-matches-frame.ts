import { FrameWriter, key } from './frame-writer';
import { StreamingSearchResult } from './methods/fs-search';

/**
 * The fs/searchMatches notification frame, encoded by hand: byte-identical to
 * `encodeMessage(notification('fs/searchMatches', {searchId, matches}))` for results built by
 * search-result.ts (keys in the order filepath, lines, lineNumber, absoluteOffset, submatches, fileId), but several
 * times faster. A search streams up to a million matches, and the generic encoder spends most of its time on the
 * same ten keys and on dispatching by type; here the keys are encoded once and strings go straight to bytes.
 * A lone surrogate is written as U+FFFD (as TextEncoder does); results never hold one.
 */
export function encodeSearchMatchesFrame(searchId: string, matches: readonly StreamingSearchResult[]): Uint8Array {
  const batch = new SearchMatchesBatch(256 + matches.length * 256);
  for (const m of matches) batch.add(m);
  return batch.frame(searchId);
}

/**
 * The matches of one fs/searchMatches frame, encoded as they are found: `add` a result, or write one item straight
 * into `writer` (a map in the layout `add` writes, see SEARCH_MATCH_KEYS) and count it with `added`.
 */
export class SearchMatchesBatch {
  readonly writer: FrameWriter;
  private items = 0;

  constructor(initialBytes = 64 * 1024) {
    this.writer = new FrameWriter(initialBytes);
  }

  get count(): number {
    return this.items;
  }

  add(m: StreamingSearchResult): void {
    const w = this.writer;
    w.mapHeader(m.fileId === undefined ? 5 : 6);
    w.raw(KEY.filepath);
    w.str(m.filepath);
    w.raw(KEY.lines);
    w.mapHeader(1);
    w.raw(KEY.text);
    w.str(m.lines.text);
    w.raw(KEY.lineNumber);
    w.uint(m.lineNumber);
    w.raw(KEY.absoluteOffset);
    w.uint(m.absoluteOffset);
    w.raw(KEY.submatches);
    w.arrayHeader(m.submatches.length);
    for (const s of m.submatches) {
      w.mapHeader(3);
      w.raw(KEY.match);
      w.mapHeader(1);
      w.raw(KEY.text);
      w.str(s.match.text);
      w.raw(KEY.start);
      w.uint(s.start);
      w.raw(KEY.end);
      w.uint(s.end);
    }
    if (m.fileId !== undefined) {
      w.raw(KEY.fileId);
      w.str(m.fileId);
    }
    this.items++;
  }

  /** One item was written into `writer`. */
  added(): void {
    this.items++;
  }

  /** The whole notification frame. */
  frame(searchId: string): Uint8Array {
    const items = this.writer.view();
    const w = new FrameWriter(64 + searchId.length * 3 + items.length);
    w.mapHeader(2);
    w.raw(KEY.method);
    w.raw(KEY.methodValue);
    w.raw(KEY.params);
    w.mapHeader(2);
    w.raw(KEY.searchId);
    w.str(searchId);
    w.raw(KEY.matches);
    w.arrayHeader(this.items);
    w.raw(items);
    return w.done();
  }
}

/** The encoded keys of a match item, for writers that build one without a StreamingSearchResult. */
export const SEARCH_MATCH_KEYS = {
  filepath: key('filepath'),
  lines: key('lines'),
  text: key('text'),
  lineNumber: key('lineNumber'),
  absoluteOffset: key('absoluteOffset'),
  submatches: key('submatches'),
  match: key('match'),
  start: key('start'),
  end: key('end'),
  fileId: key('fileId'),
};

const KEY = {
  method: key('method'),
  methodValue: key('fs/searchMatches'),
  params: key('params'),
  searchId: key('searchId'),
  matches: key('matches'),
  ...SEARCH_MATCH_KEYS,
};
