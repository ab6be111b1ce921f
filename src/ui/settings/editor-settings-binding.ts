import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { AutoSave } from '../../application/settings/auto-save';
import { EditorConfigStore } from '../../application/settings/editorconfig.store';
import { SettingsStore } from '../../application/settings/settings.store';
import { Disposable } from '../../base/lifecycle';
import { bindMonacoTheme } from './monaco-theme';

export interface EditorSettingsDeps {
  readonly settings: SettingsStore;
  readonly editorConfig: EditorConfigStore;
  readonly autoSave: AutoSave;
}

/** The workspace path of a document model (ModelBinding names them file:///<path>); undefined for other models. */
const workspacePathOf = (model: monaco.editor.ITextModel): string | undefined =>
  model.uri.scheme === 'file' ? model.uri.path.replace(/^\/+/, '') : undefined;

/**
 * Keeps the Monaco editor in line with the user's settings (font, suggestions delay, word wrap, minimap, theme), gives
 * each file its indentation (.editorconfig first, else the settings) and saves on focus change (spec 002 §9).
 */
export function bindEditorSettings(editor: monaco.editor.IStandaloneCodeEditor, deps: EditorSettingsDeps): Disposable {
  const { settings, editorConfig, autoSave } = deps;
  const stopOptions = reaction(
    () => settings.settings,
    (s) => editor.updateOptions({ fontSize: s.fontSize, quickSuggestionsDelay: s.quickSuggestionsDelay, wordWrap: s.wordWrap, minimap: { enabled: s.minimap } }),
    { fireImmediately: true },
  );
  const theme = bindMonacoTheme(settings);
  let indentRequest = 0;
  const applyIndentation = () => {
    const model = editor.getModel();
    const path = model && workspacePathOf(model);
    if (!model || !path) return;
    const request = ++indentRequest;
    const fallback = { tabSize: settings.settings.tabSize, indentSize: settings.settings.tabSize, insertSpaces: settings.settings.insertSpaces };
    editorConfig.indentationFor(path).then(
      (config) => {
        if (request !== indentRequest || model.isDisposed()) return;
        model.updateOptions({
          tabSize: config.tabSize ?? fallback.tabSize,
          indentSize: config.indentSize ?? fallback.indentSize,
          insertSpaces: config.insertSpaces ?? fallback.insertSpaces,
          trimAutoWhitespace: config.trimTrailingWhitespace ?? true,
        });
      },
      () => undefined,
    );
  };
  const modelSub = editor.onDidChangeModel(applyIndentation);
  const configSub = editorConfig.onDidChange(applyIndentation);
  const stopIndentSettings = reaction(() => [settings.settings.tabSize, settings.settings.insertSpaces], applyIndentation, { fireImmediately: true });
  const saveOnBlur = () => void autoSave.focusChanged();
  const blurSub = editor.onDidBlurEditorWidget(saveOnBlur);
  window.addEventListener('blur', saveOnBlur);
  return {
    dispose: () => {
      stopOptions();
      theme.dispose();
      stopIndentSettings();
      modelSub.dispose();
      configSub.dispose();
      blurSub.dispose();
      window.removeEventListener('blur', saveOnBlur);
    },
  };
}
