import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * dracula: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'dracula',
  kind: 'dark',
  workbench: { bg: '#282a36', panel: '#21222c', border: '#44475a', text: '#f8f8f2', muted: '#6272a4', accent: '#bd93f9', error: '#ff5555', gitModified: '#8be9fd', gitAdded: '#50fa7b', gitDeleted: '#ff5555' },
  editor: {
    'editor.background': '#282a36',
    'editor.foreground': '#f8f8f2',
    'editor.lineHighlightBackground': '#44475a75',
    'editor.selectionBackground': '#44475a',
    'editorCursor.foreground': '#f8f8f0',
    'editorLineNumber.foreground': '#6272a4',
  },
  tokens: [
    { token: 'comment', foreground: '#6272a4', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#ff79c6' },
    { token: 'string', foreground: '#f1fa8c' },
    { token: 'number', foreground: '#bd93f9' },
    { token: 'type', foreground: '#8be9fd' },
    { token: 'type.identifier', foreground: '#8be9fd' },
    { token: 'identifier', foreground: '#f8f8f2' },
    { token: 'delimiter', foreground: '#f8f8f2' },
    { token: 'tag', foreground: '#ff79c6' },
    { token: 'attribute.name', foreground: '#50fa7b' },
    { token: 'attribute.value', foreground: '#f1fa8c' },
    { token: 'regexp', foreground: '#bd93f9' },
  ],
  /** Dracula's own terminal colours (draculatheme.com/spec). */
  terminal: {
    black: '#21222c',
    red: '#ff5555',
    green: '#50fa7b',
    yellow: '#f1fa8c',
    blue: '#bd93f9',
    magenta: '#ff79c6',
    cyan: '#8be9fd',
    white: '#f8f8f2',
    brightBlack: '#6272a4',
    brightRed: '#ff6e6e',
    brightGreen: '#69ff94',
    brightYellow: '#ffffa5',
    brightBlue: '#d6acff',
    brightMagenta: '#ff92df',
    brightCyan: '#a4ffff',
    brightWhite: '#ffffff',
  },
};

export default theme;
