import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * github-light: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'github-light',
  kind: 'light',
  workbench: { bg: '#ffffff', panel: '#f6f8fa', border: '#d0d7de', text: '#1f2328', muted: '#656d76', accent: '#0969da', error: '#cf222e', widget: '#ffffff', gitModified: '#9a6700', gitAdded: '#1a7f37', gitDeleted: '#d1242f' },
  editor: {
    'editor.background': '#ffffff',
    'editor.foreground': '#1f2328',
    'editor.lineHighlightBackground': '#f6f8fa',
    'editor.selectionBackground': '#add6ff',
    'editorCursor.foreground': '#0969da',
    'editorLineNumber.foreground': '#8c959f',
  },
  tokens: [
    { token: 'comment', foreground: '#6e7781', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#cf222e' },
    { token: 'string', foreground: '#0a3069' },
    { token: 'number', foreground: '#0550ae' },
    { token: 'type', foreground: '#953800' },
    { token: 'type.identifier', foreground: '#953800' },
    { token: 'identifier', foreground: '#953800' },
    { token: 'delimiter', foreground: '#1f2328' },
    { token: 'tag', foreground: '#cf222e' },
    { token: 'attribute.name', foreground: '#8250df' },
    { token: 'attribute.value', foreground: '#0a3069' },
    { token: 'regexp', foreground: '#0550ae' },
  ],
  /** GitHub's own overlay, git decoration and terminal colours (Primer). */
  terminal: {
    black: '#24292f',
    red: '#cf222e',
    green: '#116329',
    yellow: '#4d2d00',
    blue: '#0969da',
    magenta: '#8250df',
    cyan: '#1b7c83',
    white: '#6e7781',
    brightBlack: '#57606a',
    brightRed: '#a40e26',
    brightGreen: '#1a7f37',
    brightYellow: '#633c01',
    brightBlue: '#218bff',
    brightMagenta: '#a475f9',
    brightCyan: '#3192aa',
    brightWhite: '#8c959f',
  },
};

export default theme;
