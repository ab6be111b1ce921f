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
      {isDir && expanded && <TreeChildren parentId={node.id} depth={depth + 1} />}
    </li>
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
