import type * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { EditorStatusStore } from '../../application/editor/editor-status.store';
import { Disposable } from '../../base/lifecycle';
import { whenIdle } from '../when-idle';

const SELECTION_THROTTLE_MS = 50;
/** A cursor move reaches the status bar once the frame that shows it is done, at the latest this much later. */
const STATUS_LATEST_MS = 100;

/** The status bar's cursor, language and indentation, from this editor (the focused group's), at once and on change. */
export function reportEditorStatus(editor: monaco.editor.ICodeEditor, status: EditorStatusStore): Disposable {
  const report = () => {
    const model = editor.getModel();
    const selection = editor.getSelection();
    if (!model || !selection) return status.clear();
    const options = model.getOptions();
    status.report({
      line: selection.positionLineNumber,
      column: selection.positionColumn,
      languageId: model.getLanguageId(),
      insertSpaces: options.insertSpaces,
      indentSize: options.indentSize,
      selected: model.getValueLengthInRange(selection),
    });
  };
  let cancelPending: (() => void) | undefined;
  const later = () => {
    cancelPending ??= whenIdle(() => {
      cancelPending = undefined;
      report();
    }, STATUS_LATEST_MS);
  };
  const subs = [editor.onDidChangeCursorSelection(later), editor.onDidChangeModel(report), editor.onDidChangeModelOptions(report), editor.onDidChangeModelLanguage(report)];
  report();
  return {
    dispose: () => {
      subs.forEach((s) => s.dispose());
      cancelPending?.();
    },
  };
}

/** This client's selections in the shown document go to collaborators (at most every 50 ms). */
export function sendSelections(editor: monaco.editor.ICodeEditor, shown: () => { session: DocumentSession; model: monaco.editor.ITextModel } | undefined): Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const sub = editor.onDidChangeCursorSelection(() => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      const model = editor.getModel();
      const current = shown();
      if (!model || !current || current.model !== model) return;
      const selections = (editor.getSelections() ?? []).map((s) => ({
        anchor: model.getOffsetAt({ lineNumber: s.selectionStartLineNumber, column: s.selectionStartColumn }),
        head: model.getOffsetAt(s.getPosition()),
      }));
      current.session.sendSelection(selections);
    }, SELECTION_THROTTLE_MS);
  });
  return {
    dispose: () => {
      sub.dispose();
      if (timer) clearTimeout(timer);
    },
  };
}
