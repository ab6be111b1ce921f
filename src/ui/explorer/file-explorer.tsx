import { observer } from 'mobx-react-lite';
import { KeyboardEvent } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { FileTreeStore } from '../../application/files/file-tree.store';
import { NodeType, ROOT_ID, TreeNode } from '../../domain/fs/file-tree.types';
import { useService } from '../di/container-context';

const TreeRow = observer(function TreeRow({ node, depth }: { node: TreeNode; depth: number }) {
  const files = useService(FileTreeStore);
  const editor = useService(EditorStore);
  const isDir = node.type === NodeType.Directory;
  const expanded = files.expanded.has(node.id);
  const active = editor.activeFileId === node.id;
  const activate = () => (isDir ? files.toggle(node.id) : void editor.open(node.id));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate();
    } else if (isDir && e.key === 'ArrowRight' && !expanded) files.toggle(node.id);
    else if (isDir && e.key === 'ArrowLeft' && expanded) files.toggle(node.id);
  };
  return (
    <li role="none">
      <div
        role="treeitem"
        aria-expanded={isDir ? expanded : undefined}
        aria-selected={active}
        tabIndex={0}
        className={`bp-tree-row${active ? ' bp-tree-row-active' : ''}`}
        style={{ paddingLeft: 8 + depth * 12 }}
        onClick={activate}
        onKeyDown={onKeyDown}
        data-path={files.pathOf(node.id)}
      >
        <span className="bp-tree-icon" aria-hidden>{isDir ? (expanded ? '▾' : '▸') : '·'}</span>
        {node.name}
      </div>
      {isDir && expanded && (files.isListedOnDemand(node.id) ? <ListedChildren path={files.pathOf(node.id) ?? node.name} depth={depth + 1} /> : <TreeChildren parentId={node.id} depth={depth + 1} />)}
    </li>
  );
});

/** Entries of a directory the tree does not hold (node_modules), listed from disk when opened; read-only here. */
const ListedChildren = observer(function ListedChildren({ path, depth }: { path: string; depth: number }) {
  const files = useService(FileTreeStore);
  const listing = files.listings.get(path);
  const pad = { paddingLeft: 8 + depth * 12 };
  if (!listing || listing.kind === 'loading') return <div className="bp-muted bp-tree-note" style={pad}>Listing…</div>;
  if (listing.kind === 'failed') return <div className="bp-error-text bp-tree-note" style={pad}>{listing.message}</div>;
  if (listing.entries.length === 0) return <div className="bp-muted bp-tree-note" style={pad}>Empty</div>;
  return (
    <ul role="group" className="bp-tree-group">
      {listing.entries.map((entry) => {
        const child = `${path}/${entry.name}`;
        const open = files.expandedPaths.has(child);
        const toggle = () => entry.isDirectory && files.togglePath(child);
        return (
          <li role="none" key={entry.name}>
            <div
              role="treeitem"
              aria-expanded={entry.isDirectory ? open : undefined}
              aria-selected={false}
              tabIndex={0}
              className="bp-tree-row bp-tree-row-listed"
              style={pad}
              title={entry.isDirectory ? child : `${child} (listed from disk; not synced for editing)`}
              data-path={child}
              onClick={toggle}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ' || (e.key === 'ArrowRight' && !open) || (e.key === 'ArrowLeft' && open)) {
                  e.preventDefault();
                  toggle();
                }
              }}
            >
              <span className="bp-tree-icon" aria-hidden>{entry.isDirectory ? (open ? '▾' : '▸') : '·'}</span>
              {entry.name}
              {entry.isSymlink ? ' →' : ''}
            </div>
            {entry.isDirectory && open && <ListedChildren path={child} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
});

const TreeChildren = observer(function TreeChildren({ parentId, depth }: { parentId: string; depth: number }) {
  const files = useService(FileTreeStore);
  return (
    <ul role="group" className="bp-tree-group">
      {files.children(parentId).map((child) => (
        <TreeRow key={child.id} node={child} depth={depth} />
      ))}
    </ul>
  );
});

/** The sandbox's files; Enter or click opens, arrows fold directories. */
export const FileExplorer = observer(function FileExplorer() {
  const files = useService(FileTreeStore);
  return (
    <nav className="bp-explorer" aria-label="Files">
      <div className="bp-panel-title">Explorer</div>
      {files.loaded ? (
        <ul role="tree" className="bp-tree" data-testid="file-tree">
          {files.children(ROOT_ID).map((child) => (
            <TreeRow key={child.id} node={child} depth={0} />
          ))}
        </ul>
      ) : (
        <div className="bp-muted">Loading</div>
      )}
    </nav>
  );
});
