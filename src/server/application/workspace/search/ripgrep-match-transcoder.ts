import { FrameWriter } from '../../../../protocol/frame-writer';
import { SEARCH_MATCH_KEYS as K, SearchMatchesBatch } from '../../../../protocol/search-matches-frame';
import { FileIdOf } from './search-engine';

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);
const HEAD = bytesOf('{"type":"match","data":{"path":{"text":');
const AFTER_PATH = bytesOf('},"lines":{"text":');
const AFTER_LINES = bytesOf('},"line_number":');
const AFTER_LINE_NUMBER = bytesOf(',"absolute_offset":');
const AFTER_OFFSET = bytesOf(',"submatches":[');
const SUBMATCH = bytesOf('{"match":{"text":');
const AFTER_SUBMATCH_TEXT = bytesOf('},"start":');
const AFTER_START = bytesOf(',"end":');
const TAIL = bytesOf('}}');

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const DOT = 0x2e;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const ZERO = 0x30;
const NINE = 0x39;
const U = 0x75;
const NONE = -1;

/**
 * A JSON string read from the line: where its content is, and its UTF-8 length once unescaped (NONE: it has no
 * escapes, its bytes are its content).
 */
class JsonString {
  start = 0;
  end = 0;
  unescapedLength = NONE;
}

/**
 * Reads one line; its fields are reused from line to line (a search reads up to a million lines, and the reader runs
 * to the end of a line before the next one starts: nothing it holds outlives the call).
 */
class MatchLine {
  bytes: Uint8Array = new Uint8Array(0);
  at = 0;
  end = 0;
  readonly path = new JsonString();
  readonly lines = new JsonString();
  lineNumber = 0;
  absoluteOffset = 0;
  submatchCount = 0;
  readonly submatchTexts: JsonString[] = [];
  readonly submatchRanges: number[] = [];

  /** Reads bytes[start, end) as a match line in ripgrep's layout; false when it is not one. */
  read(bytes: Uint8Array, start: number, end: number): boolean {
    this.bytes = bytes;
    this.at = start;
    this.end = end;
    this.submatchCount = 0;
    if (!this.literal(HEAD) || !this.string(this.path) || this.path.unescapedLength !== NONE) return false;
    if (!this.literal(AFTER_PATH) || !this.string(this.lines) || !this.literal(AFTER_LINES)) return false;
    this.lineNumber = this.number();
    if (this.lineNumber < 0 || !this.literal(AFTER_LINE_NUMBER)) return false;
    this.absoluteOffset = this.number();
    if (this.absoluteOffset < 0 || !this.literal(AFTER_OFFSET)) return false;
    if (!this.byte(CLOSE_BRACKET)) {
      for (;;) {
        if (!this.submatch()) return false;
        if (this.byte(CLOSE_BRACKET)) break;
        if (!this.byte(COMMA)) return false;
      }
    }
    return this.literal(TAIL) && this.at === this.end;
  }

  private submatch(): boolean {
    const i = this.submatchCount;
    const text = (this.submatchTexts[i] ??= new JsonString());
    if (!this.literal(SUBMATCH) || !this.string(text) || !this.literal(AFTER_SUBMATCH_TEXT)) return false;
    const start = this.number();
    if (start < 0 || !this.literal(AFTER_START)) return false;
    const end = this.number();
    if (end < 0 || !this.byte(CLOSE_BRACE)) return false;
    this.submatchRanges[2 * i] = start;
    this.submatchRanges[2 * i + 1] = end;
    this.submatchCount = i + 1;
    return true;
  }

  private literal(expected: Uint8Array): boolean {
    const { bytes, at } = this;
    const length = expected.length;
    if (this.end - at < length) return false;
    for (let i = 0; i < length; i++) if (bytes[at + i] !== expected[i]) return false;
    this.at = at + length;
    return true;
  }

  private byte(expected: number): boolean {
    if (this.at >= this.end || this.bytes[this.at] !== expected) return false;
    this.at++;
    return true;
  }

