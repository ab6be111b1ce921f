import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * night-owl: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'night-owl',
  kind: 'dark',
  workbench: { bg: '#011627', panel: '#011627', border: '#122d42', text: '#d6deeb', muted: '#5f7e97', accent: '#7e57c2', error: '#ef5350' },
  editor: {
    'editor.background': '#011627',
    'editor.foreground': '#d6deeb',
    'editor.lineHighlightBackground': '#01121f',
    'editor.selectionBackground': '#1d3b53',
    'editorCursor.foreground': '#80a4c2',
    'editorLineNumber.foreground': '#4b6479',
  },
  tokens: [
    { token: 'comment', foreground: '#637777', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#c792ea' },
    { token: 'string', foreground: '#ecc48d' },
    { token: 'number', foreground: '#f78c6c' },
    { token: 'type', foreground: '#ffcb8b' },
    { token: 'type.identifier', foreground: '#ffcb8b' },
    { token: 'identifier', foreground: '#d6deeb' },
    { token: 'delimiter', foreground: '#d6deeb' },
    { token: 'tag', foreground: '#c792ea' },
    { token: 'attribute.name', foreground: '#82aaff' },
    { token: 'attribute.value', foreground: '#ecc48d' },
    { token: 'regexp', foreground: '#f78c6c' },
  ],
};

export default theme;
