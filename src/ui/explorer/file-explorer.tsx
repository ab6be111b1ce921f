import { observer } from 'mobx-react-lite';
import { EXPLORER_ACTION_IDS } from '../../application/files/explorer-actions';
import { FileTreeStore } from '../../application/files/file-tree.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { useService } from '../di/container-context';
import { DeleteDialog } from './delete-dialog';
import { ExplorerTree } from './explorer-tree';
import { TransfersView } from './transfers-view';
import './explorer.css';

const TOOLBAR = [
  { id: EXPLORER_ACTION_IDS.newFile, icon: '+', testId: 'explorer-new-file' },
  { id: EXPLORER_ACTION_IDS.newFolder, icon: '⊞', testId: 'explorer-new-folder' },
];

/**
 * The explorer side view: the sandbox's files with create, rename, move (drag and drop), delete, upload (drop files
 * from the desktop) and download, git decorations, and full keyboard use.
 */
export const FileExplorer = observer(function FileExplorer() {
  const files = useService(FileTreeStore);
  const actions = useService(ActionRegistry);
  return (
    <nav className="bp-explorer-view" aria-label="Explorer">
      <div className="bp-panel-title">
        <span>Explorer</span>
        <div className="bp-explorer-toolbar">
          {TOOLBAR.map(({ id, icon, testId }) => {
            const action = actions.get(id);
            if (action && !(action.when?.() ?? true)) return null;
            const label = action?.label.replace(/…$/, '') ?? id;
            return (
              <button key={id} type="button" className="bp-icon-button" aria-label={label} title={label} data-testid={testId} onClick={() => actions.run(id)}>
                <span aria-hidden>{icon}</span>
              </button>
            );
          })}
        </div>
      </div>
      {files.loaded ? <ExplorerTree /> : <div className="bp-muted">Loading</div>}
      <TransfersView />
      <DeleteDialog />
    </nav>
  );
});
