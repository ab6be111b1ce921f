import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { AutoSave } from '../../application/settings/auto-save';
import { EditorConfigStore } from '../../application/settings/editorconfig.store';
import { SettingsStore } from '../../application/settings/settings.store';
import { Disposable } from '../../base/lifecycle';
import { wordWrapFor } from '../../domain/settings/language-word-wrap';
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
 * each file its indentation (.editorconfig first, else the settings) and saves on focus change (spec 002 §9). Word
 * wrap follows the shown document's language too (Markdown wraps: language-word-wrap.ts).
 */
export function bindEditorSettings(editor: monaco.editor.IStandaloneCodeEditor, deps: EditorSettingsDeps): Disposable {
  const { settings, editorConfig, autoSave } = deps;
  const applyOptions = () => {
    const s = settings.settings;
    const wordWrap = wordWrapFor(s.wordWrap, editor.getModel()?.getLanguageId());
    editor.updateOptions({ fontSize: s.fontSize, quickSuggestionsDelay: s.quickSuggestionsDelay, wordWrap, minimap: { enabled: s.minimap } });
  };
  const stopOptions = reaction(() => settings.settings, applyOptions, { fireImmediately: true });
  const wrapModelSub = editor.onDidChangeModel(applyOptions);
  const wrapLanguageSub = editor.onDidChangeModelLanguage(applyOptions);
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
      wrapModelSub.dispose();
      wrapLanguageSub.dispose();
      theme.dispose();
      stopIndentSettings();
      modelSub.dispose();
      configSub.dispose();
      blurSub.dispose();
      window.removeEventListener('blur', saveOnBlur);
    },
  };
}
