import { FoundLine } from './search-engine';

/** ripgrep's text-or-bytes value: `{text}` for UTF-8, `{bytes}` (base64) otherwise. */
interface Data {
  text?: string;
  bytes?: string;
}

interface RipgrepMatch {
  path: Data;
  lines: Data;
  line_number: number | null;
  absolute_offset: number;
  submatches: Array<{ match: Data; start: number; end: number }>;
}

const MATCH_PREFIX = new TextEncoder().encode('{"type":"match"');
const NEWLINE = 0x0a;

/**
 * Finds the "match" messages in ripgrep's --json output as it streams: complete lines are found in the bytes, and the
 * begin and end messages (two thirds of the output: an end carries its file's statistics) and the summary are
 * skipped by their first bytes, never decoded. `onMatchLine` gets each match line's bytes, valid only during the call.
 */
export class RipgrepMatchLines {
  /** The start of a line whose end has not arrived yet, in pieces. */
  private partial: Uint8Array[] = [];

  constructor(private readonly onMatchLine: (bytes: Uint8Array, start: number, end: number) => void) {}

  push(chunk: Uint8Array): void {
    // Lines are found with the chunk's own indexOf (Node's Buffer: memchr) and read through a plain view (a Buffer's
    // subarray costs more than a Uint8Array's).
    const view = chunk.constructor === Uint8Array ? chunk : new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      if (this.partial.length === 0) this.line(view, start, end);
      else {
        const whole = joined([...this.partial, view.subarray(start, end)]);
        this.partial = [];
        this.line(whole, 0, whole.length);
      }
      start = end + 1;
    }
    // A copy: the caller may reuse its buffer.
    if (start < view.length) this.partial.push(view.slice(start));
  }

  end(): void {
    if (this.partial.length === 0) return;
    const last = joined(this.partial);
    this.partial = [];
    this.line(last, 0, last.length);
  }

  private line(bytes: Uint8Array, start: number, end: number): void {
    if (startsWith(bytes, start, end, MATCH_PREFIX)) this.onMatchLine(bytes, start, end);
  }
}

const decoder = new TextDecoder();

/** The text of a line RipgrepMatchLines found. */
export const matchLineText = (bytes: Uint8Array, start: number, end: number): string => decoder.decode(bytes.subarray(start, end));

/** Reads ripgrep's --json output as it streams into FoundLines (paths lose ripgrep's './' prefix). */
export class RipgrepJsonReader {
  private readonly lines: RipgrepMatchLines;

  constructor(onLine: (line: FoundLine) => void) {
    this.lines = new RipgrepMatchLines((bytes, start, end) => {
      const found = parseRipgrepMatch(matchLineText(bytes, start, end));
      if (found) onLine(found);
    });
  }

  push(chunk: Uint8Array): void {
    this.lines.push(chunk);
  }

  end(): void {
    this.lines.end();
  }
}

function startsWith(bytes: Uint8Array, start: number, end: number, prefix: Uint8Array): boolean {
  if (end - start < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[start + i] !== prefix[i]) return false;
  return true;
}

function joined(pieces: Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0];
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** One --json "match" line as a FoundLine; undefined when it is not one. */
export function parseRipgrepMatch(json: string): FoundLine | undefined {
  let message: { type?: string; data?: RipgrepMatch };
  try {
    message = JSON.parse(json);
  } catch {
    return undefined;
  }
  const data = message.data;
  if (message.type !== 'match' || !data) return undefined;
  const path = textOf(data.path);
  return {
    path: path.startsWith('./') ? path.slice(2) : path,
    lineText: textOf(data.lines),
    lineNumber: data.line_number ?? 0,
    absoluteOffset: data.absolute_offset,
    submatches: data.submatches.map((s) => ({ text: textOf(s.match), start: s.start, end: s.end })),
  };
}

/** Text as is; bytes that are not UTF-8 decoded with replacement characters. */
function textOf(data: Data): string {
  if (data.text !== undefined) return data.text;
  if (data.bytes === undefined) return '';
  const binary = atob(data.bytes);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
