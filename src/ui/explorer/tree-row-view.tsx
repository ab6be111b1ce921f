import { observer } from 'mobx-react-lite';
import { computed } from 'mobx';
import { CSSProperties, DragEvent, MouseEvent, useMemo } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { ExplorerStore } from '../../application/files/explorer.store';
import { FileDecorationsStore } from '../../application/files/file-decorations.store';
import { NodeType } from '../../domain/fs/file-tree.types';
import { TreeRow } from '../../domain/fs/tree-rows';
import { useService } from '../di/container-context';
import { NameInput } from './name-input';

export const ROW_HEIGHT = 22;
const INDENT = 12;

/** What the tree hands each row for dragging and dropping (stable across renders, so rows need not re-render). */
export interface RowDnd {
  onDragStart(event: DragEvent, row: TreeRow): void;
  onDragOver(event: DragEvent, row: TreeRow): void;
  onDrop(event: DragEvent, row: TreeRow): void;
}

interface Props {
  row: TreeRow;
  /** Id of the group holding this row's children (nested rendering), for aria-owns. */
  groupId?: string;
  style?: CSSProperties;
  dnd: RowDnd;
  /** The row is where a drop would land. */
  dropTarget?: boolean;
}

const pad = (depth: number): CSSProperties => ({ paddingLeft: 8 + depth * INDENT });

/** One line of the explorer: a tree node, a listed entry, a note, or the name input of a new entry. */
export const TreeRowView = observer(function TreeRowView({ row, groupId, style, dnd, dropTarget }: Props) {
  const explorer = useService(ExplorerStore);
  const editor = useService(EditorStore);
  const decorations = useService(FileDecorationsStore);
  // Only the rows whose focus changes re-render when focus moves (not every row observing the focused one).
  const focusedBox = useMemo(() => computed(() => explorer.focusedRow?.key === row.key), [explorer, row.key]);

  if (row.kind === 'note') {
    return (
      <div role="none" className={`bp-tree-note ${row.tone === 'error' ? 'bp-error-text' : 'bp-muted'}`} style={{ ...style, ...pad(row.depth) }}>
        {row.text}
      </div>
    );
  }
  if (row.kind === 'new-entry') {
    const label = row.type === NodeType.Directory ? 'New folder name' : 'New file name';
    return (
      <div role="treeitem" aria-level={row.depth + 1} aria-label={label} className="bp-tree-row" style={{ ...style, ...pad(row.depth) }} data-key={row.key}>
        <span className="bp-tree-icon" aria-hidden>{row.type === NodeType.Directory ? '▸' : '·'}</span>
        <NameInput label={label} initial="" />
      </div>
    );
  }

  const focused = focusedBox.get();
  const renaming = row.kind === 'node' && explorer.edit?.kind === 'rename' && explorer.edit.id === row.id;
  const active = row.kind === 'node' && editor.activeFileId === row.id;
  const decoration = row.kind === 'node' && !row.isDirectory ? decorations.of(row.path) : undefined;
  const changedFolder = row.isDirectory && decorations.folderHasChanges(row.path);
  const classes = ['bp-tree-row', active && 'bp-tree-row-active', row.kind === 'listed' && 'bp-tree-row-listed', dropTarget && 'bp-tree-row-drop'];
  const onContextMenu = (event: MouseEvent) => {
    event.preventDefault();
    explorer.openMenu(row.key, { x: event.clientX, y: event.clientY });
  };
  return (
    <div
      role="treeitem"
      aria-level={row.depth + 1}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.isDirectory ? row.expanded : undefined}
      aria-selected={active}
      aria-owns={groupId}
      aria-label={decoration ? `${row.name}, ${decoration.tooltip}` : undefined}
      tabIndex={focused ? 0 : -1}
      className={classes.filter(Boolean).join(' ')}
      style={{ ...style, ...pad(row.depth) }}
      title={row.kind === 'listed' && !row.isDirectory ? `${row.path} (listed from disk; not synced for editing)` : undefined}
      data-path={row.path}
      data-key={row.key}
      data-badge={decoration?.badge}
      draggable={explorer.isDraggable(row)}
      onClick={() => explorer.activate(row.key)}
      onFocus={(event) => event.target === event.currentTarget && explorer.focus(row.key)}
      onContextMenu={onContextMenu}
      onDragStart={(event) => dnd.onDragStart(event, row)}
      onDragOver={(event) => dnd.onDragOver(event, row)}
      onDrop={(event) => dnd.onDrop(event, row)}
    >
      <span className="bp-tree-icon" aria-hidden>{row.isDirectory ? (row.expanded ? '▾' : '▸') : '·'}</span>
      {renaming ? (
        <NameInput label={`Rename ${row.name}`} initial={row.name} />
      ) : (
        <span className="bp-tree-name">
          {row.name}
          {row.kind === 'listed' && row.isSymlink ? ' →' : ''}
        </span>
      )}
      {changedFolder && <span className="bp-git-dot" title="Contains changes" aria-label="Contains changes" role="img" />}
      {decoration && (
        <span className="bp-git-badge" title={decoration.tooltip} data-testid="git-badge">
          {decoration.badge}
        </span>
      )}
    </div>
  );
});
