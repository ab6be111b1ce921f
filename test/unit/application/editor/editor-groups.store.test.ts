import 'reflect-metadata';
import { Container } from 'inversify';
import { configure } from 'mobx';
import { EditorGroupsStore, editorGroupsPreferenceKey } from '../../../../src/application/editor/editor-groups.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { FileTreeOperationResult } from '../../../../src/application/ports/file-tree.port';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { OpenBranchId } from '../../../../src/application/tokens';
import { NEW_TAB_KEY, fileKey, tabKey } from '../../../../src/domain/editor/editor-groups';
import { unwrap } from '../../../../src/base/result';
import { FsOperation } from '../../../../src/domain/fs/file-tree.types';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { FakeWorkspace, bindEditor } from '../../ui/support/editor-fakes';

configure({ enforceActions: 'never' });

const SANDBOX = 'sbx1';

class MemoryPreferences implements PreferencesPort {
  readonly values = new Map<string, unknown>();
  read = (key: string) => this.values.get(key);
  write = (key: string, value: unknown) => void this.values.set(key, JSON.parse(JSON.stringify(value)));
}

const FILES = { 'README.md': '# hi\n', 'src/a.ts': 'a', 'src/b.ts': 'b' };

async function setUp(preferences = new MemoryPreferences(), requested?: string) {
  const c = new Container();
  const workspace = new FakeWorkspace(FILES);
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue(preferences);
  c.bind<OpenBranchId>(OpenBranchId).toConstantValue(() => SANDBOX);
  const errors = await bindEditor(c, workspace);
  const editor = c.get(EditorStore);
  const groups = c.get(EditorGroupsStore);
  const files = c.get(FileTreeStore);
  const id = (path: string) => files.fileAt(path)!.id;
  editor.requestInitialFile(requested);
  await editor.openInitialFile();
  const paths = (position: number) => groups.groups[position].tabs.map((t) => (t.kind === 'file' ? t.path : t.kind));
  return { editor, groups, files, workspace, preferences, errors, id, paths };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('EditorGroupsStore with EditorStore', () => {
  it('starts with README.md in the first group and the sticky new-tab page in the second (spec 002 §2)', async () => {
    const { editor, groups, paths, id } = await setUp();
    expect(paths(0)).toEqual(['README.md']);
    expect(paths(1)).toEqual(['new-tab']);
    expect(editor.activeFileId).toBe(id('README.md'));
    expect(groups.activeGroup.id).toBe(groups.groups[0].id);
  });

  it('opens the requested file in the first group instead of the initial one', async () => {
    const { paths } = await setUp(new MemoryPreferences(), 'src/b.ts');
    expect(paths(0)).toEqual(['src/b.ts']);
  });

  it("acts on the active group through EditorStore's API", async () => {
    const { editor, groups, paths, id } = await setUp();
    groups.focusAt(1);
    expect(editor.activeFileId).toBeUndefined();
    await editor.open(id('src/a.ts'));
    expect(paths(1)).toEqual(['new-tab', 'src/a.ts']);
    expect(editor.activeFileId).toBe(id('src/a.ts'));
    expect(editor.tabs.map((t) => t.path)).toEqual(['README.md', 'src/a.ts']);
    editor.closeTab(id('src/a.ts'));
    expect(paths(1)).toEqual(['new-tab']);
    expect(groups.groups[1].activeKey).toBe(NEW_TAB_KEY);
  });

  it('shares one document session between two groups and closes it only when no group shows the file', async () => {
    const { editor, groups, workspace, id } = await setUp();
    const readme = id('README.md');
    const session = editor.session(readme);
    groups.split();
    expect(groups.groups[1].tabs.map(tabKey)).toEqual([NEW_TAB_KEY, fileKey(readme)]);
    expect(workspace.opened.filter((f) => f === readme)).toHaveLength(1);
    expect(editor.session(readme)).toBe(session);

    groups.close(groups.groups[0].id, fileKey(readme));
    await settle();
    expect(editor.session(readme)).toBe(session);
    expect(workspace.closed).toEqual([]);

    groups.close(groups.groups[1].id, fileKey(readme));
    await settle();
    expect(editor.session(readme)).toBeUndefined();
    expect(workspace.closed).toEqual([readme]);
  });

  it('reopens the most recently closed tab where it was, with a new session', async () => {
    const { editor, groups, paths, id } = await setUp();
    await editor.open(id('src/a.ts'));
    await editor.open(id('src/b.ts'));
    editor.activate(id('src/a.ts'));
    groups.closeActive();
    expect(paths(0)).toEqual(['README.md', 'src/b.ts']);
    await settle();
    expect(editor.session(id('src/a.ts'))).toBeUndefined();
    await editor.reopenClosed();
    expect(paths(0)).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    expect(editor.activeFileId).toBe(id('src/a.ts'));
    expect(editor.session(id('src/a.ts'))?.content).toBe('a');
    expect(groups.hasRecentlyClosed).toBe(false);
  });

  it('saves the layout per sandbox and restores it on the next visit, leaving out files that are gone', async () => {
    const preferences = new MemoryPreferences();
    const first = await setUp(preferences);
    await first.editor.open(first.id('src/a.ts'));
    first.groups.moveActiveToOtherGroup();
    await first.editor.open(first.id('src/b.ts'));
    first.groups.resize(0.3);
    expect(preferences.values.get(editorGroupsPreferenceKey(SANDBOX))).toEqual({
      groups: [
        { files: ['README.md'], active: 'README.md', sticky: false },
        { files: ['src/a.ts', 'src/b.ts'], active: 'src/b.ts', sticky: true },
      ],
      activeGroup: 1,
      share: 0.3,
    });

    const saved = preferences.values.get(editorGroupsPreferenceKey(SANDBOX)) as { groups: { files: string[] }[] };
    saved.groups[1].files.push('gone.ts');
    const second = await setUp(preferences);
    expect(second.paths(0)).toEqual(['README.md']);
    expect(second.paths(1)).toEqual(['new-tab', 'src/a.ts', 'src/b.ts']);
    expect(second.editor.activeFileId).toBe(second.id('src/b.ts'));
    expect(second.groups.share).toBe(0.3);
    expect(second.workspace.opened.sort()).toEqual([second.id('README.md'), second.id('src/a.ts'), second.id('src/b.ts')].sort());
  });

  it('restores a layout with no file as it was, without opening the initial file', async () => {
    const preferences = new MemoryPreferences();
    const first = await setUp(preferences);
    first.groups.closeActive();
    const second = await setUp(preferences);
    expect(second.paths(0)).toEqual([]);
    expect(second.workspace.opened).toEqual([]);
  });

  it('saves a file once when two saves of it overlap (two editors losing focus)', async () => {
    const { editor, workspace, id } = await setUp();
    const saves: string[] = [];
    workspace.save = async (...args: unknown[]) => void saves.push(String(args[0]));
    const session = editor.session(id('README.md'))!;
    session.applyLocal(unwrap(TextOperation.fromJSON(['x', 5])));
    await Promise.all([editor.save(), editor.save()]);
    expect(saves).toEqual([id('README.md')]);
  });
});

describe('EditorGroupsStore following the file tree', () => {
  /** Operations of another client (or of the disk), in the server's clock order after the snapshot's clock 1. */
  let clock = 1;
  const remote = (files: FileTreeStore, ...operations: FsOperation[]) => files.receive(operations.map((operation) => ({ operation, clock: ++clock })));
  beforeEach(() => (clock = 1));

  it('shows the new path of a file renamed by another client in every group that has it, and saves it', async () => {
    const preferences = new MemoryPreferences();
    const { editor, groups, files, paths, id } = await setUp(preferences);
    await editor.open(id('src/a.ts'));
    groups.split();
    remote(files, { type: 'move', id: id('src/a.ts'), name: 'renamed.ts' });
    expect(paths(0)).toEqual(['README.md', 'src/renamed.ts']);
    expect(paths(1)).toEqual(['new-tab', 'src/renamed.ts']);
    expect(editor.tabs.map((t) => t.path)).toEqual(['README.md', 'src/renamed.ts']);
    const saved = preferences.values.get(editorGroupsPreferenceKey(SANDBOX)) as { groups: { files: string[] }[] };
    expect(saved.groups.map((g) => g.files)).toEqual([['README.md', 'src/renamed.ts'], ['src/renamed.ts']]);
  });

  it('follows a rename of a folder above open and recently closed files', async () => {
    const { editor, groups, files, paths, id } = await setUp();
    await editor.open(id('src/a.ts'));
    await editor.open(id('src/b.ts'));
    editor.closeTab(id('src/a.ts'));
    const src = files.tree.findByPath('src')!.id;
    remote(files, { type: 'move', id: src, name: 'lib' });
    expect(paths(0)).toEqual(['README.md', 'lib/b.ts']);
    await editor.reopenClosed();
    expect(paths(0)).toEqual(['README.md', 'lib/a.ts', 'lib/b.ts']);
    expect(groups.activeFile?.path).toBe('lib/a.ts');
  });

  it("shows a rename in this client's explorer at once, and the old path again when the server refuses it", async () => {
    const { editor, files, workspace, paths, id } = await setUp();
    await editor.open(id('src/a.ts'));
    let answer: (result: FileTreeOperationResult) => void = () => undefined;
    workspace.operation = () => new Promise<FileTreeOperationResult>((resolve) => (answer = resolve));
    const renaming = files.perform({ type: 'move', id: id('src/a.ts'), name: 'z.ts' });
    expect(paths(0)).toEqual(['README.md', 'src/z.ts']);
    answer({ code: 1 });
    await renaming;
    expect(paths(0)).toEqual(['README.md', 'src/a.ts']);
  });

  it('keeps the tab of a deleted file, with its last path and its unsaved edit', async () => {
    const { editor, files, paths, id } = await setUp();
    const a = id('src/a.ts');
    await editor.open(a);
    editor.session(a)!.applyLocal(unwrap(TextOperation.fromJSON(['x', 1])));
    remote(files, { type: 'delete', id: a });
    expect(files.pathOf(a)).toBeUndefined();
    expect(paths(0)).toEqual(['README.md', 'src/a.ts']);
    expect(editor.activeFileId).toBe(a);
    expect(editor.session(a)?.content).toBe('xa');
  });

  it('opens a renamed file in another group under its new path, not the one its document was opened with', async () => {
    const { editor, groups, files, paths, id } = await setUp();
    const a = id('src/a.ts');
    await editor.open(a);
    remote(files, { type: 'move', id: a, name: 'c.ts' });
    groups.focusAt(1);
    await editor.open(a);
    expect(paths(1)).toEqual(['new-tab', 'src/c.ts']);
  });
});
