import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { SettingsStore } from '../../application/settings/settings.store';
import { Disposable } from '../../base/lifecycle';
import { monacoWidgetColors } from '../../domain/settings/monaco-widget-colors';
import { ThemeDefinition } from '../../domain/settings/themes';
import { workbenchPalette } from '../../domain/settings/workbench-palette';

/** Monaco's theme while no theme has loaded: the dark one the stylesheet's own colours go with. */
const FALLBACK_THEME = 'vs-dark';

function defineMonacoTheme(theme: ThemeDefinition): void {
  monaco.editor.defineTheme(theme.id, {
    base: theme.kind === 'dark' ? 'vs-dark' : 'vs',
    inherit: true,
    rules: theme.tokens.map((t) => ({ token: t.token, foreground: t.foreground.replace('#', ''), fontStyle: t.fontStyle })),
    colors: { ...monacoWidgetColors(workbenchPalette(theme)), ...theme.editor },
  });
}

/**
 * Keeps Monaco in the user's theme. Monaco has one theme for the whole page: `monaco.editor.setTheme`, and a `theme`
 * in the options of any editor or diff editor created, switch every editor on the page. So no editor is created with a
 * `theme` option; each code editor and diff editor binds this instead, which defines and sets the chosen theme when it
 * loads and at once (an editor created before any other gets the theme too).
 */
export function bindMonacoTheme(settings: Pick<SettingsStore, 'theme'>): Disposable {
  const stop = reaction(
    () => settings.theme,
    (theme) => {
      if (!theme) return monaco.editor.setTheme(FALLBACK_THEME);
      defineMonacoTheme(theme);
      monaco.editor.setTheme(theme.id);
    },
    { fireImmediately: true },
  );
  return { dispose: stop };
}
