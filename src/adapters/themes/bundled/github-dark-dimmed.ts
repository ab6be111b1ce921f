import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * github-dark-dimmed: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'github-dark-dimmed',
  kind: 'dark',
  workbench: { bg: '#22272e', panel: '#1c2128', border: '#444c56', text: '#adbac7', muted: '#768390', accent: '#539bf5', error: '#e5534b', widget: '#2d333b', gitModified: '#c69026', gitAdded: '#57ab5a', gitDeleted: '#e5534b' },
  editor: {
    'editor.background': '#22272e',
    'editor.foreground': '#adbac7',
    'editor.lineHighlightBackground': '#2d333b',
    'editor.selectionBackground': '#264f78',
    'editorCursor.foreground': '#539bf5',
    'editorLineNumber.foreground': '#636e7b',
  },
  tokens: [
    { token: 'comment', foreground: '#768390', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#f47067' },
    { token: 'string', foreground: '#96d0ff' },
    { token: 'number', foreground: '#6cb6ff' },
    { token: 'type', foreground: '#f69d50' },
    { token: 'type.identifier', foreground: '#f69d50' },
    { token: 'identifier', foreground: '#f69d50' },
    { token: 'delimiter', foreground: '#adbac7' },
    { token: 'tag', foreground: '#f47067' },
    { token: 'attribute.name', foreground: '#dcbdfb' },
    { token: 'attribute.value', foreground: '#96d0ff' },
    { token: 'regexp', foreground: '#6cb6ff' },
  ],
  /** GitHub's own overlay, git decoration and terminal colours (Primer). */
  terminal: {
    black: '#545d68',
    red: '#f47067',
    green: '#57ab5a',
    yellow: '#c69026',
    blue: '#539bf5',
    magenta: '#b083f0',
    cyan: '#39c5cf',
    white: '#909dab',
    brightBlack: '#636e7b',
    brightRed: '#ff938a',
    brightGreen: '#6bc46d',
    brightYellow: '#daaa3f',
    brightBlue: '#6cb6ff',
    brightMagenta: '#dcbdfb',
    brightCyan: '#56d4dd',
    brightWhite: '#cdd9e5',
  },
};

export default theme;
