/**
 * Conflict blocks of a file git left unmerged (spec 002 §3 "Conflict block": left, base (optional), right start lines
 * and code arrays), and what accepting one side, the other or both makes of the text.
 *
 * The markers (git-merge(1) "How conflicts are presented"; `merge.conflictStyle diff3` adds the base section):
 *
 *     <<<<<<< HEAD            current (left)
 *     ...
 *     ||||||| base            the common ancestor (diff3/zdiff3 only)
 *     ...
 *     =======
 *     ...
 *     >>>>>>> theirs          incoming (right)
 *
 * A marker is a line that starts with the marker character repeated exactly n times (7 unless `conflict-marker-size`
 * says otherwise), followed by the end of the line or a space and a label ('=======' takes no label). A block opened
 * with n '<' only takes markers of length n: git's recursive merge writes the conflicts of a virtual merge base with
 * longer markers, and those lines are code of the outer block. A new opening marker of the same length inside a
 * block means the block was never closed: it is dropped and the new one starts. A block still open at the end of the
 * text is dropped. Lines end with '\n' or '\r\n'; code lines are given without their ending.
 */

/** One side of a block: the 1-based line of its first code line (the line after its marker) and its lines. */
export interface ConflictSide {
  readonly startLine: number;
  readonly code: readonly string[];
  /** The text after the marker ('HEAD', 'theirs', a commit): '' when none. */
  readonly label: string;
}

export interface ConflictBlock {
  /** The 1-based line of the opening `<<<<<<<` marker. */
  readonly startLine: number;
  /** The 1-based line of the closing `>>>>>>>` marker. */
  readonly endLine: number;
  /** Current: what the branch being merged into has. */
  readonly left: ConflictSide;
  /** The common ancestor (diff3 style only). */
  readonly base?: ConflictSide;
  /** Incoming: what the merged branch brings. */
  readonly right: ConflictSide;
}

export type ConflictChoice = 'current' | 'incoming' | 'both';

/** The button texts, as VS Code words them. */
export const CONFLICT_CHOICE_LABELS: Readonly<Record<ConflictChoice, string>> = {
  current: 'Accept Current Change',
  incoming: 'Accept Incoming Change',
  both: 'Accept Both Changes',
};

export const DEFAULT_MARKER_SIZE = 7;

type Marker = { kind: '<' | '|' | '=' | '>'; size: number; label: string };

const MARKER_CHARS = new Set(['<', '|', '=', '>']);

/** The marker a line is, if it is one (its length counted; any length ≥ 7). */
function markerOf(line: string): Marker | undefined {
  const ch = line[0];
  if (!MARKER_CHARS.has(ch)) return undefined;
  let size = 1;
  while (line[size] === ch) size++;
  if (size < DEFAULT_MARKER_SIZE) return undefined;
  const rest = line.slice(size);
  if (ch === '=') return /^\s*$/.test(rest) ? { kind: '=', size, label: '' } : undefined;
  if (rest === '') return { kind: ch as Marker['kind'], size, label: '' };
  if (rest[0] !== ' ' && rest[0] !== '\t') return undefined;
  return { kind: ch as Marker['kind'], size, label: rest.slice(1).trim() };
}

/** The lines of a text without their endings ('\n' or '\r\n'); a final ending does not start another line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (/\n$/.test(text)) lines.pop();
  return lines;
}

type Open = {
  size: number;
  startLine: number;
  leftLabel: string;
  left: string[];
  base: { startLine: number; label: string; code: string[] } | undefined;
  right: { startLine: number; code: string[] } | undefined;
};

/** The well-formed conflict blocks of a text, in order. */
export function parseConflictBlocks(text: string): ConflictBlock[] {
  const lines = splitLines(text);
  const blocks: ConflictBlock[] = [];
  let open: Open | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineNumber = i + 1;
    const marker = markerOf(line);
    if (!open) {
      if (marker?.kind === '<') open = opening(marker, lineNumber);
      continue;
    }
    if (!marker || marker.size !== open.size) {
      codeOf(open).push(line);
      continue;
    }
    switch (marker.kind) {
      case '<':
        open = opening(marker, lineNumber);
        break;
      case '|':
        if (open.base || open.right) codeOf(open).push(line);
        else open.base = { startLine: lineNumber + 1, label: marker.label, code: [] };
        break;
      case '=':
        if (open.right) codeOf(open).push(line);
        else open.right = { startLine: lineNumber + 1, code: [] };
        break;
      case '>':
        if (open.right) blocks.push(closed(open, lineNumber, marker.label));
        // A closing marker before the separator: the block is malformed and dropped.
        open = undefined;
        break;
    }
  }
  return blocks;
}

