import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * dark-classic: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'dark-classic',
  kind: 'dark',
  workbench: { bg: '#1e1e1e', panel: '#252526', border: '#3c3c3c', text: '#d4d4d4', muted: '#858585', accent: '#007acc', error: '#f48771' },
  editor: {
    'editor.background': '#1e1e1e',
    'editor.foreground': '#d4d4d4',
    'editor.lineHighlightBackground': '#282828',
    'editor.selectionBackground': '#264f78',
    'editorCursor.foreground': '#aeafad',
    'editorLineNumber.foreground': '#858585',
  },
  tokens: [
    { token: 'comment', foreground: '#6a9955', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#569cd6' },
    { token: 'string', foreground: '#ce9178' },
    { token: 'number', foreground: '#b5cea8' },
    { token: 'type', foreground: '#4ec9b0' },
    { token: 'type.identifier', foreground: '#4ec9b0' },
    { token: 'identifier', foreground: '#9cdcfe' },
    { token: 'delimiter', foreground: '#d4d4d4' },
    { token: 'tag', foreground: '#569cd6' },
    { token: 'attribute.name', foreground: '#dcdcaa' },
    { token: 'attribute.value', foreground: '#ce9178' },
    { token: 'regexp', foreground: '#b5cea8' },
  ],
};

export default theme;
