import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { GitStore } from './git.store';
import { ScmStore } from './scm.store';

export interface GitActionDeps {
  readonly layout: LayoutStore;
  readonly git: GitStore;
  readonly scm: ScmStore;
}

/**
 * The source control actions. Ctrl/Cmd+Enter commits only while the message box has focus (elsewhere the editor
 * keeps the key): that declaration's precondition is the focus, so the palette, whose input has the focus while it
 * is open, lists the commit through a second declaration without a key.
 */
export function gitActions({ layout, git, scm }: GitActionDeps): ActionDeclaration[] {
  const isRepository = () => git.status !== undefined && git.status.branch !== '';
  return [
    { id: 'workbench.view.scm', category: 'View', label: 'Show Source Control', keybinding: 'CtrlCmd+Shift+G', run: () => layout.showView('scm') },
    { id: 'git.commit', category: 'Git', label: 'Commit', keybinding: 'CtrlCmd+Enter', when: () => scm.messageFocused, run: () => scm.commit() },
    {
      id: 'git.commitFromPalette',
      category: 'Git',
      label: 'Commit',
      when: () => !scm.messageFocused && isRepository(),
      run: () => {
        layout.showView('scm');
        return scm.commit();
      },
    },
    { id: 'git.pull', category: 'Git', label: 'Pull', when: isRepository, run: () => scm.pull() },
    { id: 'git.push', category: 'Git', label: 'Push', when: isRepository, run: () => scm.push() },
    {
      id: 'git.discardAll',
      category: 'Git',
      label: 'Discard All Changes',
      when: () => git.changedFiles.length > 0,
      run: () => {
        layout.showView('scm');
        scm.requestDiscard();
      },
    },
    {
      id: 'git.renameBranch',
      category: 'Git',
      label: 'Rename Branch',
      when: () => Boolean(git.status?.branch),
      run: () => {
        layout.showView('scm');
        scm.startBranchRename();
      },
    },
  ];
}
