import { reaction } from 'mobx';
import type * as monaco from 'monaco-editor';
import { FollowStore } from '../../application/presence/follow.store';
import { Disposable } from '../../base/lifecycle';
import { focusOf } from '../../domain/presence/focus';

/** The workspace path of a document's model (ModelBinding names them file:///<path>); undefined for other models. */
const pathOf = (model: monaco.editor.ITextModel): string | undefined => (model.uri.scheme === 'file' ? model.uri.path.replace(/^\//, '') : undefined);

/**
 * Following in the Monaco editor (spec 002 §4): reports the file, the visible lines and the cursor line to
 * FollowStore whenever one of them changes (it tells the followers), and scrolls to the followed client's visible
 * lines when its file is the one shown.
 */
export function bindFollowing(editor: monaco.editor.ICodeEditor, follow: FollowStore): Disposable {
  const report = () => {
    const model = editor.getModel();
    const path = model ? pathOf(model) : undefined;
    if (path === undefined) return follow.reportFocus(undefined);
    const visible = editor.getVisibleRanges()[0];
    const line = editor.getPosition()?.lineNumber ?? 1;
    follow.reportFocus(focusOf(path, { start: visible?.startLineNumber ?? line, end: visible?.endLineNumber ?? line }, line));
  };
  const reveal = () => {
    const focus = follow.followedFocus;
    const model = editor.getModel();
    if (!focus || !model || pathOf(model) !== focus.filepath) return;
    const start = Math.min(focus.visibleLines.start, model.getLineCount());
    editor.setScrollTop(editor.getTopForLineNumber(start));
  };
  let disposed = false;
  const subscriptions = [
    // After the model change's own work: a view state restored with the model would undo the scroll.
    editor.onDidChangeModel(() =>
      queueMicrotask(() => {
        if (disposed) return;
        reveal();
        report();
      }),
    ),
    editor.onDidScrollChange(report),
    editor.onDidChangeCursorPosition(report),
    editor.onDidLayoutChange(report),
  ];
  const stopRevealing = reaction(() => follow.followedFocus, reveal);
  report(); // bound to the focused editor group's editor: its file is this client's focus from now on
  reveal();
  return {
    dispose: () => {
      disposed = true;
      stopRevealing();
      for (const s of subscriptions) s.dispose();
    },
  };
}
