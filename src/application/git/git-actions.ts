import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { GitAutofetch } from './git-autofetch';
import { GitStore } from './git.store';
import { ScmStore } from './scm.store';

export interface GitActionDeps {
  readonly layout: LayoutStore;
  readonly git: GitStore;
  readonly scm: ScmStore;
  readonly autofetch: Pick<GitAutofetch, 'canFetch' | 'fetchNow'>;
}

/**
 * The source control actions. Ctrl/Cmd+Enter commits only while the message box has focus (elsewhere the editor
 * keeps the key: `keyWhen`); the palette lists the commit whenever there is a repository. Each write is listed only
 * while this client may do it (ScmStore's permissions).
 */
export function gitActions({ layout, git, scm, autofetch }: GitActionDeps): ActionDeclaration[] {
  const isRepository = () => git.status !== undefined && git.status.branch !== '';
  return [
    { id: 'workbench.view.scm', category: 'View', label: 'Show Source Control', keybinding: 'CtrlCmd+Shift+G', run: () => layout.showView('scm') },
    {
      id: 'git.commit',
      category: 'Git',
      label: 'Commit',
      keybinding: 'CtrlCmd+Enter',
      when: () => isRepository() && scm.canCommit,
      keyWhen: () => scm.messageFocused,
      run: () => {
        layout.showView('scm');
        return scm.commit();
      },
    },
    { id: 'git.pull', category: 'Git', label: 'Pull', when: () => isRepository() && scm.canPull, run: () => scm.pull() },
    { id: 'git.push', category: 'Git', label: 'Push', when: () => isRepository() && scm.canPush, run: () => scm.push() },
    { id: 'git.fetch', category: 'Git', label: 'Fetch', when: () => autofetch.canFetch, run: () => autofetch.fetchNow() },
    {
      id: 'git.discardAll',
      category: 'Git',
      label: 'Discard All Changes',
      when: () => scm.canDiscard && git.changedFiles.length > 0,
      run: () => {
        layout.showView('scm');
        scm.requestDiscard();
      },
    },
    {
      id: 'git.renameBranch',
      category: 'Git',
      label: 'Rename Branch',
      when: () => scm.canRenameBranch && Boolean(git.status?.branch),
      run: () => {
        layout.showView('scm');
        scm.startBranchRename();
      },
    },
  ];
}
