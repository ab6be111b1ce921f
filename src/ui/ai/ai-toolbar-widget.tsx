import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { AiToolbarStore } from '../../application/ai/ai-toolbar.store';
import { Disposable } from '../../base/lifecycle';
import './ai-toolbar.css';

/**
 * The floating AI toolbar as a Monaco content widget above the selection (spec 002 §2): it shows 1 s after a
 * selection settles, hides on scroll; its buttons go through the AI port, which says when no provider is configured.
 */
export function installAiToolbar(editor: monaco.editor.IStandaloneCodeEditor, store: AiToolbarStore, activePath: () => string | undefined): Disposable {
  const node = document.createElement('div');
  node.className = 'bp-ai-toolbar';
  node.setAttribute('role', 'toolbar');
  node.setAttribute('aria-label', 'AI actions');
  node.dataset.testid = 'ai-toolbar';
  for (const [action, label] of [['explain', 'Explain'], ['edit', 'Edit with AI']] as const) {
    const button = document.createElement('button');
    button.textContent = label;
    button.dataset.action = action;
    button.title = store.configured ? label : 'No AI provider is configured';
    button.addEventListener('mousedown', (e) => e.preventDefault()); // keep the editor's selection
    button.addEventListener('click', () => void store.run(action));
    node.appendChild(button);
  }
  let position: monaco.IPosition | null = null;
  const widget: monaco.editor.IContentWidget = {
    getId: () => 'bullpen.aiToolbar',
    getDomNode: () => node,
    getPosition: () =>
      position && {
        position,
        preference: [monaco.editor.ContentWidgetPositionPreference.ABOVE, monaco.editor.ContentWidgetPositionPreference.BELOW],
      },
  };
  let added = false;
  const stop = reaction(
    () => store.state.kind === 'SHOWN',
    (shown) => {
      if (shown && !added) {
        editor.addContentWidget(widget);
        added = true;
      } else if (!shown && added) {
        editor.removeContentWidget(widget);
        added = false;
      }
    },
  );
  const selectionSub = editor.onDidChangeCursorSelection(() => {
    const model = editor.getModel();
    const selection = editor.getSelection();
    const path = activePath();
    if (!model || !selection || !path || selection.isEmpty()) return store.selectionChanged(undefined);
    position = selection.getStartPosition();
    store.selectionChanged({ path, selectedText: model.getValueInRange(selection) });
  });
  const scrollSub = editor.onDidScrollChange((e) => {
    if (e.scrollTopChanged || e.scrollLeftChanged) store.scrolled();
  });
  return {
    dispose: () => {
      stop();
      selectionSub.dispose();
      scrollSub.dispose();
      if (added) editor.removeContentWidget(widget);
    },
  };
}
