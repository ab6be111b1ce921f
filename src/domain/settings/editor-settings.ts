import { DomainError, Result, domainError, err, ok } from '../../base/result';

/** The editor settings a user can change (issue 7), with the defaults of spec 002 §9 "Editor defaults". */
export type AutoSave = 'off' | 'onFocusChange' | 'afterDelay';
export type WordWrap = 'off' | 'on';

export interface EditorSettings {
  readonly fontSize: number;
  readonly autoSave: AutoSave;
  /** With autoSave 'afterDelay': how long after the last edit a dirty file is saved, in ms (VS Code's files.autoSaveDelay). */
  readonly autoSaveDelay: number;
  readonly formatOnSave: boolean;
  /** Quick suggestions delay in ms. */
  readonly quickSuggestionsDelay: number;
  readonly tabSize: number;
  readonly insertSpaces: boolean;
  readonly wordWrap: WordWrap;
  readonly minimap: boolean;
  readonly themeId: string;
  /** Fetch the repository's remote now and then, so the branch shows what there is to pull (VS Code's git.autofetch). */
  readonly gitAutofetch: boolean;
  /** Seconds between two autofetches (VS Code's git.autofetchPeriod). */
  readonly gitAutofetchPeriod: number;
  /** A commit with no file chosen commits every change (VS Code's git.enableSmartCommit); off, it is refused. */
  readonly gitSmartCommit: boolean;
}

export const DEFAULT_THEME_ID = 'bullpen-dark';

export const DEFAULT_EDITOR_SETTINGS: EditorSettings = {
  fontSize: 14,
  autoSave: 'onFocusChange',
  autoSaveDelay: 1000,
  formatOnSave: true,
  quickSuggestionsDelay: 10,
  tabSize: 2,
  insertSpaces: true,
  wordWrap: 'off',
  minimap: false,
  themeId: DEFAULT_THEME_ID,
  // spec 002 §9 "Editor defaults": git autofetch and smart commit on; the period is VS Code's default.
  gitAutofetch: true,
  gitAutofetchPeriod: 180,
  gitSmartCommit: true,
};

export const SETTING_LIMITS = {
  fontSize: { min: 6, max: 72 },
  quickSuggestionsDelay: { min: 0, max: 5000 },
  tabSize: { min: 1, max: 16 },
  autoSaveDelay: { min: 100, max: 600_000 },
  gitAutofetchPeriod: { min: 5, max: 86_400 },
} as const;

export type NumericSetting = keyof typeof SETTING_LIMITS;

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
    autoSaveDelay: inRange('autoSaveDelay', s.autoSaveDelay),
    formatOnSave: bool(s.formatOnSave, DEFAULT_EDITOR_SETTINGS.formatOnSave),
    quickSuggestionsDelay: inRange('quickSuggestionsDelay', s.quickSuggestionsDelay),
    tabSize: inRange('tabSize', s.tabSize),
    insertSpaces: bool(s.insertSpaces, DEFAULT_EDITOR_SETTINGS.insertSpaces),
    wordWrap: oneOf(s.wordWrap, ['off', 'on'] as const, DEFAULT_EDITOR_SETTINGS.wordWrap),
    minimap: bool(s.minimap, DEFAULT_EDITOR_SETTINGS.minimap),
    themeId: typeof s.themeId === 'string' && s.themeId.length > 0 ? s.themeId : DEFAULT_THEME_ID,
    gitAutofetch: bool(s.gitAutofetch, DEFAULT_EDITOR_SETTINGS.gitAutofetch),
    gitAutofetchPeriod: inRange('gitAutofetchPeriod', s.gitAutofetchPeriod),
    gitSmartCommit: bool(s.gitSmartCommit, DEFAULT_EDITOR_SETTINGS.gitSmartCommit),
  };
}

/** Applies a change from the settings page, clamped like a stored value. */
export function changeEditorSettings(current: EditorSettings, change: Partial<EditorSettings>): EditorSettings {
  return restoreEditorSettings({ ...current, ...change });
}

/** The names the settings page gives the number settings (its labels, and the subject of its messages). */
export const NUMERIC_SETTING_LABELS: Readonly<Record<NumericSetting, string>> = {
  fontSize: 'Font size',
  tabSize: 'Tab size',
  quickSuggestionsDelay: 'Quick suggestions delay (ms)',
  autoSaveDelay: 'Auto save delay (ms)',
  gitAutofetchPeriod: 'Git autofetch period (s)',
};

/** The unit a number setting is given in, as its messages say it. */
const SETTING_UNITS: Readonly<Record<NumericSetting, string>> = { fontSize: '', tabSize: '', quickSuggestionsDelay: ' ms', autoSaveDelay: ' ms', gitAutofetchPeriod: ' s' };

/** Whether a number setting has an effect with the others as they are (the auto save delay only for 'afterDelay'). */
export function numberSettingApplies(settings: EditorSettings, key: NumericSetting): boolean {
  if (key === 'autoSaveDelay') return settings.autoSave === 'afterDelay';
  if (key === 'gitAutofetchPeriod') return settings.gitAutofetch;
  return true;
}

export type NumberEntryError = DomainError<'not-a-number'>;

/** A number typed into the settings page, as it is applied; `note` says why it differs from what was typed. */
export interface NumberEntry {
  readonly value: number;
  readonly note?: string;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * What a number field of the settings page applies when the user commits it (Enter, or leaving the field): the typed
 * text read as a decimal number, rounded to a whole number and clamped to the setting's limits, with a note when it
 * was; anything else (empty, letters) is refused with a message that gives the limits.
 */
export function readNumberSetting(key: NumericSetting, text: string): Result<NumberEntry, NumberEntryError> {
  const { min, max } = SETTING_LIMITS[key];
  const name = NUMERIC_SETTING_LABELS[key].replace(/ \((ms|s)\)$/, '');
  const unit = SETTING_UNITS[key];
  const trimmed = text.trim();
  if (!DECIMAL.test(trimmed)) return err(domainError('not-a-number', `${name} must be a whole number from ${min} to ${max}${unit}.`));
  const typed = Number(trimmed);
  const value = Math.min(max, Math.max(min, Math.round(typed)));
  if (typed > max) return ok({ value, note: `${name} is at most ${max}${unit}: set to ${value}.` });
  if (typed < min) return ok({ value, note: `${name} is at least ${min}${unit}: set to ${value}.` });
  if (value !== typed) return ok({ value, note: `${name} is a whole number: set to ${value}.` });
  return ok({ value });
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
