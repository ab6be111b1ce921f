/**
 * Applies LSP TextDocumentContentChangeEvents to a text, the way a server does: a change with a range replaces that
 * range (line/character in UTF-16 code units; '\n', '\r\n' and '\r' end lines; positions past a line's end or past
 * the last line are clamped), a change without a range replaces the whole text. Changes apply in order.
 */
export interface LspPosition {
  line: number;
  character: number;
}
export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}
export interface ContentChange {
  range?: LspRange | null;
  text: string;
}

export function applyContentChanges(text: string, changes: readonly ContentChange[]): string {
  let current = text;
  for (const change of changes) {
    if (!change.range) {
      current = change.text;
      continue;
    }
    const start = offsetAt(current, change.range.start);
    const end = Math.max(start, offsetAt(current, change.range.end));
    current = current.slice(0, start) + change.text + current.slice(end);
  }
  return current;
}

/** The UTF-16 offset of a position, clamped to the text. */
export function offsetAt(text: string, position: LspPosition): number {
  let lineStart = 0;
  for (let line = 0; line < position.line; line++) {
    const next = nextLineStart(text, lineStart);
    if (next === undefined) return text.length;
    lineStart = next;
  }
  const lineEnd = endOfLine(text, lineStart);
  return Math.min(lineStart + Math.max(0, position.character), lineEnd);
}

function endOfLine(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

function nextLineStart(text: string, from: number): number | undefined {
  const end = endOfLine(text, from);
  if (end === text.length) return undefined;
  return text.charCodeAt(end) === 13 && text.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
}

/** True for a well-formed content change (a text, and a range of non-negative integers if any). */
export function isContentChange(value: unknown): value is ContentChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as { text?: unknown; range?: unknown };
  if (typeof change.text !== 'string') return false;
  if (change.range === undefined || change.range === null) return true;
  const range = change.range as { start?: unknown; end?: unknown };
  return isPosition(range.start) && isPosition(range.end);
}

function isPosition(value: unknown): value is LspPosition {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as { line?: unknown; character?: unknown };
  return Number.isSafeInteger(p.line) && Number.isSafeInteger(p.character) && (p.line as number) >= 0 && (p.character as number) >= 0;
}
