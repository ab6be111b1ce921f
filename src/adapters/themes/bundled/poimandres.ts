import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * poimandres: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'poimandres',
  kind: 'dark',
  workbench: { bg: '#1b1e28', panel: '#1b1e28', border: '#303340', text: '#a6accd', muted: '#767c9d', accent: '#5de4c7', error: '#d0679d' },
  editor: {
    'editor.background': '#1b1e28',
    'editor.foreground': '#a6accd',
    'editor.lineHighlightBackground': '#1e2130',
    'editor.selectionBackground': '#717cb425',
    'editorCursor.foreground': '#a6accd',
    'editorLineNumber.foreground': '#767c9d',
  },
  tokens: [
    { token: 'comment', foreground: '#767c9d', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#91b4d5' },
    { token: 'string', foreground: '#5de4c7' },
    { token: 'number', foreground: '#5de4c7' },
    { token: 'type', foreground: '#a6accd' },
    { token: 'type.identifier', foreground: '#a6accd' },
    { token: 'identifier', foreground: '#e4f0fb' },
    { token: 'delimiter', foreground: '#a6accd' },
    { token: 'tag', foreground: '#91b4d5' },
    { token: 'attribute.name', foreground: '#add7ff' },
    { token: 'attribute.value', foreground: '#5de4c7' },
    { token: 'regexp', foreground: '#5de4c7' },
  ],
};

export default theme;
