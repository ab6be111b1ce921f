import 'reflect-metadata';
import { Container } from 'inversify';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { workbenchActions } from '../../../../src/application/workbench/workbench-actions';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { QuickInputStore } from '../../../../src/application/workbench/quick-input.store';
import { unwrap } from '../../../../src/base/result';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { FakeWorkspace, bindEditor } from '../../ui/support/editor-fakes';
import { accessAs } from '../support/access';

async function setUp() {
  const c = new Container();
  const { access, connection } = accessAs('write');
  c.bind(AccessStore).toConstantValue(access);
  const workspace = new FakeWorkspace({ 'README.md': '# hi\n' });
  const saves: string[] = [];
  workspace.save = async (fileId?: string) => void saves.push(fileId!);
  await bindEditor(c, workspace);
  const editor = c.get(EditorStore);
  await editor.openInitialFile();
  const session = editor.active!;
  session.applyLocal(unwrap(TextOperation.fromJSON(['x', 5])));
  const save = workbenchActions({ layout: {} as LayoutStore, quickInput: {} as QuickInputStore, editor }).find((a) => a.id === 'workbench.action.files.save')!;
  return { editor, connection, saves, save };
}

describe('EditorStore and the current permissions', () => {
  it('is editable and saves while the client may write', async () => {
    const { editor, saves, save } = await setUp();
    expect(editor.canEdit).toBe(true);
    expect(save.when?.()).toBe(true);
    await editor.save();
    expect(saves).toHaveLength(1);
  });

  it('turns read-only and saves nothing (no Save action, Ctrl/Cmd+S and autosave do nothing) once the access is read', async () => {
    const { editor, connection, saves, save } = await setUp();
    connection.changeAccess('read');
    expect(editor.canEdit).toBe(false);
    expect(editor.canSave).toBe(false);
    expect(save.when?.()).toBe(false);
    await editor.save();
    expect(saves).toEqual([]);
    connection.changeAccess('write');
    expect(editor.canEdit).toBe(true);
    await editor.save();
    expect(saves).toHaveLength(1);
  });
});
