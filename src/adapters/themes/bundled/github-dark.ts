import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * github-dark: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'github-dark',
  kind: 'dark',
  workbench: { bg: '#0d1117', panel: '#010409', border: '#30363d', text: '#e6edf3', muted: '#7d8590', accent: '#2f81f7', error: '#f85149', widget: '#161b22', gitModified: '#d29922', gitAdded: '#3fb950', gitDeleted: '#f85149' },
  editor: {
    'editor.background': '#0d1117',
    'editor.foreground': '#e6edf3',
    'editor.lineHighlightBackground': '#161b22',
    'editor.selectionBackground': '#264f78',
    'editorCursor.foreground': '#2f81f7',
    'editorLineNumber.foreground': '#6e7681',
  },
  tokens: [
    { token: 'comment', foreground: '#8b949e', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#ff7b72' },
    { token: 'string', foreground: '#a5d6ff' },
    { token: 'number', foreground: '#79c0ff' },
    { token: 'type', foreground: '#ffa657' },
    { token: 'type.identifier', foreground: '#ffa657' },
    { token: 'identifier', foreground: '#ffa657' },
    { token: 'delimiter', foreground: '#e6edf3' },
    { token: 'tag', foreground: '#ff7b72' },
    { token: 'attribute.name', foreground: '#d2a8ff' },
    { token: 'attribute.value', foreground: '#a5d6ff' },
    { token: 'regexp', foreground: '#79c0ff' },
  ],
  /** GitHub's own overlay, git decoration and terminal colours (Primer). */
  terminal: {
    black: '#484f58',
    red: '#ff7b72',
    green: '#3fb950',
    yellow: '#d29922',
    blue: '#58a6ff',
    magenta: '#bc8cff',
    cyan: '#39c5cf',
    white: '#b1bac4',
    brightBlack: '#6e7681',
    brightRed: '#ffa198',
    brightGreen: '#56d364',
    brightYellow: '#e3b341',
    brightBlue: '#79c0ff',
    brightMagenta: '#d2a8ff',
    brightCyan: '#56d4dd',
    brightWhite: '#ffffff',
  },
};

export default theme;
