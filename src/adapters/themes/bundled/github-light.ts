import { ThemeDefinition } from '../../../domain/settings/themes';

/** github-light: workbench and Monaco colours (loaded on demand by bundled-themes.adapter.ts). */
const theme: ThemeDefinition = {
  id: 'github-light',
  kind: 'light',
  workbench: { bg: '#ffffff', panel: '#f6f8fa', border: '#d0d7de', text: '#1f2328', muted: '#656d76', accent: '#0969da', error: '#cf222e' },
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
};

export default theme;
