import { MIN_TEXT_CONTRAST, contrastRatio, luminance, mix, over, readableOn, textOn } from './colors';
import { BASE_WORKBENCH_KEYS, BaseWorkbenchKey, DERIVED_WORKBENCH_KEYS, DerivedWorkbenchKey, ThemeDefinition, WorkbenchColors } from './themes';

/** Every colour the workbench paints with, one CSS variable each (`--bp-<kebab-case key>`, src/ui/styles.css). */
export type WorkbenchPalette = Readonly<Record<BaseWorkbenchKey | DerivedWorkbenchKey, string>>;
export type WorkbenchColorKey = keyof WorkbenchPalette;

export const WORKBENCH_COLOR_KEYS: readonly WorkbenchColorKey[] = [...BASE_WORKBENCH_KEYS, ...DERIVED_WORKBENCH_KEYS];

/** `gitModified` → `--bp-git-modified`. */
export const cssVariableOf = (key: WorkbenchColorKey): string => `--bp-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * The stylesheet's own colours (src/ui/styles.css `:root`), shown until a theme has loaded and when none can be: Bullpen
 * Dark's base colours. A unit test keeps styles.css, this and src/adapters/themes/bundled/bullpen-dark.ts in line.
 */
export const STYLESHEET_THEME: Pick<ThemeDefinition, 'kind' | 'workbench'> = {
  kind: 'dark',
  workbench: { bg: '#151515', panel: '#1d1d1d', border: '#2c2c2c', text: '#e5e5e5', muted: '#8a8a8a', accent: '#dcff50', error: '#f06262' },
};

/** Status and git decoration colours of VS Code's Dark+ and Light+ (editorWarning, gitDecoration.*), per kind. */
const STATUS_DEFAULTS = {
  dark: { warning: '#f5a623', info: '#75beff', success: '#5bc44b', gitModified: '#e2c08d', gitAdded: '#73c991', gitDeleted: '#c74e39', gitRenamed: '#4fa3e0' },
  light: { warning: '#bf8803', info: '#1a85ff', success: '#388a34', gitModified: '#895503', gitAdded: '#587c0c', gitDeleted: '#ad0707', gitRenamed: '#007acc' },
} as const;

/** Colours painted as text on the workbench's surfaces: each is kept readable on all of them (WCAG AA, 4.5:1). */
const TEXT_ROLES = ['muted', 'accentForeground', 'error', 'warning', 'info', 'gitModified', 'gitAdded', 'gitDeleted', 'gitRenamed'] as const;

/**
 * Every workbench colour for a theme: the theme's own where it gives them, the others derived from its base colours.
 * Floating widgets (quick input, dialogs, menus, toasts) sit a step above the side bar on dark themes and use it on
 * light ones; inputs use the editor background; list rows, badges and buttons mix the text colour into the side bar's;
 * tints mix in the accent or error colour. Then every colour used as text (muted labels, accent and status texts, git
 * decorations) is moved, if it must be, until it reads at 4.5:1 on every surface text sits on.
 */
export function workbenchPalette(theme: Pick<ThemeDefinition, 'kind' | 'workbench'>): WorkbenchPalette {
  const given: WorkbenchColors = theme.workbench;
  const dark = theme.kind === 'dark';
  const { bg, panel, text, accent } = given;
  // Widgets float a step above the lighter of the editor and the side bar.
  const raised = luminance(over(panel, bg)) >= luminance(over(bg, '#000000')) ? panel : bg;
  const widget = given.widget ?? (dark ? mix(raised, text, 0.05) : panel);
  const hover = given.hover ?? mix(panel, text, dark ? 0.08 : 0.07);
  const selection = given.selection ?? mix(panel, text, dark ? 0.16 : 0.13);
  const surfaces = [bg, panel, widget, given.input ?? bg, hover, selection];
  const status = STATUS_DEFAULTS[theme.kind];
  const derived: Omit<Record<DerivedWorkbenchKey, string>, 'errorText'> = {
    widget,
    input: given.input ?? bg,
    hover,
    selection,
    badge: given.badge ?? mix(panel, text, 0.2),
    button: given.button ?? mix(panel, text, 0.1),
    buttonBorder: given.buttonBorder ?? mix(panel, text, 0.2),
    accentForeground: given.accentForeground ?? accent,
    accentText: given.accentText ?? textOn(accent),
    errorBackground: given.errorBackground ?? mix(bg, given.error, 0.2),
    accentBackground: given.accentBackground ?? tint(panel, accent, 0.15, text),
    highlight: given.highlight ?? tint(panel, accent, 0.3, text),
    shadow: given.shadow ?? (dark ? '#00000080' : '#00000029'),
    backdrop: given.backdrop ?? (dark ? '#00000073' : '#0000004d'),
    warning: given.warning ?? status.warning,
    info: given.info ?? status.info,
    success: given.success ?? status.success,
    gitModified: given.gitModified ?? status.gitModified,
    gitAdded: given.gitAdded ?? status.gitAdded,
    gitDeleted: given.gitDeleted ?? status.gitDeleted,
    gitRenamed: given.gitRenamed ?? status.gitRenamed,
  };
  const colors: Omit<Record<WorkbenchColorKey, string>, 'errorText'> = { ...pickBase(given), ...derived };
  for (const role of TEXT_ROLES) colors[role] = readableOn(colors[role], surfaces, MIN_TEXT_CONTRAST);
  // The text of buttons filled with the error colour goes with the error colour as it is painted.
  return { ...colors, errorText: given.errorText ?? textOn(colors.error) };
}

/** The base colours alone (a loaded definition may carry more fields than the type says). */
const pickBase = (colors: WorkbenchColors): Record<BaseWorkbenchKey, string> =>
  Object.fromEntries(BASE_WORKBENCH_KEYS.map((k) => [k, colors[k]])) as Record<BaseWorkbenchKey, string>;

/** Up to `amount` of a colour into a surface, less if need be for the text on it to stay readable. */
function tint(surface: string, color: string, amount: number, text: string): string {
  for (let a = amount; a > 0.04; a -= 0.05) {
    const tinted = mix(surface, color, a);
    if (contrastRatio(text, tinted) >= MIN_TEXT_CONTRAST) return tinted;
  }
  return mix(surface, color, 0.05);
}
