import { useEffect } from 'react';
import { gitActions } from '../../application/git/git-actions';
import { GitAutofetch } from '../../application/git/git-autofetch';
import { GitStore } from '../../application/git/git.store';
import { ScmStore } from '../../application/git/scm.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { LayoutStore } from '../../application/workbench/layout.store';
import { useService } from '../di/container-context';

/** Registers the source control actions for as long as the workbench shell is shown (the view itself loads lazily). */
export function useScmActions(actions: ActionRegistry): void {
  const layout = useService(LayoutStore);
  const git = useService(GitStore);
  const scm = useService(ScmStore);
  const autofetch = useService(GitAutofetch);
  useEffect(() => actions.register(gitActions({ layout, git, scm, autofetch })), [actions, layout, git, scm, autofetch]);
}
