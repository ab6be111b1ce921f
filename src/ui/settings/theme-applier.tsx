import { reaction } from 'mobx';
import { useEffect } from 'react';
import { SettingsStore } from '../../application/settings/settings.store';
import { WORKBENCH_COLOR_KEYS, cssVariableOf, workbenchPalette } from '../../domain/settings/workbench-palette';
import { useService } from '../di/container-context';

/**
 * Puts the chosen theme's workbench colours on the page: every colour of its palette (src/domain/settings/
 * workbench-palette.ts) as the CSS variable styles.css paints with. Monaco's theme: monaco-theme.ts; the terminal's:
 * xterm-view.tsx, both from the same theme.
 */
export function ThemeApplier() {
  const settings = useService(SettingsStore);
  useEffect(() => {
    void settings.loadTheme();
    return reaction(
      () => settings.theme,
      (theme) => {
        const root = document.documentElement.style;
        if (!theme) {
          for (const key of WORKBENCH_COLOR_KEYS) root.removeProperty(cssVariableOf(key));
          root.removeProperty('color-scheme');
          document.documentElement.removeAttribute('data-theme');
          return;
        }
        const palette = workbenchPalette(theme);
        for (const key of WORKBENCH_COLOR_KEYS) root.setProperty(cssVariableOf(key), palette[key]);
        root.setProperty('color-scheme', theme.kind);
        document.documentElement.setAttribute('data-theme', theme.id);
      },
      { fireImmediately: true },
    );
  }, [settings]);
  return null;
}
