import { ThemeDefinition } from '../../../domain/settings/themes';

/** github-dark: workbench and Monaco colours (loaded on demand by bundled-themes.adapter.ts). */
const theme: ThemeDefinition = {
  id: 'github-dark',
  kind: 'dark',
  workbench: { bg: '#0d1117', panel: '#010409', border: '#30363d', text: '#e6edf3', muted: '#7d8590', accent: '#2f81f7', error: '#f85149' },
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
};

export default theme;
