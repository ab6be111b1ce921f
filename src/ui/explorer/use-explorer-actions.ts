import { useEffect } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { explorerActions } from '../../application/files/explorer-actions';
import { ExplorerStore } from '../../application/files/explorer.store';
import { FileTransfersStore } from '../../application/files/file-transfers.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { LayoutStore } from '../../application/workbench/layout.store';
import { useService } from '../di/container-context';

/** Registers the explorer's actions for as long as the workbench shell is shown (small: the view itself loads lazily). */
export function useExplorerActions(actions: ActionRegistry): void {
  const explorer = useService(ExplorerStore);
  const transfers = useService(FileTransfersStore);
  const layout = useService(LayoutStore);
  const editor = useService(EditorStore);
  useEffect(() => actions.register(explorerActions({ explorer, transfers, layout, editor })), [actions, explorer, transfers, layout, editor]);
}
