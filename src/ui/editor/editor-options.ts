import type * as monaco from 'monaco-editor';

/**
 * Spec 002 §9 editor defaults, for every editor of the workbench. No `theme`: in Monaco that would switch every
 * editor on the page; the user's theme is applied by bindEditorSettings (monaco-theme.ts). Plain data, so the typing
 * benchmark gives Monaco alone exactly these (bench/first-load.bench.ts).
 */
export const EDITOR_OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  fontSize: 14,
  quickSuggestionsDelay: 10,
  minimap: { enabled: false },
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
};
