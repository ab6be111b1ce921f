import 'reflect-metadata';
import { Container } from 'inversify';
import { EditorGroupsStore } from '../../../../src/application/editor/editor-groups.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { FakeWorkspace, bindEditor } from '../../ui/support/editor-fakes';

const FILES = { 'README.md': '# hi\n', 'src/a.ts': 'a' };

async function setUp(requested?: string, unlisted?: Record<string, string>) {
  const c = new Container();
  const workspace = new FakeWorkspace(FILES);
  const unlistedIds = Object.fromEntries(Object.entries(unlisted ?? {}).map(([path, text]) => [path, workspace.unlisted(path, text)]));
  const errors = await bindEditor(c, workspace);
  const editor = c.get(EditorStore);
  const groups = c.get(EditorGroupsStore);
  const files = c.get(FileTreeStore);
  editor.requestInitialFile(requested);
  await editor.openInitialFile();
  const tabs = () => groups.groups[0].tabs.flatMap((t) => (t.kind === 'file' ? [t.path] : []));
  return { editor, files, workspace, errors, tabs, unlistedIds };
}

describe('EditorStore.openPath', () => {
  it('opens a file of the tree by its id (file/open)', async () => {
    const { editor, files, workspace, tabs } = await setUp();
    await editor.openPath('/src/a.ts');
    expect(editor.activeFileId).toBe(files.fileAt('src/a.ts')!.id);
    expect(tabs()).toEqual(['README.md', 'src/a.ts']);
    expect(workspace.openedByPath).toEqual([]);
  });

  it('asks the workspace for a path its tree does not list yet (file/openByPath), and keeps the document under that path', async () => {
    const { editor, workspace, tabs, errors } = await setUp(undefined, { 'out/report.txt': 'written by a task' });
    await editor.openPath('out/report.txt');
    expect(workspace.openedByPath).toEqual(['out/report.txt']);
    const session = editor.active!;
    expect(session.path).toBe('out/report.txt');
    expect(session.content).toBe('written by a task');
    expect(tabs()).toEqual(['README.md', 'out/report.txt']);
    expect(errors).toEqual([]);
    await editor.openPath('out/report.txt');
    expect(tabs()).toEqual(['README.md', 'out/report.txt']);
    expect(editor.active).toBe(session);
  });

  it('tells the user when the workspace has no file at the path', async () => {
    const { editor, tabs, errors } = await setUp();
    await editor.openPath('nope.txt');
    expect(tabs()).toEqual(['README.md']);
    expect(errors).toEqual(['Could not open nope.txt: Failed to retrieve the file at nope.txt: file not found.']);
  });

  it('opens a requested ?file= the tree does not list yet by its path', async () => {
    const { editor, workspace, tabs, unlistedIds, errors } = await setUp('out/report.txt', { 'out/report.txt': 'x' });
    expect(workspace.openedByPath).toEqual(['out/report.txt']);
    expect(editor.activeFileId).toBe(unlistedIds['out/report.txt']);
    expect(tabs()).toEqual(['out/report.txt']);
    expect(errors).toEqual([]);
  });

  it('starts as without the request when the workspace has no file at a requested ?file=', async () => {
    const { workspace, tabs, errors } = await setUp('nope.txt');
    expect(workspace.openedByPath).toEqual(['nope.txt']);
    expect(tabs()).toEqual(['README.md']);
    expect(errors).toEqual([]);
  });
});