function opening(marker: Marker, lineNumber: number): Open {
  return { size: marker.size, startLine: lineNumber, leftLabel: marker.label, left: [], base: undefined, right: undefined };
}

function codeOf(open: Open): string[] {
  return open.right ? open.right.code : open.base ? open.base.code : open.left;
}

function closed(open: Open, endLine: number, rightLabel: string): ConflictBlock {
  const right = open.right!;
  return {
    startLine: open.startLine,
    endLine,
    left: { startLine: open.startLine + 1, code: open.left, label: open.leftLabel },
    ...(open.base ? { base: { startLine: open.base.startLine, code: open.base.code, label: open.base.label } } : {}),
    right: { startLine: right.startLine, code: right.code, label: rightLabel },
  };
}

/** The lines a block becomes: the current side, the incoming side, or both (current first). The base is dropped. */
export function resolvedLines(block: ConflictBlock, choice: ConflictChoice): string[] {
  switch (choice) {
    case 'current':
      return [...block.left.code];
    case 'incoming':
      return [...block.right.code];
    case 'both':
      return [...block.left.code, ...block.right.code];
  }
}

/** A place in a text: the start of a line (before its first character) or its end (before its line ending). */
export interface LinePoint {
  readonly line: number;
  readonly at: 'start' | 'end';
}

/**
 * One edit that resolves a block: whole lines, the markers included, become the chosen lines. When lines follow the
 * block, the edit runs up to the start of the next line and every new line carries `eol`. At the end of the text the
 * new lines are joined with `eol` (the text keeps having, or not having, a final line ending), and a block that
 * resolves to nothing takes the line ending before it along, so no empty line is left behind.
 */
export interface ConflictEdit {
  readonly from: LinePoint;
  readonly to: LinePoint;
  readonly text: string;
}

/** `lineCount` as an editor counts lines: a text that ends with a line ending has an empty last line after it. */
export function conflictEdit(block: ConflictBlock, choice: ConflictChoice, eol: string, lineCount: number): ConflictEdit {
  const lines = resolvedLines(block, choice);
  if (block.endLine < lineCount) return { from: { line: block.startLine, at: 'start' }, to: { line: block.endLine + 1, at: 'start' }, text: lines.map((l) => l + eol).join('') };
  const to: LinePoint = { line: block.endLine, at: 'end' };
  if (lines.length === 0 && block.startLine > 1) return { from: { line: block.startLine - 1, at: 'end' }, to, text: '' };
  return { from: { line: block.startLine, at: 'start' }, to, text: lines.join(eol) };
}

/** The line ending a text uses ('\r\n' when its first line ending is one, else '\n'). */
export function eolOf(text: string): string {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}

/** The text with one block resolved (the same edit the editor applies). */
export function resolveConflict(text: string, block: ConflictBlock, choice: ConflictChoice): string {
  const starts = lineStarts(text);
  // Counted as an editor counts them: a text ending with a line ending has an empty last line.
  const edit = conflictEdit(block, choice, eolOf(text), starts.length);
  const offset = (p: LinePoint): number => {
    if (p.at === 'start') return starts[p.line - 1];
    if (p.line >= starts.length) return text.length;
    const next = starts[p.line];
    return next - (text[next - 2] === '\r' ? 2 : 1);
  };
  return text.slice(0, offset(edit.from)) + edit.text + text.slice(offset(edit.to));
}

/** The offset each line starts at. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The block whose lines hold `line` (1-based), if any. */
export const conflictBlockAt = (blocks: readonly ConflictBlock[], line: number): ConflictBlock | undefined =>
  blocks.find((b) => b.startLine <= line && line <= b.endLine);
