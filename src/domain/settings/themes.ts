/**
 * The colour themes Bullpen bundles (spec 002 §9 "Themes bundled", the product's own dark theme named Bullpen Dark).
 * Each is one definition used for both the workbench (CSS variables) and Monaco (a defined theme); definitions load on
 * demand, and a theme that fails to load falls back silently to the default.
 */
export interface ThemeEntry {
  readonly id: string;
  readonly label: string;
  readonly kind: 'dark' | 'light';
}

export const THEMES: readonly ThemeEntry[] = [
  { id: 'bullpen-dark', label: 'Bullpen Dark', kind: 'dark' },
  { id: 'dark-classic', label: 'Dark Classic', kind: 'dark' },
  { id: 'dark-classic-plus', label: 'Dark Classic+', kind: 'dark' },
  { id: 'light', label: 'Light', kind: 'light' },
  { id: 'dracula', label: 'Dracula', kind: 'dark' },
  { id: 'github-dark', label: 'GitHub Dark', kind: 'dark' },
  { id: 'github-dark-dimmed', label: 'GitHub Dark Dimmed', kind: 'dark' },
  { id: 'github-light', label: 'GitHub Light', kind: 'light' },
  { id: 'github-light-high-contrast', label: 'GitHub Light High Contrast', kind: 'light' },
  { id: 'night-owl', label: 'Night Owl', kind: 'dark' },
  { id: 'one-dark-pro', label: 'One Dark Pro', kind: 'dark' },
  { id: 'poimandres', label: 'poimandres', kind: 'dark' },
  { id: 'vesper', label: 'Vesper', kind: 'dark' },
];

export const isKnownTheme = (id: string): boolean => THEMES.some((t) => t.id === id);

/** Workbench colours, applied as the CSS variables of src/ui/styles.css. */
export interface WorkbenchColors {
  readonly bg: string;
  readonly panel: string;
  readonly border: string;
  readonly text: string;
  readonly muted: string;
  readonly accent: string;
  readonly error: string;
}

export interface TokenColor {
  readonly token: string;
  readonly foreground: string;
  readonly fontStyle?: 'italic' | 'bold' | 'underline';
}

export interface ThemeDefinition {
  readonly id: string;
  readonly kind: 'dark' | 'light';
  readonly workbench: WorkbenchColors;
  /** Monaco editor colours (keys as in Monaco's IColors: 'editor.background', …). */
  readonly editor: Readonly<Record<string, string>>;
  readonly tokens: readonly TokenColor[];
}

/** A loaded definition is used only if it is well-formed: every colour a #rgb/#rrggbb(aa) string. */
export function isValidTheme(value: unknown, id: string): value is ThemeDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as ThemeDefinition;
  const color = (c: unknown) => typeof c === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(c);
  return (
    t.id === id &&
    (t.kind === 'dark' || t.kind === 'light') &&
    typeof t.workbench === 'object' &&
    t.workbench !== null &&
    (['bg', 'panel', 'border', 'text', 'muted', 'accent', 'error'] as const).every((k) => color(t.workbench[k])) &&
    typeof t.editor === 'object' &&
    Object.values(t.editor ?? {}).every(color) &&
    Array.isArray(t.tokens) &&
    t.tokens.every((r) => typeof r.token === 'string' && color(r.foreground))
  );
}
