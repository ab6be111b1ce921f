import { ThemeDefinition } from '../../../domain/settings/themes';

/** dracula: workbench and Monaco colours (loaded on demand by bundled-themes.adapter.ts). */
const theme: ThemeDefinition = {
  id: 'dracula',
  kind: 'dark',
  workbench: { bg: '#282a36', panel: '#21222c', border: '#44475a', text: '#f8f8f2', muted: '#6272a4', accent: '#bd93f9', error: '#ff5555' },
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
};

export default theme;
