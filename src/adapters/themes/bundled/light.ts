import { ThemeDefinition } from '../../../domain/settings/themes';

/**
 * light: workbench, Monaco and terminal colours, loaded on demand by bundled-themes.adapter.ts. The colours it leaves out
 * are derived (src/domain/settings/workbench-palette.ts, terminal-colors.ts).
 */
const theme: ThemeDefinition = {
  id: 'light',
  kind: 'light',
  workbench: { bg: '#ffffff', panel: '#f3f3f3', border: '#e5e5e5', text: '#333333', muted: '#6e6e6e', accent: '#005fb8', error: '#e51400' },
  editor: {
    'editor.background': '#ffffff',
    'editor.foreground': '#000000',
    'editor.lineHighlightBackground': '#f5f5f5',
    'editor.selectionBackground': '#add6ff',
    'editorCursor.foreground': '#000000',
    'editorLineNumber.foreground': '#237893',
  },
  tokens: [
    { token: 'comment', foreground: '#008000', fontStyle: 'italic' },
    { token: 'keyword', foreground: '#0000ff' },
    { token: 'string', foreground: '#a31515' },
    { token: 'number', foreground: '#098658' },
    { token: 'type', foreground: '#267f99' },
    { token: 'type.identifier', foreground: '#267f99' },
    { token: 'identifier', foreground: '#001080' },
    { token: 'delimiter', foreground: '#000000' },
    { token: 'tag', foreground: '#0000ff' },
    { token: 'attribute.name', foreground: '#795e26' },
    { token: 'attribute.value', foreground: '#a31515' },
    { token: 'regexp', foreground: '#098658' },
  ],
};

export default theme;
