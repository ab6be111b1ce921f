import * as monaco from 'monaco-editor';
import { Disposable } from '../../base/lifecycle';
import { WordSuggestions, wordSuggestionsFor } from '../../domain/editor/word-suggestions';

/** The value last given to Monaco: in its standalone build the option is one for all editors of the page. */
let applied: WordSuggestions | undefined;

/**
 * Keeps Monaco's word-based suggestions in line with the document typed in (domain/editor/word-suggestions). Monaco
 * reads the one page-wide value when suggestions are asked for, which happens only in the editor that has the
 * keyboard, so that editor sets it: when it takes the keyboard, when it shows another model and when its document's
 * length crosses the limit (O(1) per change: the other documents are counted when it takes the keyboard).
 */
export function bindWordSuggestions(editor: monaco.editor.ICodeEditor): Disposable {
  let othersLength = 0;
  const apply = (length: number) => {
    const value = wordSuggestionsFor(length, length + othersLength);
    if (value === applied) return;
    applied = value;
    // A setting of Monaco's configuration schema ('editor.wordBasedSuggestions'), not of IEditorOptions' type; the
    // standalone editor's updateOptions passes every such key on to the configuration its suggestions read.
    editor.updateOptions({ wordBasedSuggestions: value } as monaco.editor.IEditorOptions);
  };
  const takeKeyboard = () => {
    const model = editor.getModel();
    if (!model) return;
    const language = model.getLanguageId();
    othersLength = 0;
    for (const other of monaco.editor.getModels()) {
      if (other !== model && other.getLanguageId() === language) othersLength += other.getValueLength();
    }
    apply(model.getValueLength());
  };
  const subscriptions = [
    editor.onDidFocusEditorText(takeKeyboard),
    editor.onDidChangeModel(() => {
      if (editor.hasTextFocus()) takeKeyboard();
    }),
    editor.onDidChangeModelContent(() => {
      const model = editor.getModel();
      if (model && editor.hasTextFocus()) apply(model.getValueLength());
    }),
  ];
  if (editor.hasTextFocus()) takeKeyboard();
  return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
}
