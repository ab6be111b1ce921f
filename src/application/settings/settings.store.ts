import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, runInAction } from 'mobx';
import { Result } from '../../base/result';
import {
  DEFAULT_THEME_ID,
  EditorSettings,
  NumberEntry,
  NumberEntryError,
  NumericSetting,
  changeEditorSettings,
  numberSettingApplies,
  readNumberSetting,
  restoreEditorSettings,
} from '../../domain/settings/editor-settings';
import { ThemeDefinition, isKnownTheme, isValidTheme } from '../../domain/settings/themes';
import { PreferencesPort } from '../ports/preferences.port';
import { ThemeLoaderPort } from '../ports/theme-loader.port';

export const SETTINGS_PREFERENCE_KEY = 'bullpen.settings';

/** A number field of the settings page: the text typed and not committed yet, and the message it last got. */
export interface NumberField {
  /** Undefined once committed: the field shows the setting's value. */
  readonly text?: string;
  readonly message?: { readonly text: string; readonly invalid: boolean };
}

/**
 * The user's editor settings and colour theme, saved per user (local storage until accounts exist). A theme that
 * fails to load or is malformed falls back silently to the default (issue 7); `theme` is undefined until a theme has
 * loaded, when the stylesheet's own colours (Bullpen Dark) show.
 */
@injectable()
export class SettingsStore {
  settings: EditorSettings;
  theme: ThemeDefinition | undefined = undefined;
  /** The settings page is showing. */
  pageOpen = false;
  /** The settings page's number fields being typed into or with a message (a field is typed freely, then committed). */
  numberFields: Readonly<Partial<Record<NumericSetting, NumberField>>> = {};
  private themeRequest = 0;

  constructor(
    @inject(PreferencesPort) private readonly preferences: PreferencesPort,
    @inject(ThemeLoaderPort) private readonly themes: ThemeLoaderPort,
  ) {
    this.settings = restoreEditorSettings(preferences.read(SETTINGS_PREFERENCE_KEY));
    makeObservable(this, {
      settings: observable.ref,
      theme: observable.ref,
      pageOpen: observable,
      numberFields: observable.ref,
      update: action,
      openPage: action,
      closePage: action,
      typeNumber: action,
      commitNumber: action,
    });
  }

  openPage(): void {
    this.numberFields = {};
    this.pageOpen = true;
  }

  /** Closing the page commits what is typed in its number fields (what is invalid is dropped). */
  closePage(): void {
    for (const key of Object.keys(this.numberFields) as NumericSetting[]) this.commitNumber(key);
    this.numberFields = {};
    this.pageOpen = false;
  }

  /** The text a number field shows: what is being typed, else the setting's value. */
  numberText(key: NumericSetting): string {
    return this.numberFields[key]?.text ?? String(this.settings[key]);
  }

  /** Whether a number setting has an effect now (its field is disabled when not). */
  applies(key: NumericSetting): boolean {
    return numberSettingApplies(this.settings, key);
  }

  /** A keystroke in a number field: the text is kept as typed; nothing applies until it is committed. */
  typeNumber(key: NumericSetting, text: string): void {
    this.numberFields = { ...this.numberFields, [key]: { text } };
  }

  /**
   * Enter in a number field, or leaving it: the typed text is applied, rounded and clamped to the setting's limits
   * (with a note saying so); text that is no number is kept, with a message, and the setting keeps its value.
   */
  commitNumber(key: NumericSetting): Result<NumberEntry, NumberEntryError> | undefined {
    const text = this.numberFields[key]?.text;
    if (text === undefined) return undefined;
    const entry = readNumberSetting(key, text);
    if (!entry.ok) {
      this.numberFields = { ...this.numberFields, [key]: { text, message: { text: entry.error.message, invalid: true } } };
      return entry;
    }
    const { [key]: _committed, ...others } = this.numberFields;
    this.numberFields = entry.value.note ? { ...others, [key]: { message: { text: entry.value.note, invalid: false } } } : others;
    this.update({ [key]: entry.value.value });
    return entry;
  }

  update(change: Partial<EditorSettings>): void {
    this.settings = changeEditorSettings(this.settings, change);
    this.preferences.write(SETTINGS_PREFERENCE_KEY, this.settings);
    if (change.themeId !== undefined) void this.loadTheme();
  }

  /** Shows a theme without saving it (the picker's preview while the user moves through the list). */
  preview(themeId: string): Promise<void> {
    return this.loadTheme(themeId);
  }

  /** Loads the saved theme (or `themeId`); on any failure the default theme, and if even that fails, none. */
  async loadTheme(themeId = this.settings.themeId): Promise<void> {
    const request = ++this.themeRequest;
    const wanted = isKnownTheme(themeId) ? themeId : DEFAULT_THEME_ID;
    const theme = (await this.tryLoad(wanted)) ?? (wanted === DEFAULT_THEME_ID ? undefined : await this.tryLoad(DEFAULT_THEME_ID));
    if (request !== this.themeRequest) return;
    runInAction(() => (this.theme = theme));
  }

  private async tryLoad(id: string): Promise<ThemeDefinition | undefined> {
    try {
      const loaded = await this.themes.load(id);
      return isValidTheme(loaded, id) ? loaded : undefined;
    } catch {
      return undefined;
    }
  }
}
