import { observer } from 'mobx-react-lite';
import { KeyboardEvent } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { FileTreeStore } from '../../application/files/file-tree.store';
import { DiffTabsStore } from '../../application/git/diff-tabs.store';
import { ScmStore } from '../../application/git/scm.store';
import { SCM_GROUP_TITLES, ScmFile, ScmGroupId } from '../../domain/git/scm-groups';
import { useService } from '../di/container-context';

const ScmFileRow = observer(function ScmFileRow({ file, group }: { file: ScmFile; group: ScmGroupId }) {
  const scm = useService(ScmStore);
  const diffs = useService(DiffTabsStore);
  const editor = useService(EditorStore);
  const files = useService(FileTreeStore);
  const slash = file.path.lastIndexOf('/');
  const name = file.path.slice(slash + 1);
  const dir = slash < 0 ? '' : file.path.slice(0, slash);
  const openFile = () => {
    const node = files.fileAt(file.path);
    if (node) void editor.open(node.id);
  };
  // A conflicted file opens in the editor, where its conflict blocks can be accepted; any other shows its diff.
  const open = () => (file.isConflicted ? openFile() : void diffs.open(file.path));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      open();
    } else if (e.key === ' ' && group !== 'conflicts' && scm.canCommit) {
      e.preventDefault();
      if (group === 'staged') scm.unstage(file.path);
      else scm.stage(file.path);
    }
  };
  const { badge, tooltip } = file.decoration;
  return (
    <li
      role="listitem"
      tabIndex={0}
      className={`bp-scm-row${file.deleted ? ' bp-scm-row-deleted' : ''}`}
      data-path={file.path}
      data-group={group}
      aria-label={`${file.path}, ${tooltip}`}
      title={`${file.path} • ${tooltip}`}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      {group !== 'conflicts' && scm.canCommit && (
        <input
          type="checkbox"
          checked={group === 'staged'}
          aria-label={`Stage ${file.path} for the next commit`}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => (e.target.checked ? scm.stage(file.path) : scm.unstage(file.path))}
        />
      )}
      <span className="bp-scm-name">{name}</span>
      <span className="bp-scm-dir">{dir}</span>
      <span className="bp-scm-row-actions" onClick={(e) => e.stopPropagation()}>
        {!file.deleted && (
          <button className="bp-icon-button" title="Open File" aria-label={`Open ${file.path}`} onClick={openFile}>
            ↗
          </button>
        )}
        {scm.canDiscard && (
          <button className="bp-icon-button" title="Discard Changes" aria-label={`Discard changes in ${file.path}`} onClick={() => scm.requestDiscard([file.path])}>
            ↶
          </button>
        )}
      </span>
      <span className="bp-scm-badge" data-badge={badge} title={tooltip} aria-hidden>
        {badge}
      </span>
    </li>
  );
});

/** One of the view's lists: conflicts, the files staged for the next commit, or the other changes. */
export const ScmFileGroup = observer(function ScmFileGroup({ group }: { group: ScmGroupId }) {
  const scm = useService(ScmStore);
  const files = scm.groups[group];
  if (files.length === 0 && group !== 'changes') return null;
  const title = SCM_GROUP_TITLES[group];
  const headingId = `bp-scm-group-${group}`;
  return (
    <section aria-labelledby={headingId} data-testid={`scm-group-${group}`}>
      <div className="bp-scm-group-header">
        <span id={headingId}>
          {title}
          <span className="bp-scm-count" aria-label={`${files.length} files`}>
            {files.length}
          </span>
        </span>
        {group === 'changes' && files.length > 0 && scm.canCommit && (
          <button className="bp-icon-button" title="Stage All Changes" aria-label="Stage all changes for the next commit" onClick={() => scm.stageAll()}>
            +
          </button>
        )}
        {group === 'staged' && scm.canCommit && (
          <button className="bp-icon-button" title="Unstage All" aria-label="Unstage all files" onClick={() => scm.unstageAll()}>
            −
          </button>
        )}
      </div>
      {files.length === 0 ? (
        <div className="bp-scm-empty">No changes</div>
      ) : (
        <ul role="list" className="bp-scm-list" aria-labelledby={headingId}>
          {files.map((file) => (
            <ScmFileRow key={file.path} file={file} group={group} />
          ))}
        </ul>
      )}
    </section>
  );
});
