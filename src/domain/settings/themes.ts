import { isHexColor } from './colors';

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

/** The colours every theme gives: the rest of the workbench's colours are derived from them (workbench-palette.ts). */
export const BASE_WORKBENCH_KEYS = ['bg', 'panel', 'border', 'text', 'muted', 'accent', 'error'] as const;

/**
 * The colours a theme may give and otherwise gets derived from its base colours (workbench-palette.ts says how):
 * surfaces (floating widgets, inputs, list rows, badges, buttons), the text on accent and error fills, tints, and the
 * status and git decoration colours.
 */
export const DERIVED_WORKBENCH_KEYS = [
  'widget',
  'input',
  'hover',
  'selection',
  'badge',
  'button',
  'buttonBorder',
  'accentForeground',
  'accentText',
  'errorText',
  'errorBackground',
  'accentBackground',
  'highlight',
  'shadow',
  'backdrop',
  'warning',
  'info',
  'success',
  'gitModified',
  'gitAdded',
  'gitDeleted',
  'gitRenamed',
] as const;

export type BaseWorkbenchKey = (typeof BASE_WORKBENCH_KEYS)[number];
export type DerivedWorkbenchKey = (typeof DERIVED_WORKBENCH_KEYS)[number];

/** Workbench colours as a theme defines them: the base ones, and any of the derived ones it wants to set itself. */
export type WorkbenchColors = Readonly<Record<BaseWorkbenchKey, string>> & Readonly<Partial<Record<DerivedWorkbenchKey, string>>>;

/** The terminal's colours (xterm's ITheme fields): background, text, cursor, selection and the 16 ANSI colours. */
export const TERMINAL_COLOR_KEYS = [
  'background',
  'foreground',
  'cursor',
  'cursorAccent',
  'selectionBackground',
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'brightBlack',
  'brightRed',
  'brightGreen',
  'brightYellow',
  'brightBlue',
  'brightMagenta',
  'brightCyan',
  'brightWhite',
] as const;

export type TerminalColorKey = (typeof TERMINAL_COLOR_KEYS)[number];
export type TerminalColors = Readonly<Record<TerminalColorKey, string>>;

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
  /** Terminal colours the theme sets itself; the others are derived (terminal-colors.ts). */
  readonly terminal?: Readonly<Partial<TerminalColors>>;
}

/**
 * A loaded definition is used only if it is well-formed: every colour a #rgb/#rrggbb(aa) string, the base workbench
 * colours all there.
 */
export function isValidTheme(value: unknown, id: string): value is ThemeDefinition {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as ThemeDefinition;
  const isObject = (o: unknown): o is Record<string, unknown> => typeof o === 'object' && o !== null;
  const optional = (o: Record<string, unknown>, keys: readonly string[]) => keys.every((k) => o[k] === undefined || isHexColor(o[k]));
  return (
    t.id === id &&
    (t.kind === 'dark' || t.kind === 'light') &&
    isObject(t.workbench) &&
    BASE_WORKBENCH_KEYS.every((k) => isHexColor(t.workbench[k])) &&
    optional(t.workbench, DERIVED_WORKBENCH_KEYS) &&
    isObject(t.editor) &&
    Object.values(t.editor).every(isHexColor) &&
    Array.isArray(t.tokens) &&
    t.tokens.every((r) => typeof r.token === 'string' && isHexColor(r.foreground)) &&
    (t.terminal === undefined || (isObject(t.terminal) && optional(t.terminal, TERMINAL_COLOR_KEYS)))
  );
}
