/** @jest-environment jsdom */
import 'reflect-metadata';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { AutoSave } from '../../../../src/application/settings/auto-save';
import { EditorConfigStore } from '../../../../src/application/settings/editorconfig.store';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { bindEditorSettings } from '../../../../src/ui/settings/editor-settings-binding';

// The binding calls Monaco only to set the page's theme; the editor itself is the fake below.
jest.mock('monaco-editor', () => ({ editor: { defineTheme: jest.fn(), setTheme: jest.fn() } }), { virtual: true });

const noEvent = () => ({ dispose: () => undefined });

/** An editor that records the options it is given (Monaco's `updateOptions`), with no model until `show` gives one. */
function fakeEditor() {
  const options: Array<Record<string, unknown>> = [];
  const modelListeners: Array<() => void> = [];
  let model: unknown = null;
  const editor = {
    updateOptions: (o: Record<string, unknown>) => void options.push(o),
    getModel: () => model,
    onDidChangeModel: (listener: () => void) => {
      modelListeners.push(listener);
      return noEvent();
    },
    onDidChangeModelLanguage: noEvent,
    onDidBlurEditorWidget: noEvent,
  };
  /** Shows a model of that language (not a workspace file: no indentation is looked up). */
  const show = (languageId: string) => {
    model = { getLanguageId: () => languageId, uri: { scheme: 'inmemory', path: '/x' }, isDisposed: () => false };
    for (const listener of modelListeners) listener();
  };
  return { editor: editor as unknown as Parameters<typeof bindEditorSettings>[0], options, show };
}

function settingsStore(saved: Record<string, unknown> = {}): SettingsStore {
  const preferences: PreferencesPort = { read: () => saved, write: () => undefined };
  const themes: ThemeLoaderPort = { load: () => new Promise(() => undefined) };
  return new SettingsStore(preferences, themes);
}

describe('bindEditorSettings', () => {
  const deps = (settings: SettingsStore) => ({
    settings,
    editorConfig: { onDidChange: noEvent, indentationFor: async () => ({}) } as unknown as EditorConfigStore,
    autoSave: { focusChanged: async () => undefined } as unknown as AutoSave,
  });

  it("gives the editor spec 002 §9's defaults at once: font size 14, quick suggestions after 10 ms", () => {
    const { editor, options } = fakeEditor();
    const binding = bindEditorSettings(editor, deps(settingsStore()));
    expect(options[0]).toMatchObject({ fontSize: 14, quickSuggestionsDelay: 10 });
    binding.dispose();
  });

  it('follows a change on the settings page, and stops following once disposed', () => {
    const settings = settingsStore();
    const { editor, options } = fakeEditor();
    const binding = bindEditorSettings(editor, deps(settings));
    settings.update({ quickSuggestionsDelay: 250, fontSize: 16 });
    expect(options.at(-1)).toMatchObject({ fontSize: 16, quickSuggestionsDelay: 250 });
    binding.dispose();
    settings.update({ quickSuggestionsDelay: 40 });
    expect(options.at(-1)).toMatchObject({ quickSuggestionsDelay: 250 });
  });

  it("wraps Markdown (VS Code's [markdown] wordWrap on) and follows the setting for other languages", () => {
    const settings = settingsStore();
    const { editor, options, show } = fakeEditor();
    const binding = bindEditorSettings(editor, deps(settings));
    expect(options.at(-1)).toMatchObject({ wordWrap: 'off' });
    show('markdown');
    expect(options.at(-1)).toMatchObject({ wordWrap: 'on' });
    settings.update({ fontSize: 15 });
    expect(options.at(-1)).toMatchObject({ fontSize: 15, wordWrap: 'on' });
    show('typescript');
    expect(options.at(-1)).toMatchObject({ wordWrap: 'off' });
    settings.update({ wordWrap: 'on' });
    expect(options.at(-1)).toMatchObject({ wordWrap: 'on' });
    binding.dispose();
  });
});
