import { observer } from 'mobx-react-lite';
import { KeyboardEvent } from 'react';
import { GitAutofetch } from '../../application/git/git-autofetch';
import { GitStore } from '../../application/git/git.store';
import { ScmStore } from '../../application/git/scm.store';
import { useService } from '../di/container-context';

/** The branch name; a click (or Git: Rename Branch) turns it into an input (spec 002 §4 "Branch rename"). */
export const ScmBranch = observer(function ScmBranch() {
  const git = useService(GitStore);
  const scm = useService(ScmStore);
  const autofetch = useService(GitAutofetch);
  const branch = git.branch;
  const renaming = git.rename.kind === 'RENAMING';
  const counts = scm.syncCounts;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void scm.renameBranch(e.currentTarget.value);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      scm.cancelBranchRename();
    }
  };
  return (
    <>
      <div className="bp-scm-branch-row">
        <span aria-hidden>⎇</span>
        {scm.branchEdit.kind === 'EDITING' ? (
          <input
            className="bp-scm-input"
            aria-label="New branch name"
            defaultValue={git.status?.branch ?? ''}
            autoFocus
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={onKeyDown}
            onBlur={() => scm.cancelBranchRename()}
            data-testid="scm-branch-input"
          />
        ) : branch ? (
          <button
            className={`bp-scm-branch${renaming ? ' bp-scm-branch-renaming' : ''}`}
            title="Rename branch"
            aria-label={`Branch ${branch}. Rename branch`}
            aria-busy={renaming}
            disabled={!scm.canRenameBranch}
            onClick={() => scm.startBranchRename()}
            data-testid="scm-branch"
          >
            {branch}
          </button>
        ) : (
          <span className="bp-muted">HEAD detached</span>
        )}
        {autofetch.fetching && (
          <span className="bp-scm-hint" role="status">
            Fetching…
          </span>
        )}
        {counts && (
          <span className="bp-scm-hint" aria-label={`${counts.behind} to pull, ${counts.ahead} to push`} data-testid="scm-sync-counts">
            {counts.behind}↓ {counts.ahead}↑
          </span>
        )}
      </div>
      {scm.renameError && (
        <div role="alert" className="bp-scm-note bp-scm-note-error" data-testid="scm-rename-error">
          {scm.renameError}
        </div>
      )}
    </>
  );
});
