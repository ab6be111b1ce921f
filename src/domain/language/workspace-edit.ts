import { Result, err, ok } from '../../base/result';
import { TextOperation } from '../ot/text-operation';
import { LspTextEdit, LspWorkspaceEdit } from './lsp-types';
import { offsetAt } from './text-document-changes';

/** The text edits of a WorkspaceEdit by document URI (`documentChanges` when present, else `changes`). */
export type TextEditsByUri = ReadonlyMap<string, readonly LspTextEdit[]>;

export type WorkspaceEditError = 'resource operations are not supported';

/**
 * Collects a WorkspaceEdit's text edits per document. Resource operations (creating, renaming or deleting files)
 * are refused as a whole: applying only the text part of such an edit would leave the workspace half changed.
 */
export function textEditsByUri(edit: LspWorkspaceEdit): Result<TextEditsByUri, WorkspaceEditError> {
  const byUri = new Map<string, LspTextEdit[]>();
  if (edit.documentChanges) {
    for (const change of edit.documentChanges) {
      if ('kind' in change) return err('resource operations are not supported');
      byUri.set(change.textDocument.uri, [...(byUri.get(change.textDocument.uri) ?? []), ...change.edits]);
    }
    return ok(byUri);
  }
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) byUri.set(uri, [...(byUri.get(uri) ?? []), ...edits]);
  return ok(byUri);
}

/**
 * One text operation doing what a list of LSP text edits does to `text`. The edits' ranges all refer to the text
 * before any of them (LSP), must not overlap, and edits at the same position apply in their order.
 */
export function operationOfTextEdits(text: string, edits: readonly LspTextEdit[]): Result<TextOperation, 'overlapping edits'> {
  const spans = edits
    .map((e, index) => {
      const start = offsetAt(text, e.range.start);
      return { start, end: Math.max(start, offsetAt(text, e.range.end)), text: e.newText, index };
    })
    .sort((a, b) => a.start - b.start || a.index - b.index);
  const op = new TextOperation();
  let at = 0;
  for (const span of spans) {
    if (span.start < at) return err('overlapping edits');
    op.retain(span.start - at).delete(span.end - span.start).insert(span.text);
    at = span.end;
  }
  return ok(op.retain(text.length - at));
}
