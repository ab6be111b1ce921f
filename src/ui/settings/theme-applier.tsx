import { reaction } from 'mobx';
import { useEffect } from 'react';
import { SettingsStore } from '../../application/settings/settings.store';
import { useService } from '../di/container-context';

/** Puts the chosen theme's workbench colours on the page (the CSS variables of styles.css); Monaco's in the editor view. */
export function ThemeApplier() {
  const settings = useService(SettingsStore);
  useEffect(() => {
    void settings.loadTheme();
    return reaction(
      () => settings.theme,
      (theme) => {
        const root = document.documentElement.style;
        if (!theme) {
          for (const name of ['bg', 'panel', 'border', 'text', 'muted', 'accent', 'error']) root.removeProperty(`--bp-${name}`);
          root.removeProperty('color-scheme');
          document.documentElement.removeAttribute('data-theme');
          return;
        }
        for (const [name, value] of Object.entries(theme.workbench)) root.setProperty(`--bp-${name}`, value);
        root.setProperty('color-scheme', theme.kind);
        document.documentElement.setAttribute('data-theme', theme.id);
      },
      { fireImmediately: true },
    );
  }, [settings]);
  return null;
}
