import { ThemeDefinition } from '../../../domain/settings/themes';

/** github-light-high-contrast: workbench and Monaco colours (loaded on demand by bundled-themes.adapter.ts). */
const theme: ThemeDefinition = {
  id: 'github-light-high-contrast',
  kind: 'light',
  workbench: { bg: '#ffffff', panel: '#ffffff', border: '#20252c', text: '#0e1116', muted: '#4b535d', accent: '#0349b4', error: '#a0111f' },
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
};

export default theme;
