/**
 * The glob matching that the search scope, .gitignore rules (src/domain/search/glob.ts) and the fs/watch and
 * fs/download excludes (path-glob.ts) share: a path is matched one segment at a time, and a segment without a regular
 * expression and without backtracking. A segment's glob is cut at its stars into fixed-length pieces; the first piece
 * must start the name, the last must end it, and each one between is found at its leftmost place after the previous
 * one (the leftmost place is always a right one: the pieces have fixed lengths). So a name of n characters is matched
 * in at most n × (pattern length) steps whatever the pattern: `*a*a*a*a*a*a*a*c` against 64 a's, which takes a
 * backtracking regular expression (picomatch's, or the one this replaced) about 30 s, takes microseconds here
 * (ADR 0019). Segments between `**`s are matched the same way, a segment being a character there. Paths are matched
 * in place (segments as offsets into the text), so matching allocates nothing.
 *
 * A segment's syntax: `*` any run of characters (`**` inside a name too), `?` one character, `[a-z0-9_]` a class,
 * `[!…]` or `[^…]` a negated one (a `]` right after `[` or `[!` belongs to the class; `\` escapes inside it), `\x`
 * the character x. A `[` that is never closed is an ordinary character. Characters are UTF-16 code units.
 */

/** One path segment's test: of `text` from `start` to `end` (by default the whole text). */
export type NameMatcher = (text: string, start?: number, end?: number) => boolean;
/** A pattern segment: a name test, or `**`: any number (zero included) of whole segments. */
export type SegmentMatcher = '**' | NameMatcher;

/** Any name at all: the segment `*`. */
export const ANY_NAME: NameMatcher = () => true;

/**
 * A pattern's segments, split at each '/' outside a class ('src/**\/*.ts' → a test for 'src', '**', a test for
 * '*.ts'). A class cannot match '/' (names have none), but may hold one.
 */
export function compileSegments(pattern: string): SegmentMatcher[] {
  const segments: string[] = [];
  let start = 0;
  for (let i = 0; i < pattern.length; i = skipSyntax(pattern, i)) {
    // An escaped '/' still separates segments ('\\/' is not a character a name can hold).
    const slash = pattern[i] === '/' ? 1 : pattern.startsWith('\\/', i) ? 2 : 0;
    if (slash > 0) {
      segments.push(pattern.slice(start, i));
      start = i + slash;
    }
  }
  segments.push(pattern.slice(start));
  return segments.map((segment) => (segment === '**' ? '**' : nameMatcher(segment)));
}

/** The index after the character at i, or after the escape or class that starts there. */
function skipSyntax(pattern: string, i: number): number {
  if (pattern[i] === '\\') return i + 2;
  if (pattern[i] === '[') {
    const end = classEnd(pattern, i);
    if (end !== -1) return end + 1;
  }
  return i + 1;
}

/**
 * Whether the pattern segments match the '/'-separated segments of path[start, end) exactly (`**` = zero or more
 * segments). As for stars inside a name: the runs of segments between `**`s have fixed lengths, so the first must
 * start the path, the last must end it, and each one between is taken at its leftmost place.
 */
export function matchSegments(pattern: readonly SegmentMatcher[], path: string, start = 0, end = path.length): boolean {
  // `from` is where the next unmatched segment starts; past `end` there is none.
  let from = start;
  let p = 0;
  for (; p < pattern.length && pattern[p] !== '**'; p++) {
    if (from > end) return false;
    const segmentEnd = endOfSegment(path, from, end);
    if (!(pattern[p] as NameMatcher)(path, from, segmentEnd)) return false;
    from = segmentEnd + 1;
  }
  if (p === pattern.length) return from > end;
  // The run after the last `**`, matched from the end; `last` is where the segments left for the middle end.
  let last = end;
  const lastStar = pattern.lastIndexOf('**');
  for (let q = pattern.length - 1; q > lastStar; q--) {
    if (from > last) return false;
    const slash = last > from ? path.lastIndexOf('/', last - 1) : -1;
    const segmentStart = slash >= from ? slash + 1 : from;
    if (!(pattern[q] as NameMatcher)(path, segmentStart, last)) return false;
    last = segmentStart - 1;
  }
  // Each run between two `**`s at the leftmost segment from which it matches.
  while (p < lastStar) {
    while (pattern[p] === '**' && p < lastStar) p++;
    if (p === lastStar) break;
    let q = p;
    while (pattern[q] !== '**') q++;
    for (;;) {
      if (from > last) return false;
      const after = matchRun(pattern, p, q, path, from, last);
      if (after !== -1) {
        from = after;
        break;
      }
      from = endOfSegment(path, from, last) + 1;
    }
    p = q;
  }
  return true;
}

