/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { EditorGroupsStore } from '../../../../src/application/editor/editor-groups.store';
import { DocumentSyncStore } from '../../../../src/application/editor/document-sync.store';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { retitleTabs } from '../../../../src/domain/editor/retitle-tabs';
import { useService } from '../../../../src/ui/di/container-context';
import { EditorTabStrip } from '../../../../src/ui/editor/editor-tab-strip';
import { NewTabPage } from '../../../../src/ui/editor/new-tab-page';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { scmFixture, settle } from '../../application/git/scm-fixture';
import { renderWithContainer } from '../support/render-with-container';

const Strips = observer(function Strips() {
  const groups = useService(EditorGroupsStore);
  return (
    <>
      {groups.groups.map((g, i) => (
        <EditorTabStrip key={g.id} group={g} position={i} />
      ))}
    </>
  );
});

async function setUp() {
  const fixture = await scmFixture(['README.md', 'src/a.ts', 'src/b.ts']);
  const { c, editor } = fixture;
  c.bind(EditorGroupsStore).toConstantValue(editor.groups);
  c.bind(DocumentSyncStore).toSelf().inSingletonScope();
  await editor.openInitialFile();
  for (const path of ['src/a.ts', 'src/b.ts']) await editor.open(`id:${path}`);
  renderWithContainer(<Strips />, c);
  return { ...fixture, groups: editor.groups };
}

const strip = (group: number) => document.querySelector<HTMLElement>(`[role=tablist][data-group="${group}"]`)!;
const tab = (path: string, group = 1) => strip(group).querySelector<HTMLElement>(`[role=tab][data-path="${path}"]`)!;
const paths = (group: number) => within(strip(group)).queryAllByRole('tab').map((t) => t.getAttribute('data-path') ?? (t.getAttribute('data-new-tab') ? 'new-tab' : '?'));
const selected = (group: number) => within(strip(group)).queryAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true')?.getAttribute('data-path');

