/** The editor settings a user can change (issue 7), with the defaults of spec 002 §9 "Editor defaults". */
export type AutoSave = 'off' | 'onFocusChange' | 'afterDelay';
export type WordWrap = 'off' | 'on';

export interface EditorSettings {
  readonly fontSize: number;
  readonly autoSave: AutoSave;
  readonly formatOnSave: boolean;
  /** Quick suggestions delay in ms. */
  readonly quickSuggestionsDelay: number;
  readonly tabSize: number;
  readonly insertSpaces: boolean;
  readonly wordWrap: WordWrap;
  readonly minimap: boolean;
  readonly themeId: string;
}

export const DEFAULT_THEME_ID = 'bullpen-dark';

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  fontSize: 14,
  autoSave: 'onFocusChange',
  formatOnSave: true,
  quickSuggestionsDelay: 10,
  tabSize: 2,
  insertSpaces: true,
  wordWrap: 'off',
  minimap: false,
  themeId: DEFAULT_THEME_ID,
};

export const SETTING_LIMITS = {
  fontSize: { min: 6, max: 72 },
  quickSuggestionsDelay: { min: 0, max: 5000 },
  tabSize: { min: 1, max: 16 },
} as const;

type NumericSetting = keyof typeof SETTING_LIMITS;

const inRange = (key: NumericSetting, value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(Math.min(SETTING_LIMITS[key].max, Math.max(SETTING_LIMITS[key].min, value))) : DEFAULT_EDITOR_SETTINGS[key];

/** Settings as stored (any shape): each field checked, anything odd replaced by its default. */
export function restoreEditorSettings(stored: unknown): EditorSettings {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
  const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  return {
    fontSize: inRange('fontSize', s.fontSize),
    autoSave: oneOf(s.autoSave, ['off', 'onFocusChange', 'afterDelay'] as const, DEFAULT_EDITOR_SETTINGS.autoSave),
    formatOnSave: bool(s.formatOnSave, DEFAULT_EDITOR_SETTINGS.formatOnSave),
    quickSuggestionsDelay: inRange('quickSuggestionsDelay', s.quickSuggestionsDelay),
    tabSize: inRange('tabSize', s.tabSize),
    insertSpaces: bool(s.insertSpaces, DEFAULT_EDITOR_SETTINGS.insertSpaces),
    wordWrap: oneOf(s.wordWrap, ['off', 'on'] as const, DEFAULT_EDITOR_SETTINGS.wordWrap),
    minimap: bool(s.minimap, DEFAULT_EDITOR_SETTINGS.minimap),
    themeId: typeof s.themeId === 'string' && s.themeId.length > 0 ? s.themeId : DEFAULT_THEME_ID,
  };
}

/** Applies a change from the settings page, clamped like a stored value. */
export function changeEditorSettings(current: EditorSettings, change: Partial<EditorSettings>): EditorSettings {
  return restoreEditorSettings({ ...current, ...change });
}

/** Languages Bullpen formats with Prettier on save (issue 7). */
export type FormatLanguage = 'typescript' | 'javascript' | 'css' | 'scss' | 'less' | 'html' | 'json' | 'markdown';

const FORMAT_EXTENSIONS: ReadonlyArray<[RegExp, FormatLanguage]> = [
  [/\.(ts|tsx|mts|cts)$/i, 'typescript'],
  [/\.(js|jsx|mjs|cjs)$/i, 'javascript'],
  [/\.css$/i, 'css'],
  [/\.scss$/i, 'scss'],
  [/\.less$/i, 'less'],
  [/\.html?$/i, 'html'],
  [/\.(json|jsonc)$/i, 'json'],
  [/\.(md|markdown)$/i, 'markdown'],
];

export function formatLanguageOf(path: string): FormatLanguage | undefined {
  return FORMAT_EXTENSIONS.find(([pattern]) => pattern.test(path))?.[1];
}
