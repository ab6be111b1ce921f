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
  const w = new FrameWriter(256 + matches.length * 256);
  w.mapHeader(2);
  w.raw(KEY.method);
  w.raw(KEY.methodValue);
  w.raw(KEY.params);
  w.mapHeader(2);
  w.raw(KEY.searchId);
  w.str(searchId);
  w.raw(KEY.matches);
  w.arrayHeader(matches.length);
  for (const m of matches) {
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
  }
  return w.done();
}

const KEY = {
  method: key('method'),
  methodValue: key('fs/searchMatches'),
  params: key('params'),
  searchId: key('searchId'),
  matches: key('matches'),
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
