/**
 * What Ctrl/Cmd+` does, as VS Code's 'View: Toggle Terminal': a hidden terminal is shown and takes the keyboard; a
 * shown one without the keyboard takes it; a shown one with the keyboard is hidden, and the keyboard goes back to the
 * editor.
 */
export type TerminalToggle = 'show-and-focus' | 'focus' | 'hide-and-focus-editor';

export interface TerminalToggleState {
  /** The bottom panel is visible on its Terminal tab. */
  readonly shown: boolean;
  /** A terminal of the panel has the keyboard. */
  readonly focused: boolean;
}

export function terminalToggle({ shown, focused }: TerminalToggleState): TerminalToggle {
  if (!shown) return 'show-and-focus';
  return focused ? 'hide-and-focus-editor' : 'focus';
}
