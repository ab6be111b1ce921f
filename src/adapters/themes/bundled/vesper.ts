import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * vesper: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'vesper',
  kind: 'dark',
  workbench: { bg: '#101010', panel: '#101010', border: '#282828', text: '#ffffff', muted: '#a0a0a0', accent: '#ffc799', error: '#ff8080' },
  editor: {
    'editor.background': '#101010',
    'editor.foreground': '#ffffff',
    'editor.lineHighlightBackground': '#161616',
    'editor.selectionBackground': '#ffffff25',
    'editorCursor.foreground': '#ffc799',
    'editorLineNumber.foreground': '#505050',
  },
  tokens: [
    { token: 'comment', foreground: '#8b8b8b', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#a0a0a0' },
    { token: 'string', foreground: '#99ffe4' },
    { token: 'number', foreground: '#ffc799' },
    { token: 'type', foreground: '#ffc799' },
    { token: 'type.identifier', foreground: '#ffc799' },
    { token: 'identifier', foreground: '#ffffff' },
    { token: 'delimiter', foreground: '#ffffff' },
    { token: 'tag', foreground: '#a0a0a0' },
    { token: 'attribute.name', foreground: '#ffc799' },
    { token: 'attribute.value', foreground: '#99ffe4' },
    { token: 'regexp', foreground: '#ffc799' },
  ],
};

export default theme;
