import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import * as monaco from 'monaco-editor';
import { restoreMonacoHoverFactory } from '../editor/monaco-hover-factory';
import { useEffect, useRef } from 'react';
import { DiffTabsStore } from '../../application/git/diff-tabs.store';
import { EditorStore } from '../../application/editor/editor.store';
import { languageOf } from '../../domain/editor/language-of';
import { useService } from '../di/container-context';
import { installMonacoEnvironment } from '../editor/monaco-environment';
import { SettingsStore } from '../../application/settings/settings.store';
import { bindMonacoTheme } from '../settings/monaco-theme';

installMonacoEnvironment();

/** Models this view owns (the HEAD side, and the working side of a file no editor has open). */
const DIFF_SCHEME = 'bullpen-diff';

const fileUri = (path: string) => monaco.Uri.from({ scheme: 'file', path: `/${path}` });
const diffUri = (side: 'HEAD' | 'working', path: string) => monaco.Uri.from({ scheme: DIFF_SCHEME, path: `/${side}/${path}` });

/**
 * The active diff tab: Monaco's diff editor, HEAD on the left, the working version on the right. When the file is
 * open in the editor, the right side is that very model: it follows collaborators' edits, and typing there edits the
 * document (through its binding, as one more operation). Otherwise the right side is the file's content, read-only.
 * Loaded with Monaco, on demand (ADR 0012).
 */
export const DiffView = observer(function DiffView() {
  const diffs = useService(DiffTabsStore);
  const editor = useService(EditorStore);
  const settings = useService(SettingsStore);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // No `theme` option: in Monaco it would switch every editor on the page (bindMonacoTheme keeps the user's theme).
    const diffEditor = monaco.editor.createDiffEditor(host.current!, {
      automaticLayout: true,
      fontSize: settings.settings.fontSize,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fixedOverflowWidgets: true,
      originalEditable: false,
      renderSideBySide: true,
    });
    const theme = bindMonacoTheme(settings);
    const stopFont = reaction(
      () => settings.settings.fontSize,
      (fontSize) => diffEditor.updateOptions({ fontSize }),
    );
    let owned: monaco.editor.ITextModel[] = [];
    let liveWatch: monaco.IDisposable | undefined;
    const snapshot = (uri: monaco.Uri, text: string, language: string, keep: monaco.editor.ITextModel[]) => {
      let model = monaco.editor.getModel(uri);
      if (!model) model = monaco.editor.createModel(text, language, uri);
      else if (model.getValue() !== text) model.setValue(text);
      keep.push(model);
      return model;
    };
    const setModels = (original: monaco.editor.ITextModel, modified: monaco.editor.ITextModel, editable: boolean, keep: monaco.editor.ITextModel[]) => {
      diffEditor.setModel({ original, modified });
      diffEditor.updateOptions({ readOnly: !editable });
      for (const model of owned) if (!keep.includes(model)) model.dispose();
      owned = keep;
    };
    const show = () => {
      liveWatch?.dispose();
      liveWatch = undefined;
      const tab = diffs.active;
      const sides = tab ? diffs.sidesOf(tab.path) : undefined;
      if (!tab || sides?.kind !== 'READY') return;
      const language = languageOf(tab.path);
      const keep: monaco.editor.ITextModel[] = [];
      const original = snapshot(diffUri('HEAD', tab.path), sides.original, language, keep);
      const live = sides.modified.kind === 'document' ? monaco.editor.getModel(fileUri(tab.path)) : null;
      if (!live) return setModels(original, snapshot(diffUri('working', tab.path), sides.modified.text, language, keep), false, keep);
      setModels(original, live, editor.canEdit, keep);
      // The file's tab closed: its model goes, the diff keeps its last text.
      liveWatch = live.onWillDispose(() => {
        liveWatch = undefined;
        const keepNow = [original];
        setModels(original, snapshot(diffUri('working', tab.path), live.getValue(), language, keepNow), false, keepNow);
      });
    };
    const stop = reaction(
      () => {
        const tab = diffs.active;
        return [tab, tab && diffs.sidesOf(tab.path), editor.canEdit] as const;
      },
      show,
      { fireImmediately: true },
    );
    return () => {
      stop();
      stopFont();
      theme.dispose();
      liveWatch?.dispose();
      diffEditor.setModel(null);
      diffEditor.dispose();
      restoreMonacoHoverFactory();
      for (const model of owned) model.dispose();
    };
  }, [diffs, editor, settings]);

  const tab = diffs.active;
  const sides = tab ? diffs.sidesOf(tab.path) : undefined;
  return (
    <div className="bp-diff-view" data-testid="diff-view" data-path={tab?.path} aria-label={tab ? `Changes in ${tab.path}` : undefined} role="region">
      <div className="bp-diff-header">
        <span>{tab?.path}</span>
        <span>HEAD ↔ Working Tree</span>
      </div>
      <div className="bp-diff-editor">
        <div className="bp-monaco" ref={host} />
        {sides?.kind === 'LOADING' && <div className="bp-diff-note">Loading the changes…</div>}
        {sides?.kind === 'FAILED' && (
          <div className="bp-diff-note bp-error-text" role="alert">
            {sides.message}
          </div>
        )}
      </div>
    </div>
  );
});
