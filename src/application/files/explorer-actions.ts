import { NodeType } from '../../domain/fs/file-tree.types';
import { EditorStore } from '../editor/editor.store';
import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { ExplorerStore } from './explorer.store';
import { FileTransfersStore } from './file-transfers.store';

export interface ExplorerActionDeps {
  readonly explorer: ExplorerStore;
  readonly transfers: FileTransfersStore;
  readonly layout: LayoutStore;
  readonly editor: EditorStore;
}

/** Ids of the explorer's actions, for the context menu (which lists them from the registry). */
export const EXPLORER_ACTION_IDS = {
  newFile: 'explorer.newFile',
  newFolder: 'explorer.newFolder',
  rename: 'renameFile',
  delete: 'deleteFile',
  download: 'explorer.download',
  show: 'workbench.view.explorer',
  reveal: 'workbench.files.action.showActiveFileInExplorer',
} as const;

/** The explorer's actions (docs/client/workbench.md): declared once, shown in the palette, the context menu and keys. */
export function explorerActions({ explorer, transfers, layout, editor }: ExplorerActionDeps): ActionDeclaration[] {
  const inExplorer = (run: () => void) => () => {
    layout.showView('explorer');
    run();
  };
  // Creating, renaming and deleting need the permission to change files (a reader gets none of them).
  const canChange = () => explorer.canChange;
  return [
    { id: EXPLORER_ACTION_IDS.newFile, category: 'File', label: 'New File…', when: canChange, run: inExplorer(() => explorer.startCreate(NodeType.File)) },
    { id: EXPLORER_ACTION_IDS.newFolder, category: 'File', label: 'New Folder…', when: canChange, run: inExplorer(() => explorer.startCreate(NodeType.Directory)) },
    {
      id: EXPLORER_ACTION_IDS.rename,
      category: 'File',
      label: 'Rename',
      keybinding: 'F2',
      inInputs: false,
      when: () => canChange() && explorer.rowFocused,
      run: () => explorer.startRename(),
    },
    {
      id: EXPLORER_ACTION_IDS.delete,
      category: 'File',
      label: 'Delete',
      keybinding: 'Delete',
      inInputs: false,
      when: () => canChange() && explorer.rowFocused,
      run: () => explorer.requestDelete(),
    },
    {
      id: EXPLORER_ACTION_IDS.download,
      category: 'File',
      label: 'Download',
      when: () => explorer.targetPath !== undefined,
      run: () => {
        const path = explorer.targetPath;
        explorer.closeMenu();
        if (path !== undefined) void transfers.prepareDownload(path);
      },
    },
    { id: EXPLORER_ACTION_IDS.show, category: 'View', label: 'Show Explorer', keybinding: 'CtrlCmd+Shift+E', run: inExplorer(() => explorer.requestFocus()) },
    {
      id: EXPLORER_ACTION_IDS.reveal,
      category: 'File',
      label: 'Reveal Active File in Explorer',
      when: () => editor.activeFileId !== undefined,
      run: inExplorer(() => explorer.revealActiveFile()),
    },
  ];
}
