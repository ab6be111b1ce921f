import 'reflect-metadata';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { EXPLORER_ACTION_IDS, explorerActions } from '../../../../src/application/files/explorer-actions';
import { ExplorerStore } from '../../../../src/application/files/explorer.store';
import { FileTransfersStore } from '../../../../src/application/files/file-transfers.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { QuickInputStore } from '../../../../src/application/workbench/quick-input.store';
import { workbenchActions } from '../../../../src/application/workbench/workbench-actions';
import { paletteLabel } from '../../../../src/application/workbench/action-registry';

describe('explorerActions', () => {
  const layout = { showView: jest.fn() } as unknown as LayoutStore;
  const explorer = { rowFocused: false, canChange: true, targetPath: undefined, requestFocus: jest.fn() } as unknown as ExplorerStore;
  const declarations = explorerActions({ explorer, transfers: {} as FileTransfersStore, layout, editor: { activeFileId: undefined } as EditorStore });

  it("declares the brief's actions with their labels and keys", () => {
    expect(declarations.map((a) => [paletteLabel(a), a.keybinding])).toEqual([
      ['File: New File…', undefined],
      ['File: New Folder…', undefined],
      ['File: Rename', 'F2'],
      ['File: Delete', 'Delete'],
      ['File: Download', undefined],
      ['View: Show Explorer', 'CtrlCmd+Shift+E'],
      ['File: Reveal Active File in Explorer', undefined],
    ]);
  });

  it('owns Ctrl/Cmd+Shift+E alone: the workbench no longer declares it', () => {
    const all = [...workbenchActions({ layout, quickInput: {} as QuickInputStore, editor: {} as EditorStore }), ...declarations];
    expect(all.filter((a) => a.keybinding === 'CtrlCmd+Shift+E').map((a) => a.id)).toEqual([EXPLORER_ACTION_IDS.show]);
    expect(all.filter((a) => a.id === EXPLORER_ACTION_IDS.show)).toHaveLength(1);
  });

  it('Rename and Delete apply only while a row has focus and never inside text fields', () => {
    const rename = declarations.find((a) => a.id === EXPLORER_ACTION_IDS.rename)!;
    expect(rename.when?.()).toBe(false);
    expect(rename.inInputs).toBe(false);
    expect(declarations.find((a) => a.id === EXPLORER_ACTION_IDS.delete)!.inInputs).toBe(false);
  });

  it('offers New File, New Folder, Rename and Delete only while files may be changed; Download always', () => {
    const focused = { rowFocused: true, canChange: true, targetPath: 'README.md', requestFocus: jest.fn() };
    const actions = explorerActions({ explorer: focused as unknown as ExplorerStore, transfers: {} as FileTransfersStore, layout, editor: { activeFileId: undefined } as EditorStore });
    const available = () => actions.filter((a) => a.when?.() ?? true).map((a) => a.id);
    const writes = [EXPLORER_ACTION_IDS.newFile, EXPLORER_ACTION_IDS.newFolder, EXPLORER_ACTION_IDS.rename, EXPLORER_ACTION_IDS.delete];
    expect(available()).toEqual(expect.arrayContaining([...writes, EXPLORER_ACTION_IDS.download]));
    focused.canChange = false;
    expect(available().filter((id) => (writes as string[]).includes(id))).toEqual([]);
    expect(available()).toContain(EXPLORER_ACTION_IDS.download);
  });
});
