import { EditorStore } from '../editor/editor.store';
import { ActionDeclaration } from './action-registry';
import { LayoutStore } from './layout.store';
import { QuickInputStore } from './quick-input.store';

export interface WorkbenchActionDeps {
  readonly layout: LayoutStore;
  readonly quickInput: QuickInputStore;
  readonly editor: EditorStore;
}

/**
 * The workbench's own actions; each view family declares its own next to its store (docs/client/workbench.md); the
 * editor groups' (Close Editor, split, reopen…) are in src/application/editor/editor-group-actions.ts.
 */
export function workbenchActions({ layout, quickInput, editor }: WorkbenchActionDeps): ActionDeclaration[] {
  return [
    { id: 'workbench.action.showCommands', label: 'Show All Commands', keybinding: 'CtrlCmd+Shift+P', run: () => quickInput.openCommands() },
    { id: 'workbench.action.quickOpen', label: 'Go to File…', keybinding: 'CtrlCmd+P', run: () => quickInput.openFiles() },
    { id: 'workbench.action.toggleSidebarVisibility', category: 'View', label: 'Toggle Side Bar', keybinding: 'CtrlCmd+B', run: () => layout.toggleSideBar() },
    { id: 'workbench.view.bullpen', category: 'View', label: 'Show Tasks and Setup', run: () => layout.showView('bullpen') },
    { id: 'workbench.action.togglePanel', category: 'View', label: 'Toggle Panel', keybinding: 'CtrlCmd+J', run: () => layout.togglePanel() },
    { id: 'workbench.action.tasks.show', category: 'Tasks', label: 'Show Tasks', run: () => layout.showPanel('tasks') },
    { id: 'workbench.action.ports.show', category: 'Ports', label: 'Show Ports', run: () => layout.showPanel('ports') },
    { id: 'workbench.action.problems.show', category: 'View', label: 'Show Problems', keybinding: 'CtrlCmd+Shift+M', run: () => layout.showPanel('problems') },
    { id: 'workbench.action.togglePreview', category: 'View', label: 'Toggle Preview', run: () => layout.togglePreview() },
    {
      id: 'workbench.action.files.save',
      category: 'File',
      label: 'Save',
      keybinding: 'CtrlCmd+S',
      when: () => editor.canSave && editor.activeFileId !== undefined,
      run: () => editor.save(),
    },
  ];
}
