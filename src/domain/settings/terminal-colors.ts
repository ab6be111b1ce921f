import { mix } from './colors';
import { TERMINAL_COLOR_KEYS, TerminalColorKey, TerminalColors, ThemeDefinition } from './themes';
import { workbenchPalette } from './workbench-palette';

type AnsiKey = Exclude<TerminalColorKey, 'background' | 'foreground' | 'cursor' | 'cursorAccent' | 'selectionBackground'>;

/**
 * VS Code's default ANSI colours (terminal.ansi*), per kind: the light set keeps "white" and "yellow" dark enough to
 * read on a white terminal.
 */
const ANSI_DEFAULTS: Record<'dark' | 'light', Record<AnsiKey, string>> = {
  dark: {
    black: '#000000',
    red: '#cd3131',
    green: '#0dbc79',
    yellow: '#e5e510',
    blue: '#2472c8',
    magenta: '#bc3fbc',
    cyan: '#11a8cd',
    white: '#e5e5e5',
    brightBlack: '#666666',
    brightRed: '#f14c4c',
    brightGreen: '#23d18b',
    brightYellow: '#f5f543',
    brightBlue: '#3b8eea',
    brightMagenta: '#d670d6',
    brightCyan: '#29b8db',
    brightWhite: '#e5e5e5',
  },
  light: {
    black: '#000000',
    red: '#cd3131',
    green: '#00bc00',
    yellow: '#949800',
    blue: '#0451a5',
    magenta: '#bc05bc',
    cyan: '#0598bc',
    white: '#555555',
    brightBlack: '#666666',
    brightRed: '#cd3131',
    brightGreen: '#14ce14',
    brightYellow: '#b5ba00',
    brightBlue: '#0451a5',
    brightMagenta: '#bc05bc',
    brightCyan: '#0598bc',
    brightWhite: '#a5a5a5',
  },
};

/**
 * The terminal's colours for a theme (the same definition the workbench and Monaco take theirs from): the theme's own
 * terminal colours where it gives them; else the panel's background and text, Monaco's cursor and selection colours,
 * and the default ANSI colours of the theme's kind.
 */
export function terminalColors(theme: Pick<ThemeDefinition, 'kind' | 'workbench'> & Partial<Pick<ThemeDefinition, 'editor' | 'terminal'>>): TerminalColors {
  const palette = workbenchPalette(theme);
  const own = theme.terminal ?? {};
  const editor = theme.editor ?? {};
  const background = own.background ?? palette.bg;
  const derived: TerminalColors = {
    background,
    foreground: palette.text,
    cursor: editor['editorCursor.foreground'] ?? palette.accent,
    cursorAccent: background,
    selectionBackground: editor['editor.selectionBackground'] ?? mix(background, palette.text, 0.25),
    ...ANSI_DEFAULTS[theme.kind],
  };
  return Object.fromEntries(TERMINAL_COLOR_KEYS.map((k) => [k, own[k] ?? derived[k]])) as TerminalColors;
}
