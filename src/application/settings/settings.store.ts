import { inject, injectable } from 'inversify';
import { action, makeObservable, observable, runInAction } from 'mobx';
import { DEFAULT_THEME_ID, EditorSettings, changeEditorSettings, restoreEditorSettings } from '../../domain/settings/editor-settings';
import { ThemeDefinition, isKnownTheme, isValidTheme } from '../../domain/settings/themes';
import { PreferencesPort } from '../ports/preferences.port';
import { ThemeLoaderPort } from '../ports/theme-loader.port';

export const SETTINGS_PREFERENCE_KEY = 'bullpen.settings';

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
  private themeRequest = 0;

  constructor(
    @inject(PreferencesPort) private readonly preferences: PreferencesPort,
    @inject(ThemeLoaderPort) private readonly themes: ThemeLoaderPort,
  ) {
    this.settings = restoreEditorSettings(preferences.read(SETTINGS_PREFERENCE_KEY));
    makeObservable(this, { settings: observable.ref, theme: observable.ref, pageOpen: observable, update: action, openPage: action, closePage: action });
  }

  openPage(): void {
    this.pageOpen = true;
  }

  closePage(): void {
    this.pageOpen = false;
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
