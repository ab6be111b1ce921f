import { ContentChange, LspPosition, LspRange } from './text-document-changes';

/**
 * Editors count lines and columns from 1 (Monaco's IPosition / IRange); LSP counts lines and characters from 0.
 * Both count UTF-16 code units, so the conversion is a shift by one.
 */
export interface EditorPosition {
  readonly lineNumber: number;
  readonly column: number;
}

export interface EditorRange {
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

export const toEditorPosition = (p: LspPosition): EditorPosition => ({ lineNumber: p.line + 1, column: p.character + 1 });

export const toLspPosition = (p: EditorPosition): LspPosition => ({ line: p.lineNumber - 1, character: p.column - 1 });

export const toEditorRange = (r: LspRange): EditorRange => ({
  startLineNumber: r.start.line + 1,
  startColumn: r.start.character + 1,
  endLineNumber: r.end.line + 1,
  endColumn: r.end.character + 1,
});

export const toLspRange = (r: EditorRange): LspRange => ({
  start: { line: r.startLineNumber - 1, character: r.startColumn - 1 },
  end: { line: r.endLineNumber - 1, character: r.endColumn - 1 },
});

/**
 * An editor's content changes as LSP incremental changes (textDocument/didChange). The editor reports the changes of
 * one edit in original-document coordinates, last in the document first, so they apply one after the other.
 */
export function toContentChanges(changes: readonly { readonly range: EditorRange; readonly text: string }[]): ContentChange[] {
  return changes.map((c) => ({ range: toLspRange(c.range), text: c.text }));
}
