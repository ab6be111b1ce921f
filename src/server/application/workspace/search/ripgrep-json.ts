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

const MATCH_PREFIX = '{"type":"match"';

/**
 * Reads ripgrep's --json output as it streams: complete lines are parsed as they arrive, and only "match" messages
 * (begin, end, context and summary are skipped without parsing). Paths lose ripgrep's './' prefix.
 */
export class RipgrepJsonReader {
  private readonly decoder = new TextDecoder();
  private rest = '';

  constructor(private readonly onLine: (line: FoundLine) => void) {}

  push(chunk: Uint8Array): void {
    const text = this.rest + this.decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
      this.line(text.slice(start, end));
      start = end + 1;
    }
    this.rest = text.slice(start);
  }

  end(): void {
    const last = this.rest + this.decoder.decode();
    this.rest = '';
    if (last !== '') this.line(last);
  }

  private line(json: string): void {
    if (!json.startsWith(MATCH_PREFIX)) return;
    const found = parseRipgrepMatch(json);
    if (found) this.onLine(found);
  }
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
