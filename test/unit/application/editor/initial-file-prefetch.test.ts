import 'reflect-metadata';
import { Container } from 'inversify';
import { EditorGroupsStore } from '../../../../src/application/editor/editor-groups.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { FakeWorkspace, bindEditor } from '../../ui/support/editor-fakes';

const FILES = { 'README.md': '# hi\n', 'src/a.ts': 'a' };

async function setUp() {
  const c = new Container();
  const workspace = new FakeWorkspace(FILES);
  const errors = await bindEditor(c, workspace);
  const editor = c.get(EditorStore);
  const tabs = () => c.get(EditorGroupsStore).groups[0].tabs.flatMap((t) => (t.kind === 'file' ? [t.path] : []));
  return { editor, files: c.get(FileTreeStore), workspace, errors, tabs };
}

describe('the first file, asked for with the tree (issue 7 first load)', () => {
  it("asks for the server's pick right after the join and opens it from that answer, not a second time", async () => {
    const { editor, files, workspace, tabs, errors } = await setUp();
    editor.expectInitialFile('README.md');
    editor.prefetchInitialFile();
    expect(workspace.openedByPath).toEqual(['README.md']);
    await editor.openInitialFile();
    expect(tabs()).toEqual(['README.md']);
    expect(workspace.opened).toEqual([files.fileAt('README.md')!.id]);
    expect(editor.active?.content).toBe('# hi\n');
    expect(workspace.closed).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('asks for a requested ?file= first, rather than the default pick', async () => {
    const { editor, workspace, tabs } = await setUp();
    editor.expectInitialFile('README.md');
    editor.requestInitialFile('/src/a.ts');
    editor.prefetchInitialFile();
    expect(workspace.openedByPath).toEqual(['src/a.ts']);
    await editor.openInitialFile();
    expect(tabs()).toEqual(['src/a.ts']);
    expect(workspace.openedByPath).toEqual(['src/a.ts']);
    expect(workspace.opened).toHaveLength(1);
  });

  it('closes a prefetched document the first layout did not show (the tree no longer lists that file)', async () => {
    const { editor, workspace, tabs, errors } = await setUp();
    const stale = workspace.unlisted('gone.md', 'old');
    editor.expectInitialFile('gone.md');
    editor.prefetchInitialFile();
    await editor.openInitialFile();
    expect(tabs()).toEqual(['README.md']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(workspace.closed).toEqual([stale]);
    expect(errors).toEqual([]);
  });

  it('asks for nothing ahead without a pick, and opens from the tree as before', async () => {
    const { editor, workspace, tabs } = await setUp();
    editor.prefetchInitialFile();
    expect(workspace.openedByPath).toEqual([]);
    await editor.openInitialFile();
    expect(tabs()).toEqual(['README.md']);
  });
});
