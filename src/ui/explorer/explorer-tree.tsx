import { observer } from 'mobx-react-lite';
import { DragEvent, FocusEvent, KeyboardEvent, ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { ExplorerStore } from '../../application/files/explorer.store';
import { FileTransfersStore, UploadSource } from '../../application/files/file-transfers.store';
import { ROOT_ID } from '../../domain/fs/file-tree.types';
import { TreeRow } from '../../domain/fs/tree-rows';
import { useService } from '../di/container-context';
import { rowSelector } from './row-selector';
import { ExplorerContextMenu } from './explorer-context-menu';
import { ROW_HEIGHT, RowDnd, TreeRowView } from './tree-row-view';

/** Above this many visible rows the tree renders only the rows in view (a folder of 10,000 files stays fast). */
export const VIRTUALIZE_ABOVE = 2000;
const OVERSCAN = 20;
const NODE_MIME = 'application/x-bullpen-node';

/** A dropped file's bytes (FileReader: it works wherever File does). */
function readFile(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsArrayBuffer(file);
  });
}

const fromFile = (file: File): UploadSource => ({ name: file.name, size: file.size, read: () => readFile(file) });
const hasType = (event: DragEvent, type: string): boolean => Array.from(event.dataTransfer?.types ?? []).includes(type);
/** What is dragged: tree nodes (a move), files from the desktop (an upload), or something the tree does not take. */
const dragged = (event: DragEvent): 'nodes' | 'files' | undefined => (hasType(event, NODE_MIME) ? 'nodes' : hasType(event, 'Files') ? 'files' : undefined);

/** Nested rendering: each open folder's children in a role=group list owned by the folder's row. */
function nested(rows: readonly TreeRow[], dnd: RowDnd, dropKey: string | undefined): ReactNode {
  let index = 0;
  const level = (depth: number): ReactNode[] => {
    const items: ReactNode[] = [];
    while (index < rows.length && rows[index].depth === depth) {
      const row = rows[index++];
      const hasChildren = index < rows.length && rows[index].depth > depth;
      const groupId = hasChildren ? `bp-tree-group-${row.key}` : undefined;
      items.push(
        <li role="none" key={row.key}>
          <TreeRowView row={row} groupId={groupId} dnd={dnd} dropTarget={dropKey === row.key} />
          {hasChildren && (
            <ul role="group" id={groupId} className="bp-tree-group">
              {level(depth + 1)}
            </ul>
          )}
        </li>,
      );
    }
    return items;
  };
  return level(0);
}

/**
 * The last focus request each store's tree has seen, kept while the tree is not shown: a request made meanwhile
 * (Ctrl+Shift+E from another side view shows the explorer and asks for focus before the tree mounts) is taken on mount.
 */
const seenRequests = new WeakMap<ExplorerStore, number>();