/** Where the segment starting at `from` ends: at the next '/', or at `end`. */
function endOfSegment(path: string, from: number, end: number): number {
  const slash = path.indexOf('/', from);
  return slash === -1 || slash > end ? end : slash;
}

/** Whether pattern[p, q) matches the segments from `from` on (ending by `last`): where the next segment starts, or -1. */
function matchRun(pattern: readonly SegmentMatcher[], p: number, q: number, path: string, from: number, last: number): number {
  for (let i = p; i < q; i++) {
    if (from > last) return -1;
    const segmentEnd = endOfSegment(path, from, last);
    if (!(pattern[i] as NameMatcher)(path, from, segmentEnd)) return -1;
    from = segmentEnd + 1;
  }
  return from;
}

/** A test of one character: a literal one, any one (`?`), or a class. */
type CharTest = string | null | ((char: string) => boolean);

/** A fixed-length piece of a segment's glob between stars. */
interface Piece {
  readonly tests: readonly CharTest[];
  /** The piece as text when every test is a literal character (then found with indexOf). */
  readonly literal: string | undefined;
}

/** One segment's glob as a test of a name, in time linear in the name for each piece of the pattern. */
export function nameMatcher(segment: string): NameMatcher {
  const pieces = splitAtStars(segment);
  if (pieces.length === 1) {
    const [only] = pieces;
    if (only.literal !== undefined) {
      const literal = only.literal;
      return (text, start = 0, end = text.length) => end - start === literal.length && text.startsWith(literal, start);
    }
    return (text, start = 0, end = text.length) => end - start === only.tests.length && pieceAt(only, text, start);
  }
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const middle = pieces.slice(1, -1);
  return (text, start = 0, end = text.length) => {
    const lastStart = end - last.tests.length;
    if (lastStart < start + first.tests.length || !pieceAt(first, text, start) || !pieceAt(last, text, lastStart)) return false;
    let from = start + first.tests.length;
    for (const piece of middle) {
      const found = findPiece(piece, text, from, lastStart);
      if (found < 0) return false;
      from = found + piece.tests.length;
    }
    return true;
  };
}

function pieceAt(piece: Piece, text: string, at: number): boolean {
  if (piece.literal !== undefined) return text.startsWith(piece.literal, at);
  for (let i = 0; i < piece.tests.length; i++) {
    const test = piece.tests[i];
    const char = text[at + i];
    if (test === null) continue;
    if (typeof test === 'string' ? char !== test : !test(char)) return false;
  }
  return true;
}

/** The leftmost offset ≥ from where the piece matches and ends by `end`, or -1. */
function findPiece(piece: Piece, text: string, from: number, end: number): number {
  const lastStart = end - piece.tests.length;
  if (piece.literal !== undefined) {
    const found = text.indexOf(piece.literal, from);
    return found !== -1 && found <= lastStart ? found : -1;
  }
  for (let at = from; at <= lastStart; at++) if (pieceAt(piece, text, at)) return at;
  return -1;
}

