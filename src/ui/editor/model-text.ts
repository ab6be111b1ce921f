import type * as monaco from 'monaco-editor';
import { DocumentSession } from '../../application/editor/document-session';
import { LocalText } from '../../application/editor/local-text';
import { Disposable, DisposableStore } from '../../base/lifecycle';
import { diffToOperation } from '../../domain/ot/text-diff';
import { TextOperation } from '../../domain/ot/text-operation';
import { editsFromOperation, operationFromChanges } from './monaco-operations';

/**
 * Makes a Monaco model the home of a document session's text: the model's changes become operations (O(change)),
 * the session's operations become model edits (O(edit)). The model must hold the session's content. Needs only a
 * model and Monaco's Range (no DOM), so the keystroke benchmark runs this very code against Monaco's text model.
 */
export function bindModelText(model: monaco.editor.ITextModel, session: DocumentSession, Range: typeof monaco.Range, content: string): Disposable {
  const store = new DisposableStore();
  let applying = false;
  const view: LocalText = {
    get length() {
      return model.getValueLength();
    },
    getText: () => model.getValue(),
    apply: (op: TextOperation) => {
      applying = true;
      try {
        model.applyEdits(editsFromOperation(model, op, Range));
      } finally {
        applying = false;
      }
    },
  };
  const normalized = model.getValue();
  store.add(session.attachView(view));
  store.add(
    model.onDidChangeContent((event) => {
      if (applying) return;
      let inserted = 0;
      let removed = 0;
      for (const change of event.changes) {
        inserted += change.text.length;
        removed += change.rangeLength;
      }
      session.applyLocal(operationFromChanges(event.changes, model.getValueLength() - inserted + removed));
    }),
  );
  // Monaco keeps one line-ending style: a file with mixed line endings changes when it is loaded; that is an edit.
  if (normalized !== content) session.applyLocal(diffToOperation(content, normalized));
  return store;
}
