import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { TerminalsStore } from './terminals.store';

export interface TerminalActionDeps {
  readonly terminals: TerminalsStore;
  readonly layout: LayoutStore;
}

/** The terminal panel's actions (palette, key bindings and the panel's buttons read these). */
export function terminalActions({ terminals, layout }: TerminalActionDeps): ActionDeclaration[] {
  const hasActive = () => terminals.active !== undefined;
  const show = () => layout.showPanel('terminal');
  return [
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
