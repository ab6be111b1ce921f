import { ThemeDefinition } from '../../../domain/settings/themes';

/** github-dark-dimmed: workbench and Monaco colours (loaded on demand by bundled-themes.adapter.ts). */
const theme: ThemeDefinition = {
  id: 'github-dark-dimmed',
  kind: 'dark',
  workbench: { bg: '#22272e', panel: '#1c2128', border: '#444c56', text: '#adbac7', muted: '#768390', accent: '#539bf5', error: '#e5534b' },
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
};

export default theme;
