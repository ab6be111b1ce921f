import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * github-light-high-contrast: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'github-light-high-contrast',
  kind: 'light',
  workbench: { bg: '#ffffff', panel: '#ffffff', border: '#20252c', text: '#0e1116', muted: '#4b535d', accent: '#0349b4', error: '#a0111f', widget: '#ffffff', gitModified: '#744500', gitAdded: '#055d20', gitDeleted: '#a0111f' },
  editor: {
    'editor.background': '#ffffff',
    'editor.foreground': '#0e1116',
    'editor.lineHighlightBackground': '#e7ecf0',
    'editor.selectionBackground': '#9cd7ff',
    'editorCursor.foreground': '#0349b4',
    'editorLineNumber.foreground': '#66707b',
  },
  tokens: [
    { token: 'comment', foreground: '#66707b', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#a0111f' },
    { token: 'string', foreground: '#032563' },
    { token: 'number', foreground: '#023b95' },
    { token: 'type', foreground: '#702c00' },
    { token: 'type.identifier', foreground: '#702c00' },
    { token: 'identifier', foreground: '#702c00' },
    { token: 'delimiter', foreground: '#0e1116' },
    { token: 'tag', foreground: '#a0111f' },
    { token: 'attribute.name', foreground: '#622cbc' },
    { token: 'attribute.value', foreground: '#032563' },
    { token: 'regexp', foreground: '#023b95' },
  ],
  /** GitHub's own overlay, git decoration and terminal colours (Primer). */
  terminal: {
    black: '#0e1116',
    red: '#a0111f',
    green: '#024c1a',
    yellow: '#3f2200',
    blue: '#0349b4',
    magenta: '#622cbc',
    cyan: '#1b7c83',
    white: '#66707b',
    brightBlack: '#4b535d',
    brightRed: '#86061d',
    brightGreen: '#055d20',
    brightYellow: '#4e2c00',
    brightBlue: '#1168e3',
    brightMagenta: '#844ae7',
    brightCyan: '#3192aa',
    brightWhite: '#88929d',
  },
};

export default theme;
