import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { createRoot } from 'react-dom/client';
import { AiToolbarStore } from '../../application/ai/ai-toolbar.store';
import { Disposable } from '../../base/lifecycle';
import { AiToolbar } from './ai-toolbar';
import './ai-toolbar.css';

/**
 * The floating AI toolbar as a Monaco content widget above the selection (spec 002 §2): it shows 1 s after a
 * selection settles, hides on scroll; its buttons (ai-toolbar.tsx) go through the AI port, which says when no
 * provider is configured. Alt+F10 ('AI: Focus Toolbar') moves the keyboard into it; Escape or a button gives it back.
 */
export function installAiToolbar(editor: monaco.editor.IStandaloneCodeEditor, store: AiToolbarStore, activePath: () => string | undefined): Disposable {
  const node = document.createElement('div');
  node.className = 'bp-ai-toolbar';
  node.dataset.testid = 'ai-toolbar';
  const root = createRoot(node);
  root.render(<AiToolbar store={store} onLeave={() => editor.focus()} />);
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
    () => store.isShown,
    (shown) => {
      if (shown && !added) {
        editor.addContentWidget(widget);
        added = true;
      } else if (!shown && added) {
        // The keyboard was in the toolbar (a scroll while it had the focus): back to the editor.
        const hadFocus = node.contains(document.activeElement);
        editor.removeContentWidget(widget);
        added = false;
        if (hadFocus) editor.focus();
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
      // Not during React's own render or commit (this runs from an effect's clean-up).
      setTimeout(() => root.unmount());
    },
  };
}
