import { match } from 'ts-pattern';
import { terminalToggle } from '../../domain/workbench/terminal-toggle';
import { EditorGroupsStore } from '../editor/editor-groups.store';
import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { TerminalsStore } from './terminals.store';

export interface TerminalActionDeps {
  readonly terminals: TerminalsStore;
  readonly layout: LayoutStore;
  /** The editor groups: the keyboard goes back to the active one when Ctrl/Cmd+` hides the terminal. */
  readonly groups: Pick<EditorGroupsStore, 'requestEditorFocus'>;
}

export const TERMINAL_TOGGLE_ACTION_ID = 'workbench.action.terminal.toggleTerminal';

/** The terminal panel's actions (palette, key bindings and the panel's buttons read these). */
export function terminalActions({ terminals, layout, groups }: TerminalActionDeps): ActionDeclaration[] {
  const hasActive = () => terminals.active !== undefined;
  const show = () => layout.showPanel('terminal');
  const showAndFocus = () => {
    show();
    terminals.requestFocus();
  };
  const toggle = () => {
    const { panelVisible, activePanel } = layout.layout;
    match(terminalToggle({ shown: panelVisible && activePanel === 'terminal', focused: terminals.hasKeyboard }))
      .with('show-and-focus', 'focus', showAndFocus)
      .with('hide-and-focus-editor', () => {
        layout.togglePanel();
        groups.requestEditorFocus();
      })
      .exhaustive();
  };
  return [
    { id: TERMINAL_TOGGLE_ACTION_ID, category: 'View', label: 'Toggle Terminal', keybinding: 'CtrlCmd+`', run: toggle },
    { id: 'workbench.action.terminal.focus', category: 'Terminal', label: 'Focus Terminal', run: showAndFocus },
    {
      id: 'workbench.action.terminal.new',
      category: 'Terminal',
      label: 'Create New Terminal',
      keybinding: 'CtrlCmd+Shift+`',
      when: () => terminals.canCreate,
      run: () => {
        show();
        return terminals.create();
      },
    },
    {
      id: 'workbench.action.terminal.split',
      category: 'Terminal',
      label: 'Split Terminal',
      when: () => terminals.canCreate || terminals.sessions.length > 1,
      run: () => {
        show();
        return terminals.split();
      },
    },
    { id: 'workbench.action.terminal.rename', category: 'Terminal', label: 'Rename', when: () => hasActive() && terminals.canCreate, run: () => (show(), terminals.startRename()) },
    { id: 'workbench.action.terminal.restart', category: 'Terminal', label: 'Restart Terminal', when: () => hasActive() && terminals.canCreate, run: () => terminals.restart() },
    { id: 'workbench.action.terminal.kill', category: 'Terminal', label: 'Kill the Active Terminal Instance', when: () => terminals.active?.isRunning === true && terminals.canCreate, run: () => terminals.kill() },
    { id: 'workbench.action.terminal.close', category: 'Terminal', label: 'Close Terminal Tab', when: hasActive, run: () => terminals.closeTab() },
    { id: 'workbench.action.terminal.focusNext', category: 'Terminal', label: 'Focus Next Terminal', when: () => terminals.sessions.length > 1, run: () => (show(), terminals.activateNext(1)) },
    { id: 'workbench.action.terminal.focusPrevious', category: 'Terminal', label: 'Focus Previous Terminal', when: () => terminals.sessions.length > 1, run: () => (show(), terminals.activateNext(-1)) },
  ];
}
