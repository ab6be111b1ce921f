import { TextMatcher } from './text-query';
import { utf8Length } from './utf8-length';

export interface Submatch {
  text: string;
  /** UTF-8 byte offsets in the line. */
  start: number;
  end: number;
}

/** One matching line, as ripgrep's --json reports it. */
export interface LineMatch {
  /** The line with its line terminator ('\n'), when it has one. */
  lineText: string;
  /** 1-based. */
  lineNumber: number;
  /** UTF-8 byte offset of the line's start in the file. */
  absoluteOffset: number;
  submatches: Submatch[];
}

/**
 * The matching lines of a file's text, line by line as ripgrep matches (a match never spans lines; '\r' stays part
 * of the line). Empty matches are reported too, except right after another match, as ripgrep does. Lines without
 * a candidate are skipped by one scan of the whole text when the pattern has no look-around. Stops after `limit` lines.
 */
export function findLineMatches(text: string, matcher: TextMatcher, limit = Infinity): LineMatch[] {
  const out: LineMatch[] = [];
  let lineNumber = 1;
  let countedTo = 0;
  let bytes = 0;
  let bytesTo = 0;
  for (let position = 0; position <= text.length && out.length < limit; ) {
    let lineStart = position;
    if (matcher.scan) {
      matcher.scan.lastIndex = position;
      const candidate = matcher.scan.exec(text);
      if (!candidate) break;
      lineStart = candidate.index === 0 ? 0 : Math.max(position, text.lastIndexOf('\n', candidate.index - 1) + 1);
    }
    if (lineStart === text.length) break; // no line after the last '\n' (nor in an empty file)
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const submatches = lineSubmatches(line, matcher.line);
    if (submatches.length > 0) {
      for (let at = text.indexOf('\n', countedTo); at >= 0 && at < lineStart; at = text.indexOf('\n', at + 1)) lineNumber++;
      countedTo = lineStart;
      bytes += utf8Length(text, bytesTo, lineStart);
      bytesTo = lineStart;
      out.push({ lineText: newline < 0 ? line : `${line}\n`, lineNumber, absoluteOffset: bytes, submatches });
    }
    if (newline < 0) break;
    position = newline + 1;
  }
  return out;
}

function lineSubmatches(line: string, regex: RegExp): Submatch[] {
  const out: Submatch[] = [];
  regex.lastIndex = 0;
  let bytes = 0;
  let bytesTo = 0;
  let previousEnd = -1;
  for (let match = regex.exec(line); match; match = regex.exec(line)) {
    const start = match.index;
    const end = start + match[0].length;
    if (start === end) {
      regex.lastIndex = end + (isSurrogatePair(line, end) ? 2 : 1);
      if (start === previousEnd) continue;
    }
    bytes += utf8Length(line, bytesTo, start);
    bytesTo = start;
    const length = utf8Length(match[0]);
    out.push({ text: match[0], start: bytes, end: bytes + length });
    previousEnd = end;
  }
  return out;
}

const isSurrogatePair = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length;
};
