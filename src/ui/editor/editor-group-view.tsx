import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { CSSProperties, lazy, Suspense, useEffect } from 'react';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { EditorStatusStore } from '../../application/editor/editor-status.store';
import { EditorStore } from '../../application/editor/editor.store';
import { DiffTabsStore } from '../../application/git/diff-tabs.store';
import { EditorGroup, activeFileOf, fileTabsOf } from '../../domain/editor/editor-groups';
import { useService } from '../di/container-context';
import { EditorTabStrip } from './editor-tab-strip';
import { NewTabPage } from './new-tab-page';

/** Monaco is the largest part of the client: it loads in its own chunk, started early by src/main.tsx. */
const MonacoView = lazy(() => import(/* webpackChunkName: "editor" */ './monaco-view').then((m) => ({ default: m.MonacoView })));
/** The diff editor of a source control diff tab: in the same chunk as Monaco. */
const DiffView = lazy(() => import(/* webpackChunkName: "editor" */ '../scm/diff-view').then((m) => ({ default: m.DiffView })));

/**
 * One editor group: its tab strip and what its active tab shows (the file in the group's own Monaco editor, or a
 * new-tab page). The first group's editor is made at once; another group's when it first has a file. The first group
 * also shows the source control diff tabs. A click or focus inside a group makes it the active group.
 */
export const EditorGroupView = observer(function EditorGroupView({ group, position, style }: { group: EditorGroup; position: number; style?: CSSProperties }) {
  const groups = useService(EditorGroupsStore);
  const editor = useService(EditorStore);
  const diffs = useService(DiffTabsStore);
  const status = useService(EditorStatusStore);
  const file = activeFileOf(group);
  const focused = groups.activeGroup.id === group.id;
  const showsDiff = position === 0 && diffs.active !== undefined;
  // A focused group showing no file has no cursor or language for the status bar.
  useEffect(
    () =>
      reaction(
        () => {
          const current = groups.group(group.id);
          return groups.activeGroup.id === group.id && current !== undefined && activeFileOf(current) === undefined;
        },
        (showsNoFile) => showsNoFile && status.clear(),
        { fireImmediately: true },
      ),
    [groups, group.id, status],
  );
  return (
    <div
      role="group"
      aria-label={`Editor group ${position + 1}`}
      className={`bp-editor-group${focused ? ' bp-editor-group-focused' : ''}`}
      data-group={position + 1}
      style={style}
      onFocus={() => groups.focus(group.id)}
      onMouseDown={() => groups.focus(group.id)}
    >
      <EditorTabStrip group={group} position={position} />
      <div className="bp-editor-body">
        {(position === 0 || fileTabsOf(group).length > 0) && (
          <Suspense fallback={<div className="bp-new-tab" data-testid="editor-loading">Loading the editor…</div>}>
            <MonacoView groupId={group.id} />
          </Suspense>
        )}
        {file && editor.binaryFileIds.has(file.fileId) && <div className="bp-binary-notice">This file is binary and cannot be shown as text.</div>}
        {!file && <NewTabPage groupId={group.id} />}
        {showsDiff && (
          <Suspense fallback={<div className="bp-new-tab">Loading the diff…</div>}>
            <DiffView />
          </Suspense>
        )}
      </div>
    </div>
  );
});