  /** A non-negative integer, at most 15 digits; -1 when there is none. */
  private number(): number {
    const { bytes, at, end } = this;
    let value = 0;
    let i = at;
    for (; i < end; i++) {
      const c = bytes[i];
      if (c < ZERO || c > NINE) break;
      value = value * 10 + (c - ZERO);
    }
    if (i === at || i - at > 15) return -1;
    this.at = i;
    return value;
  }

  /** A JSON string into `out`; false when there is none or it has an escape JSON does not have. */
  private string(out: JsonString): boolean {
    const { bytes, end } = this;
    if (!this.byte(QUOTE)) return false;
    const start = this.at;
    let escaped = false;
    for (let i = start; i < end; i++) {
      const c = bytes[i];
      if (c === QUOTE) {
        const length = escaped ? unescapedLength(bytes, start, i) : NONE;
        if (Number.isNaN(length)) return false;
        out.start = start;
        out.end = i;
        out.unescapedLength = length;
        this.at = i + 1;
        return true;
      }
      if (c === BACKSLASH) {
        escaped = true;
        i++; // the escaped character (a quote among them) never ends the string
      }
    }
    return false;
  }
}

const line = new MatchLine();
const decoder = new TextDecoder();

/**
 * Writes one ripgrep --json "match" line (bytes[start, end)) into `batch` as an fs/searchMatches item, byte for byte
 * what `batch.add(streamingResult(parseRipgrepMatch(line), fileIdOf(path)))` writes, without making strings or
 * objects of it: its texts are UTF-8 in the JSON and UTF-8 in msgpack, so they are copied (escapes decoded on the
 * way). Only the path becomes a string, for its node id. A search streams up to a million matches, and parsing them
 * into objects only to encode them again was most of the server's cost.
 *
 * The line must be in the layout ripgrep writes (serde's field order, text values, './'-prefixed path without
 * escapes); anything else writes nothing and answers false, and the caller parses the line as JSON.
 */
export function transcodeRipgrepMatch(bytes: Uint8Array, start: number, end: number, batch: SearchMatchesBatch, fileIdOf: FileIdOf): boolean {
  if (!line.read(bytes, start, end)) return false;
  const path = line.path;
  if (path.end - path.start < 2 || bytes[path.start] !== DOT || bytes[path.start + 1] !== SLASH) return false;
  const relativeStart = path.start + 2;
  const fileId = fileIdOf(decoder.decode(bytes.subarray(relativeStart, path.end)));
  const w = batch.writer;
  w.mapHeader(fileId === undefined ? 5 : 6);
  w.raw(K.filepath);
  const at = w.reserveStr(1 + path.end - relativeStart);
  w.buffer[at] = SLASH;
  copy(bytes, relativeStart, path.end, w.buffer, at + 1);
  w.raw(K.lines);
  w.mapHeader(1);
  w.raw(K.text);
  writeString(w, bytes, line.lines);
  w.raw(K.lineNumber);
  w.uint(line.lineNumber);
  w.raw(K.absoluteOffset);
  w.uint(line.absoluteOffset);
  w.raw(K.submatches);
  w.arrayHeader(line.submatchCount);
  for (let i = 0; i < line.submatchCount; i++) {
    w.mapHeader(3);
    w.raw(K.match);
    w.mapHeader(1);
    w.raw(K.text);
    writeString(w, bytes, line.submatchTexts[i]);
    w.raw(K.start);
    w.uint(line.submatchRanges[2 * i]);
    w.raw(K.end);
    w.uint(line.submatchRanges[2 * i + 1]);
  }
  if (fileId !== undefined) {
    w.raw(K.fileId);
    w.str(fileId);
  }
  batch.added();
  return true;
}

function writeString(w: FrameWriter, bytes: Uint8Array, s: JsonString): void {
  if (s.unescapedLength === NONE) {
    const at = w.reserveStr(s.end - s.start);
    copy(bytes, s.start, s.end, w.buffer, at);
  } else {
    const at = w.reserveStr(s.unescapedLength);
    unescapeInto(bytes, s.start, s.end, w.buffer, at);
  }
}