/** The segment's pieces: one more than its runs of stars ('*.ts' → '', '.ts'). */
function splitAtStars(segment: string): Piece[] {
  const pieces: Piece[] = [];
  let tests: CharTest[] = [];
  const close = () => {
    pieces.push({ tests, literal: tests.every((t) => typeof t === 'string') ? (tests as string[]).join('') : undefined });
    tests = [];
  };
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    if (char === '*') {
      close();
      while (segment[i + 1] === '*') i++;
    } else if (char === '?') {
      tests.push(null);
    } else if (char === '\\' && i + 1 < segment.length) {
      tests.push(segment[++i]);
    } else if (char === '[' && classEnd(segment, i) !== -1) {
      const end = classEnd(segment, i);
      tests.push(characterClass(segment.slice(i + 1, end)));
      i = end;
    } else {
      tests.push(char);
    }
  }
  close();
  return pieces;
}

/** Index of the ']' closing the class opened at `start`, or -1. A ']' right after '[' or '[!' belongs to the class. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
  }
  return -1;
}

/** `a-z0-9_`, `!abc` or `^abc` (negated); `\` escapes the next character; a '-' first, last or escaped is literal. */
function characterClass(inner: string): (char: string) => boolean {
  const negated = inner.startsWith('!') || inner.startsWith('^');
  const body = negated ? inner.slice(1) : inner;
  const items: Array<{ char: string; escaped: boolean }> = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && i + 1 < body.length) items.push({ char: body[++i], escaped: true });
    else items.push({ char: body[i], escaped: false });
  }
  const ranges: Array<[string, string]> = [];
  for (let i = 0; i < items.length; i++) {
    const dash = items[i + 1];
    if (dash !== undefined && dash.char === '-' && !dash.escaped && i + 2 < items.length) {
      ranges.push([items[i].char, items[i + 2].char]);
      i += 2;
    } else ranges.push([items[i].char, items[i].char]);
  }
  return (char) => ranges.some(([from, to]) => char >= from && char <= to) !== negated;
}

export interface BraceOptions {
  /** Most patterns an expansion may make. */
  readonly limit: number;
  /** What `{x}` (no comma) is: the alternative x (ripgrep's globs) or the literal text '{x}' (fs/watch excludes). */
  readonly single: 'alternative' | 'literal';
}

export type BraceExpansion =
  | { readonly kind: 'expanded'; readonly patterns: string[] }
  /** A '{' without its '}' (the expansion reads it as a literal '{'). */
  | { readonly kind: 'unclosed'; readonly patterns: string[] }
  /** More than `limit` patterns: the first `limit` are given. */
  | { readonly kind: 'too-many'; readonly patterns: string[] };

/** 'a.{png,jpg}' → ['a.png', 'a.jpg'] (nested braces too; a '\' escapes a brace or comma). */
export function expandBraces(pattern: string, options: BraceOptions): BraceExpansion {
  let unclosed = false;
  let tooMany = false;
  const expand = (text: string): string[] => {
    const open = findBrace(text);
    if (open === -1) return [text];
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let i = open; i < text.length; i = skipSyntax(text, i)) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) {
        close = i;
        break;
      } else if (c === ',' && depth === 1) commas.push(i);
    }
    if (close === -1 || (commas.length === 0 && options.single === 'literal')) {
      // Not an alternative: the brace is an ordinary character (the name matcher gives '{' no meaning).
      if (close === -1) unclosed = true;
      return expand(text.slice(open + 1)).map((rest) => `${text.slice(0, open)}{${rest}`);
    }
    const bounds = [open, ...commas, close];
    const out: string[] = [];
    for (let k = 0; k + 1 < bounds.length; k++) {
      const option = text.slice(bounds[k] + 1, bounds[k + 1]);
      for (const expanded of expand(text.slice(0, open) + option + text.slice(close + 1))) {
        if (out.length >= options.limit) {
          tooMany = true;
          return out;
        }
        out.push(expanded);
      }
    }
    return out;
  };
  const patterns = expand(pattern);
  return { kind: tooMany ? 'too-many' : unclosed ? 'unclosed' : 'expanded', patterns };
}

/** The first '{' that is neither escaped nor inside a class, or -1. */
function findBrace(text: string): number {
  for (let i = 0; i < text.length; i = skipSyntax(text, i)) if (text[i] === '{') return i;
  return -1;
}
