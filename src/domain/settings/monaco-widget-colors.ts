import { WorkbenchPalette } from './workbench-palette';

/**
 * Monaco's own floating widgets (suggestions, hovers, parameter hints, find and rename boxes, peek views) in the
 * workbench's colours: without these, a theme that names only the editor's colours leaves them in Monaco's base
 * theme (vs-dark grey under Dracula, say). A theme's own `editor` colours win over these (monaco-theme.ts).
 */
export function monacoWidgetColors(palette: WorkbenchPalette): Record<string, string> {
  const { widget, border, text, muted, selection, hover, input, accentForeground, panel, shadow } = palette;
  return {
    'editorWidget.background': widget,
    'editorWidget.foreground': text,
    'editorWidget.border': border,
    'widget.shadow': shadow,
    'editorSuggestWidget.background': widget,
    'editorSuggestWidget.foreground': text,
    'editorSuggestWidget.border': border,
    'editorSuggestWidget.selectedBackground': selection,
    'editorSuggestWidget.selectedForeground': text,
    'editorSuggestWidget.highlightForeground': accentForeground,
    'editorSuggestWidget.focusHighlightForeground': accentForeground,
    'editorHoverWidget.background': widget,
    'editorHoverWidget.foreground': text,
    'editorHoverWidget.border': border,
    'editorHoverWidget.statusBarBackground': panel,
    'list.hoverBackground': hover,
    'list.activeSelectionBackground': selection,
    'list.activeSelectionForeground': text,
    'list.focusBackground': selection,
    'list.highlightForeground': accentForeground,
    'input.background': input,
    'input.foreground': text,
    'input.border': border,
    'input.placeholderForeground': muted,
    'descriptionForeground': muted,
    'peekViewEditor.background': widget,
    'peekViewResult.background': panel,
    'peekViewTitle.background': panel,
  };
}
