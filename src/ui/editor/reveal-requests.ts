import { reaction } from 'mobx';
import type * as monaco from 'monaco-editor';
import { EditorNavigationStore } from '../../application/editor/editor-navigation.store';
import { EditorStore } from '../../application/editor/editor.store';
import { Disposable } from '../../base/lifecycle';

/**
 * Honours the navigation store's reveal requests (a search result, a problem, a definition): once the editor shows
 * the requested file, its range is selected, scrolled into the middle of the view and the editor takes focus.
 */
export function honourRevealRequests(editor: monaco.editor.IStandaloneCodeEditor, editorStore: EditorStore, navigation: EditorNavigationStore): Disposable {
  const apply = () => {
    const request = navigation.request;
    const model = editor.getModel();
    const session = editorStore.active;
    if (!request || !model || session?.fileId !== request.fileId || model.uri.path !== `/${session.path}`) return;
    editor.setSelection(request.range);
    editor.revealRangeInCenterIfOutsideViewport(request.range);
    editor.focus();
    navigation.done(request.id);
  };
  const stop = reaction(() => navigation.request, apply);
  const modelChanged = editor.onDidChangeModel(apply);
  apply();
  return { dispose: () => (stop(), modelChanged.dispose()) };
}
