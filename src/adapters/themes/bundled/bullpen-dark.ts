import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * bullpen-dark, the default theme: workbench and Monaco colours, the others derived (src/domain/settings/
 * workbench-palette.ts, terminal-colors.ts); its palette is also the stylesheet's own (STYLESHEET_THEME). Not loaded on
 * demand like the other bundled themes: bundled-themes.adapter.ts imports it, so it is part of the app chunk.
 */
const theme: ThemeDefinition = {
  id: 'bullpen-dark',
  kind: 'dark',
  workbench: { bg: '#151515', panel: '#1d1d1d', border: '#2c2c2c', text: '#e5e5e5', muted: '#8a8a8a', accent: '#dcff50', error: '#f06262' },
  editor: {
    'editor.background': '#151515',
    'editor.foreground': '#e5e5e5',
    'editor.lineHighlightBackground': '#1f1f1f',
    'editor.selectionBackground': '#3a3d41',
    'editorCursor.foreground': '#dcff50',
    'editorLineNumber.foreground': '#5a5a5a',
  },
  tokens: [
    { token: 'comment', foreground: '#6a9955', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#c586c0' },
    { token: 'string', foreground: '#ce9178' },
    { token: 'number', foreground: '#b5cea8' },
    { token: 'type', foreground: '#4ec9b0' },
    { token: 'type.identifier', foreground: '#4ec9b0' },
    { token: 'identifier', foreground: '#9cdcfe' },
    { token: 'delimiter', foreground: '#e5e5e5' },
    { token: 'tag', foreground: '#c586c0' },
    { token: 'attribute.name', foreground: '#dcdcaa' },
    { token: 'attribute.value', foreground: '#ce9178' },
    { token: 'regexp', foreground: '#b5cea8' },
  ],
};

export default theme;
