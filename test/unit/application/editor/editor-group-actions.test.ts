import 'reflect-metadata';
import { EDITOR_GROUP_ACTION_IDS, editorGroupActions } from '../../../../src/application/editor/editor-group-actions';
import { EditorGroupsStore } from '../../../../src/application/editor/editor-groups.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { QuickInputStore } from '../../../../src/application/workbench/quick-input.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { ActionRegistry, paletteLabel } from '../../../../src/application/workbench/action-registry';
import { workbenchActions } from '../../../../src/application/workbench/workbench-actions';

describe('editorGroupActions', () => {
  const groups = new EditorGroupsStore();
  const declarations = editorGroupActions({ groups, editor: {} as EditorStore });

  it('declares the editor group actions with keys Chromium leaves to the page', () => {
    expect(declarations.map((a) => [paletteLabel(a), a.keybinding])).toEqual([
      ['View: Close Editor', 'Alt+W'],
      ['View: Reopen Closed Editor', 'Alt+Shift+T'],
      ['View: Split Editor', 'CtrlCmd+\\'],
      ['View: Focus First Editor Group', 'CtrlCmd+1'],
      ['View: Focus Second Editor Group', 'CtrlCmd+2'],
      ['View: Open Next Editor', 'Alt+PageDown'],
      ['View: Open Previous Editor', 'Alt+PageUp'],
      ['View: Move Editor into Other Group', undefined],
      ['View: Close Editor Group', undefined],
    ]);
    const registry = new ActionRegistry();
    registry.register(declarations);
    expect(registry.get(EDITOR_GROUP_ACTION_IDS.split)?.keyLabel).toBe('Ctrl+\\');
  });

  it('owns Close Editor (Alt+W) alone: the workbench no longer declares it', () => {
    const all = [...workbenchActions({ layout: {} as LayoutStore, quickInput: {} as QuickInputStore, editor: {} as EditorStore }), ...declarations];
    expect(all.filter((a) => a.id === EDITOR_GROUP_ACTION_IDS.close)).toHaveLength(1);
    const keys = all.flatMap((a) => (a.keybinding ? [a.keybinding] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('closes and splits only while the active group shows a file; reopens only after a close', () => {
    const when = (id: string) => declarations.find((a) => a.id === id)!.when!();
    expect(when(EDITOR_GROUP_ACTION_IDS.close)).toBe(false);
    expect(when(EDITOR_GROUP_ACTION_IDS.split)).toBe(false);
    expect(when(EDITOR_GROUP_ACTION_IDS.reopen)).toBe(false);
    groups.open({ kind: 'file', fileId: 'f1', path: 'a.ts' });
    expect(when(EDITOR_GROUP_ACTION_IDS.close)).toBe(true);
    expect(when(EDITOR_GROUP_ACTION_IDS.split)).toBe(true);
    groups.closeActive();
    expect(when(EDITOR_GROUP_ACTION_IDS.reopen)).toBe(true);
  });
});