/** A DataTransfer for jsdom, which has none. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    setData: (type: string, value: string) => void data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    get types() {
      return [...data.keys()];
    },
    effectAllowed: '',
    dropEffect: '',
  };
}

function drag(from: HTMLElement, to: HTMLElement) {
  const transfer = dataTransfer();
  fireEvent.dragStart(from, { dataTransfer: transfer });
  fireEvent.dragOver(to, { dataTransfer: transfer });
  fireEvent.drop(to, { dataTransfer: transfer });
}

describe('EditorTabStrip', () => {
  it('shows each group as a tab list: the first one for the e2e selectors, the second with the pinned new-tab page', async () => {
    await setUp();
    expect(screen.getByTestId('editor-tabs')).toBe(strip(1));
    expect(paths(1)).toEqual(['README.md', 'src/a.ts', 'src/b.ts']);
    expect(selected(1)).toBe('src/b.ts');
    expect(tab('README.md').getAttribute('data-dirty')).toBe('false');
    const sticky = within(strip(2)).getByRole('tab', { name: 'New Tab (pinned)' });
    expect(sticky.getAttribute('aria-selected')).toBe('true');
    expect(sticky.querySelector('button')).toBeNull();
    expect(sticky.getAttribute('draggable')).toBeNull();
  });

  it('moves focus with the arrow keys, Home and End, and shows a tab with Enter', async () => {
    await setUp();
    act(() => tab('src/b.ts').focus());
    fireEvent.keyDown(tab('src/b.ts'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('README.md'));
    fireEvent.keyDown(tab('README.md'), { key: 'End' });
    expect(document.activeElement).toBe(tab('src/b.ts'));
    fireEvent.keyDown(tab('src/b.ts'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('src/a.ts'));
    expect(selected(1)).toBe('src/b.ts');
    fireEvent.keyDown(tab('src/a.ts'), { key: 'Enter' });
    expect(selected(1)).toBe('src/a.ts');
    // Only the shown tab is in the page's tab order.
    expect(within(strip(1)).getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('moves the focused tab with Ctrl+Shift+Left/Right, and closes it with Delete', async () => {
    const { editor } = await setUp();
    fireEvent.keyDown(tab('src/b.ts'), { key: 'ArrowLeft', ctrlKey: true, shiftKey: true });
    expect(paths(1)).toEqual(['README.md', 'src/b.ts', 'src/a.ts']);
    fireEvent.keyDown(tab('README.md'), { key: 'ArrowRight', ctrlKey: true, shiftKey: true });
    expect(paths(1)).toEqual(['src/b.ts', 'README.md', 'src/a.ts']);
    fireEvent.keyDown(tab('README.md'), { key: 'Delete' });
    expect(paths(1)).toEqual(['src/b.ts', 'src/a.ts']);
    await settle();
    expect(editor.session('id:README.md')).toBeUndefined();
  });

  it('closes a tab on a middle click and with its close button', async () => {
    await setUp();
    fireEvent(tab('src/a.ts'), new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(paths(1)).toEqual(['README.md', 'src/b.ts']);
    fireEvent.click(within(tab('README.md')).getByLabelText('Close README.md'));
    expect(paths(1)).toEqual(['src/b.ts']);
  });

  it('reorders by dragging a tab onto another, and moves a tab to the other group by dropping it on its strip', async () => {
    const { groups } = await setUp();
    drag(tab('src/b.ts'), tab('README.md'));
    expect(paths(1)).toEqual(['src/b.ts', 'README.md', 'src/a.ts']);
    drag(tab('src/b.ts'), tab('src/a.ts'));
    expect(paths(1)).toEqual(['README.md', 'src/b.ts', 'src/a.ts']);
    drag(tab('src/a.ts'), strip(2));
    expect(paths(1)).toEqual(['README.md', 'src/b.ts']);
    expect(paths(2)).toEqual(['new-tab', 'src/a.ts']);
    expect(selected(2)).toBe('src/a.ts');
    expect(groups.activeGroup.id).toBe(groups.groups[1].id);
    // The sticky page does not move, and a file never lands before it.
    drag(tab('README.md'), within(strip(2)).getByRole('tab', { name: 'New Tab (pinned)' }));
    expect(paths(2)).toEqual(['new-tab', 'README.md', 'src/a.ts']);
  });

  it("shows a tab's new name, title and close label when its file's path changes (a rename in the tree)", async () => {
    const { groups } = await setUp();
    act(() => runInAction(() => (groups.state = retitleTabs(groups.state, (fileId) => (fileId === 'id:src/a.ts' ? 'lib/renamed.ts' : undefined)))));
    expect(paths(1)).toEqual(['README.md', 'lib/renamed.ts', 'src/b.ts']);
    const renamed = tab('lib/renamed.ts');
    expect(renamed.textContent).toContain('renamed.ts');
    expect(renamed.getAttribute('title')).toBe('lib/renamed.ts');
    expect(within(renamed).getByLabelText('Close renamed.ts')).toBeTruthy();
  });

  it("marks the tab of a file deleted from the tree (struck through, '(deleted)' in its title and name), and unmarks it when the file is back", async () => {
    const { c } = await setUp();
    const tree = c.get(FileTreeStore);
    const node = tree.tree.get('id:src/a.ts')!;
    act(() => tree.receive([{ operation: { type: 'delete', id: 'id:src/a.ts' }, clock: 2 }]));
    const deleted = tab('src/a.ts');
    expect(deleted.getAttribute('data-deleted')).toBe('true');
    expect(deleted.className).toContain('bp-tab-deleted');
    expect(deleted.getAttribute('title')).toBe('src/a.ts (deleted)');
    expect(within(strip(1)).getByRole('tab', { name: /^a\.ts \(deleted\)/ })).toBe(deleted);
    expect(tab('src/b.ts').getAttribute('data-deleted')).toBe('false');
    act(() => tree.receive([{ operation: { type: 'create', parentId: node.parentId!, newEntry: { id: 'id:src/a.ts', type: node.type, name: 'a.ts' } }, clock: 3 }]));
    expect(tab('src/a.ts').getAttribute('data-deleted')).toBe('false');
    expect(tab('src/a.ts').getAttribute('title')).toBe('src/a.ts');
  });
});

describe('NewTabPage', () => {
  it("lists the main actions with the registry's labels and keys, and runs them", async () => {
    const fixture = await scmFixture([]);
    fixture.c.bind(EditorGroupsStore).toConstantValue(fixture.editor.groups);
    const ran: string[] = [];
    const actions = fixture.c.get(ActionRegistry);
    actions.register([
      { id: 'workbench.action.quickOpen', label: 'Go to File…', keybinding: 'CtrlCmd+P', run: () => ran.push('quickOpen') },
      { id: 'explorer.newFile', category: 'File', label: 'New File…', run: () => ran.push('newFile') },
      { id: 'workbench.action.showCommands', label: 'Show All Commands', keybinding: 'CtrlCmd+Shift+P', run: () => ran.push('commands') },
    ]);
    renderWithContainer(<NewTabPage groupId={2} />, fixture.c);
    const page = screen.getByRole('region', { name: 'New Tab' });
    const rows = within(page)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual(['Go to File…Ctrl+P', 'New File…', 'Show All CommandsCtrl+Shift+P']);
    fireEvent.click(within(page).getByRole('button', { name: 'New File…' }));
    expect(ran).toEqual(['newFile']);
  });

  it('takes the keyboard in the focused group, also when the actions are registered after it shows (as the workbench does)', async () => {
    const fixture = await scmFixture([]);
    fixture.c.bind(EditorGroupsStore).toConstantValue(fixture.editor.groups);
    renderWithContainer(<NewTabPage groupId={fixture.editor.groups.activeGroup.id} />, fixture.c);
    expect(document.activeElement).toBe(document.body);
    act(() => {
      fixture.c.get(ActionRegistry).register([
        { id: 'workbench.action.quickOpen', label: 'Go to File…', keybinding: 'CtrlCmd+P', run: () => undefined },
        { id: 'workbench.action.showCommands', label: 'Show All Commands', keybinding: 'CtrlCmd+Shift+P', run: () => undefined },
      ]);
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Go to File…' }));
  });
});
