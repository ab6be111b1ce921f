import { MAX_STATUS_CHANGES } from '../../domain/git/git-status';
import { observer } from 'mobx-react-lite';
import { GitStore } from '../../application/git/git.store';
import { ScmStore } from '../../application/git/scm.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { gitOperationNote, GitOperationNoteName } from '../../domain/git/operation-notes';
import { useService } from '../di/container-context';
import { DiscardDialog } from './discard-dialog';
import { ScmBranch } from './scm-branch';
import { ScmFileGroup } from './scm-file-group';
import './scm-view.css';

const OPERATIONS: readonly GitOperationNoteName[] = ['pull', 'commit', 'push'];

/** Progress of pull, commit and push, and why the last one failed (the lock message among them). */
const OperationNotes = observer(function OperationNotes() {
  const git = useService(GitStore);
  const notes = OPERATIONS.map((name) => ({ name, note: gitOperationNote(name, git[name]) }));
  return (
    <>
      {notes.map(({ name, note }) =>
        !note ? null : note.kind === 'busy' ? (
          <div key={name} className="bp-scm-note bp-scm-note-busy" role="status" data-testid={`scm-${name}-progress`}>
            <div className="bp-scm-progress" role="progressbar" aria-label={note.text} />
            {note.text}
          </div>
        ) : (
          <div key={name} className="bp-scm-note bp-scm-note-error" role="alert" data-testid={`scm-${name}-error`}>
            {note.text}
          </div>
        ),
      )}
    </>
  );
});

const CommitBox = observer(function CommitBox() {
  const git = useService(GitStore);
  const scm = useService(ScmStore);
  const actions = useService(ActionRegistry);
  const key = actions.get('git.commit')?.keyLabel ?? 'Ctrl+Enter';
  const staged = scm.groups.staged.length;
  const committing = git.commit.kind === 'RUNNING';
  const merging = git.status?.isMerging ?? false;
  return (
    <div className="bp-scm-commit">
      <textarea
        className="bp-scm-input bp-scm-message"
        aria-label="Commit message"
        placeholder={`Message (${key} to commit)`}
        value={scm.message}
        onChange={(e) => scm.setMessage(e.target.value)}
        onFocus={() => scm.setMessageFocused(true)}
        onBlur={() => scm.setMessageFocused(false)}
        data-testid="scm-message"
      />
      <button className="bp-button bp-button-primary bp-scm-commit-button" disabled={committing} onClick={() => void scm.commit()} data-testid="scm-commit">
        {merging ? 'Commit Merge' : staged > 0 ? `Commit ${staged} Staged` : 'Commit All'}
      </button>
      <span className="bp-scm-hint">
        {merging
          ? 'A merge is in progress: the commit concludes it with every change.'
          : staged > 0
            ? `Commits the ${staged === 1 ? 'file' : `${staged} files`} staged for the next commit.`
            : 'Nothing is staged for the next commit: commits every change.'}
      </span>
      {scm.commitError && (
        <div role="alert" className="bp-scm-note-error" data-testid="scm-commit-refused">
          {scm.commitError}
        </div>
      )}
    </div>
  );
});

/** The source control side view (activity bar 'scm'). */
/** VS Code's words for the same cut (its git.statusLimit), with Bullpen's limit. */
const TOO_MANY_CHANGES = `Too many changes were detected. Only the first ${MAX_STATUS_CHANGES.toLocaleString('en')} changes are shown below.`;

export const ScmView = observer(function ScmView() {
  const git = useService(GitStore);
  const scm = useService(ScmStore);
  const status = git.status;
  const busy = scm.isSyncing;
  return (
    <div className="bp-scm" data-testid="scm-view">
      <div className="bp-panel-title">
        <span>Source Control</span>
        <span className="bp-scm-toolbar" role="toolbar" aria-label="Source control actions">
          {scm.canPull && (
            <button className="bp-icon-button" title="Pull" aria-label="Pull" disabled={busy} onClick={() => void scm.pull()}>
              ⇣
            </button>
          )}
          {scm.canPush && (
            <button className="bp-icon-button" title="Push" aria-label="Push" disabled={busy} onClick={() => void scm.push()}>
              ⇡
            </button>
          )}
          {scm.canDiscard && (
            <button className="bp-icon-button" title="Discard All Changes" aria-label="Discard all changes" onClick={() => scm.requestDiscard()}>
              ↶
            </button>
          )}
        </span>
      </div>
      {status === undefined ? (
        <div className="bp-muted">Loading source control…</div>
      ) : status.branch === '' ? (
        <div className="bp-muted">The workspace is not a git repository.</div>
      ) : (
        <>
          <ScmBranch />
          {scm.canCommit && <CommitBox />}
          <OperationNotes />
          {scm.isListCut && (
            <div className="bp-muted" role="status" data-testid="scm-list-cut">
              {TOO_MANY_CHANGES}
            </div>
          )}
          <ScmFileGroup group="conflicts" />
          <ScmFileGroup group="staged" />
          <ScmFileGroup group="changes" />
        </>
      )}
      {scm.discardPrompt && <DiscardDialog />}
    </div>
  );
});