/** Copies bytes[from, to) to target[at…]: a loop for the short runs of a match line (cheaper than a subarray). */
function copy(bytes: Uint8Array, from: number, to: number, target: Uint8Array, at: number): void {
  if (to - from > 64) {
    target.set(bytes.subarray(from, to), at);
    return;
  }
  for (let i = from, p = at; i < to; i++, p++) target[p] = bytes[i];
}

/** JSON's one-character escapes: the byte each stands for (0: not an escape JSON has). */
const SIMPLE_ESCAPES = new Uint8Array(128);
SIMPLE_ESCAPES[QUOTE] = QUOTE;
SIMPLE_ESCAPES[BACKSLASH] = BACKSLASH;
SIMPLE_ESCAPES[SLASH] = SLASH;
SIMPLE_ESCAPES[0x62] = 0x08; // b
SIMPLE_ESCAPES[0x66] = 0x0c; // f
SIMPLE_ESCAPES[0x6e] = 0x0a; // n
SIMPLE_ESCAPES[0x72] = 0x0d; // r
SIMPLE_ESCAPES[0x74] = 0x09; // t

/** The code point of the \u escape at bytes[i] (a surrogate pair joined, a lone surrogate as U+FFFD, as TextEncoder writes it) and how many bytes it took; -1 when it is not one. */
let escapeLength = 0;
function unicodeEscape(bytes: Uint8Array, i: number, end: number): number {
  const code = hex4(bytes, i + 2, end);
  if (code < 0) return -1;
  escapeLength = 6;
  if (code >= 0xd800 && code <= 0xdbff && bytes[i + 6] === BACKSLASH && bytes[i + 7] === U) {
    const low = hex4(bytes, i + 8, end);
    if (low >= 0xdc00 && low <= 0xdfff) {
      escapeLength = 12;
      return 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
    }
  }
  return code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
}

/** UTF-8 bytes of an escaped string's content; NaN at an escape JSON does not have. */
function unescapedLength(bytes: Uint8Array, start: number, end: number): number {
  let length = 0;
  for (let i = start; i < end; ) {
    if (bytes[i] !== BACKSLASH) {
      length++;
      i++;
      continue;
    }
    const kind = bytes[i + 1];
    if (kind === U) {
      const code = unicodeEscape(bytes, i, end);
      if (code < 0) return Number.NaN;
      length += utf8Size(code);
      i += escapeLength;
    } else {
      if (kind === undefined || kind >= 128 || SIMPLE_ESCAPES[kind] === 0) return Number.NaN;
      length++;
      i += 2;
    }
  }
  return length;
}

/** Writes an escaped string's content (checked by unescapedLength) as UTF-8. */
function unescapeInto(bytes: Uint8Array, start: number, end: number, target: Uint8Array, at: number): void {
  let p = at;
  for (let i = start; i < end; ) {
    if (bytes[i] !== BACKSLASH) {
      target[p++] = bytes[i++];
      continue;
    }
    const kind = bytes[i + 1];
    if (kind === U) {
      p = writeUtf8(unicodeEscape(bytes, i, end), target, p);
      i += escapeLength;
    } else {
      target[p++] = SIMPLE_ESCAPES[kind];
      i += 2;
    }
  }
}

function hex4(bytes: Uint8Array, at: number, end: number): number {
  if (at + 4 > end) return -1;
  let value = 0;
  for (let i = at; i < at + 4; i++) {
    const c = bytes[i];
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

const utf8Size = (code: number): number => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

function writeUtf8(code: number, target: Uint8Array, at: number): number {
  let p = at;
  if (code < 0x80) target[p++] = code;
  else if (code < 0x800) {
    target[p++] = 0xc0 | (code >> 6);
    target[p++] = 0x80 | (code & 0x3f);
  } else if (code < 0x10000) {
    target[p++] = 0xe0 | (code >> 12);
    target[p++] = 0x80 | ((code >> 6) & 0x3f);
    target[p++] = 0x80 | (code & 0x3f);
  } else {
    target[p++] = 0xf0 | (code >> 18);
    target[p++] = 0x80 | ((code >> 12) & 0x3f);
    target[p++] = 0x80 | ((code >> 6) & 0x3f);
    target[p++] = 0x80 | (code & 0x3f);
  }
  return p;
}
