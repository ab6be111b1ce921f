import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * one-dark-pro: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'one-dark-pro',
  kind: 'dark',
  workbench: { bg: '#282c34', panel: '#21252b', border: '#181a1f', text: '#abb2bf', muted: '#5c6370', accent: '#4d78cc', error: '#e06c75' },
  editor: {
    'editor.background': '#282c34',
    'editor.foreground': '#abb2bf',
    'editor.lineHighlightBackground': '#2c313c',
    'editor.selectionBackground': '#3e4451',
    'editorCursor.foreground': '#528bff',
    'editorLineNumber.foreground': '#495162',
  },
  tokens: [
    { token: 'comment', foreground: '#7f848e', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#c678dd' },
    { token: 'string', foreground: '#98c379' },
    { token: 'number', foreground: '#d19a66' },
    { token: 'type', foreground: '#e5c07b' },
    { token: 'type.identifier', foreground: '#e5c07b' },
    { token: 'identifier', foreground: '#e06c75' },
    { token: 'delimiter', foreground: '#abb2bf' },
    { token: 'tag', foreground: '#c678dd' },
    { token: 'attribute.name', foreground: '#61afef' },
    { token: 'attribute.value', foreground: '#98c379' },
    { token: 'regexp', foreground: '#d19a66' },
  ],
};

export default theme;
