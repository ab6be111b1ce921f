import 'reflect-metadata';
import { Container } from 'inversify';
import { configure } from 'mobx';
import { EditorNavigationStore } from '../../../../src/application/editor/editor-navigation.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FakeWorkspace, bindEditor } from '../../ui/support/editor-fakes';

configure({ enforceActions: 'never' });

const RANGE = { startLineNumber: 2, startColumn: 3, endLineNumber: 2, endColumn: 7 };

async function setUp() {
  const c = new Container();
  const errors = await bindEditor(c, new FakeWorkspace({ 'src/a.ts': 'one\ntwo two\n', 'b.md': '# b\n' }));
  return { errors, editor: c.get(EditorStore), navigation: c.get(EditorNavigationStore) };
}

describe('EditorNavigationStore', () => {
  it('opens a file by path (with or without a leading slash) and asks the editor to reveal the range', async () => {
    const { editor, navigation } = await setUp();
    expect(await navigation.openPathAt('/src/a.ts', RANGE)).toBe(true);
    expect(editor.tabs.map((t) => t.path)).toEqual(['src/a.ts']);
    const first = navigation.request!;
    expect(first).toMatchObject({ fileId: editor.activeFileId, range: RANGE });

    expect(await navigation.openPathAt('b.md', { ...RANGE, startLineNumber: 1, endLineNumber: 1 })).toBe(true);
    const second = navigation.request!;
    expect(second.id).toBeGreaterThan(first.id);
    // An old request being done does not drop the newer one.
    navigation.done(first.id);
    expect(navigation.request).toBe(second);
    navigation.done(second.id);
    expect(navigation.request).toBeUndefined();
  });

  it("says spec 002 §5's 'This file does not exist anymore' when the file is not in the workspace", async () => {
    const { errors, editor, navigation } = await setUp();
    expect(await navigation.openPathAt('gone.ts', RANGE)).toBe(false);
    expect(errors).toEqual(['Could not open gone.ts: This file does not exist anymore']);
    expect(editor.tabs).toEqual([]);
    expect(navigation.request).toBeUndefined();
  });
});
