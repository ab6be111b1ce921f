import { ActionDeclaration } from '../workbench/action-registry';
import { EditorGroupsStore } from './editor-groups.store';
import { EditorStore } from './editor.store';

export interface EditorGroupActionDeps {
  readonly groups: EditorGroupsStore;
  readonly editor: EditorStore;
}

export const EDITOR_GROUP_ACTION_IDS = {
  close: 'workbench.action.closeActiveEditor',
  reopen: 'workbench.action.reopenClosedEditor',
  split: 'workbench.action.splitEditor',
  focusFirst: 'workbench.action.focusFirstEditorGroup',
  focusSecond: 'workbench.action.focusSecondEditorGroup',
  next: 'workbench.action.nextEditor',
  previous: 'workbench.action.previousEditor',
  moveToOtherGroup: 'workbench.action.moveEditorToOtherGroup',
  closeGroup: 'workbench.action.closeGroup',
} as const;

/**
 * The editor groups' actions. Chromium keeps some keys for itself whatever the page does (Ctrl+W, Ctrl+Shift+T,
 * Ctrl+Tab, and Ctrl+PageUp/PageDown outside app and full-screen windows), so: Alt+W closes, Alt+Shift+T reopens,
 * Alt+PageDown / Alt+PageUp go to the next / previous tab.
 */
export function editorGroupActions({ groups, editor }: EditorGroupActionDeps): ActionDeclaration[] {
  const showsFile = () => groups.activeFile !== undefined;
  return [
    { id: EDITOR_GROUP_ACTION_IDS.close, category: 'View', label: 'Close Editor', keybinding: 'Alt+W', when: showsFile, run: () => groups.closeActive() },
    {
      id: EDITOR_GROUP_ACTION_IDS.reopen,
      category: 'View',
      label: 'Reopen Closed Editor',
      keybinding: 'Alt+Shift+T',
      when: () => groups.hasRecentlyClosed,
      run: () => editor.reopenClosed(),
    },
    { id: EDITOR_GROUP_ACTION_IDS.split, category: 'View', label: 'Split Editor', keybinding: 'CtrlCmd+\\', when: showsFile, run: () => groups.split() },
    { id: EDITOR_GROUP_ACTION_IDS.focusFirst, category: 'View', label: 'Focus First Editor Group', keybinding: 'CtrlCmd+1', run: () => groups.focusAt(0) },
    { id: EDITOR_GROUP_ACTION_IDS.focusSecond, category: 'View', label: 'Focus Second Editor Group', keybinding: 'CtrlCmd+2', run: () => groups.focusAt(1) },
    { id: EDITOR_GROUP_ACTION_IDS.next, category: 'View', label: 'Open Next Editor', keybinding: 'Alt+PageDown', run: () => groups.cycle(1) },
    { id: EDITOR_GROUP_ACTION_IDS.previous, category: 'View', label: 'Open Previous Editor', keybinding: 'Alt+PageUp', run: () => groups.cycle(-1) },
    { id: EDITOR_GROUP_ACTION_IDS.moveToOtherGroup, category: 'View', label: 'Move Editor into Other Group', when: showsFile, run: () => groups.moveActiveToOtherGroup() },
    { id: EDITOR_GROUP_ACTION_IDS.closeGroup, category: 'View', label: 'Close Editor Group', run: () => groups.closeGroup() },
  ];
}