/** The file tree: role=tree with roving focus, keyboard navigation, drag and drop, and a context menu. */
export const ExplorerTree = observer(function ExplorerTree() {
  const explorer = useService(ExplorerStore);
  const transfers = useService(FileTransfersStore);
  const scroller = useRef<HTMLDivElement>(null);
  const [dropKey, setDropKey] = useState<string | undefined>(undefined);
  const [viewport, setViewport] = useState({ top: 0, height: 800 });
  const pendingFocus = useRef(false);
  const lastRequest = useRef(seenRequests.get(explorer) ?? explorer.focusRequest);
  const rows = explorer.rows;
  const accepts = (event: DragEvent) => {
    const kind = dragged(event);
    return kind !== undefined && explorer.acceptsDrop(kind);
  };
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const focusedKey = explorer.focusedRow?.key;

  // A focus request (keyboard move, reveal, end of an edit) puts DOM focus on the focused row once it is rendered.
  if (explorer.focusRequest !== lastRequest.current) {
    lastRequest.current = explorer.focusRequest;
    pendingFocus.current = true;
  }
  seenRequests.set(explorer, lastRequest.current);
  useLayoutEffect(() => {
    if (!pendingFocus.current || focusedKey === undefined) return;
    const element = scroller.current?.querySelector<HTMLElement>(rowSelector(focusedKey));
    if (!element) return;
    pendingFocus.current = false;
    if (explorer.edit || explorer.menu) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView?.({ block: 'nearest' });
  });

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewport({ top: element.scrollTop, height: element.clientHeight }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // One object for the tree's lifetime: rows are memoised on their props and must not re-render for a new one.
  const latest = useRef({ setDropKey, drop: (_event: DragEvent, _parentId: string | undefined) => undefined as void });
  latest.current = { setDropKey, drop };
  const dnd = useRef<RowDnd>({
    onDragStart(event, row) {
      if (row.kind !== 'node') return;
      event.dataTransfer.setData(NODE_MIME, row.id);
      event.dataTransfer.setData('text/plain', row.path);
      event.dataTransfer.effectAllowed = 'copyMove';
    },
    onDragOver(event, row) {
      if (!accepts(event)) return;
      const key = explorer.dropDirectoryKey(row.key);
      if (key === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = hasType(event, NODE_MIME) ? 'move' : 'copy';
      latest.current.setDropKey(key);
    },
    onDrop(event, row) {
      event.preventDefault();
      event.stopPropagation();
      latest.current.setDropKey(undefined);
      latest.current.drop(event, explorer.dropDirectory(row.key));
    },
  }).current;

  function drop(event: DragEvent, parentId: string | undefined): void {
    if (parentId === undefined) return;
    const id = event.dataTransfer.getData(NODE_MIME);
    if (id) void explorer.move(id, parentId);
    else if (event.dataTransfer.files.length > 0) void transfers.upload(parentId, Array.from(event.dataTransfer.files, fromFile));
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.target as HTMLElement).tagName === 'INPUT' || event.altKey || event.ctrlKey || event.metaKey) return;
    if ((event.shiftKey && event.key === 'F10') || event.key === 'ContextMenu') {
      event.preventDefault();
      const key = explorer.focusedRow?.key;
      if (key) explorer.openMenu(key);
      return;
    }
    if (explorer.handleKey(event.key)) event.preventDefault();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) explorer.setTreeFocused(false);
  };

  let body: ReactNode;
  if (!virtual) body = nested(rows, dnd, dropKey);
  else {
    const first = Math.max(0, Math.floor(viewport.top / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(rows.length, Math.ceil((viewport.top + viewport.height) / ROW_HEIGHT) + OVERSCAN);
    const shown = new Set<number>();
    for (let index = first; index < last; index++) shown.add(index);
    const focusedIndex = focusedKey === undefined ? undefined : explorer.rowIndex.get(focusedKey);
    if (focusedIndex !== undefined) shown.add(focusedIndex); // roving focus needs its row in the DOM
    body = [...shown].sort((a, b) => a - b).map((index) => (
      <li role="none" key={rows[index].key}>
        <TreeRowView row={rows[index]} dnd={dnd} dropTarget={dropKey === rows[index].key} style={{ position: 'absolute', top: index * ROW_HEIGHT, left: 0, right: 0 }} />
      </li>
    ));
  }

  return (
    <div
      ref={scroller}
      className={`bp-explorer-scroll${dropKey === 'root' ? ' bp-drop-root' : ''}`}
      onScroll={(event) => virtual && setViewport({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
      onFocus={() => explorer.setTreeFocused(true)}
      onBlur={onBlur}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        setDropKey('root');
      }}
      onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setDropKey(undefined)}
      onDrop={(event) => {
        event.preventDefault();
        setDropKey(undefined);
        drop(event, ROOT_ID);
      }}
    >
      <ul
        role="tree"
        aria-label="Files"
        className="bp-tree"
        data-testid="file-tree"
        data-virtual={virtual || undefined}
        style={virtual ? { height: rows.length * ROW_HEIGHT } : undefined}
        onKeyDown={onKeyDown}
      >
        {body}
      </ul>
      <ExplorerContextMenu />
    </div>
  );
});
