/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { emptyGitStatus } from '../../../../src/domain/git/git-status';
import { renderWithContainer } from '../support/render-with-container';
import { ExplorerHarness, explorerFixture } from './support/explorer-fixture';

const row = (path: string) => document.querySelector<HTMLElement>(`[role=treeitem][data-path="${path}"]`);
const press = (key: string, init: Record<string, unknown> = {}) => act(() => void fireEvent.keyDown(document.activeElement!, { key, ...init }));
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const type = (text: string) => act(() => void fireEvent.change(document.activeElement!, { target: { value: text } }));
const toasts = (fixture: { notifications: { notices: readonly { message: string }[] } }) => fixture.notifications.notices.map((n) => n.message);

async function setUp() {
  const fixture = await explorerFixture();
  renderWithContainer(<ExplorerHarness />, fixture.container);
  return fixture;
}

describe('Explorer inline create and rename', () => {
  it("creates a file in the focused folder: the spec's texts for an empty or taken name, Enter confirms", async () => {
    const fixture = await setUp();
    act(() => row('src')!.focus());
    fireEvent.click(screen.getByRole('button', { name: 'New File' }));
    const input = screen.getByRole('textbox', { name: 'New file name' });
    expect(document.activeElement).toBe(input);
    expect(row('src')!.getAttribute('aria-expanded')).toBe('true');
    press('Enter');
    expect(screen.getByRole('alert').textContent).toBe('File name is undefined');
    type('App.js');
    expect(screen.getByRole('alert').textContent).toBe('/src/App.js already exists');
    press('Enter');
    expect(fixture.port.sent).toEqual([]);
    type('main.ts');
    expect(screen.queryByRole('alert')).toBeNull();
    press('Enter');
    await settle();
    expect(row('src/main.ts')).not.toBeNull();
    expect(fixture.port.sent).toEqual([{ type: 'create', parentId: 'src', newEntry: { id: expect.any(String), type: 0, name: 'main.ts' } }]);
    expect(fixture.port.server.findByPath('src/main.ts')).toBeDefined();
    expect(document.activeElement).toBe(row('src/main.ts'));
  });

  it("creates a folder at the root, and Escape cancels without sending anything", async () => {
    const fixture = await setUp();
    act(() => row('README.md')!.focus());
    fireEvent.click(screen.getByRole('button', { name: 'New Folder' }));
    press('Enter');
    expect(screen.getByRole('alert').textContent).toBe('Directory name is undefined');
    type('lib');
    press('Escape');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(fixture.port.sent).toEqual([]);
    expect(document.activeElement).toBe(row('README.md'));
    fireEvent.click(screen.getByRole('button', { name: 'New Folder' }));
    type('lib');
    press('Enter');
    await settle();
    expect(row('lib')?.getAttribute('aria-expanded')).toBe('false');
  });

  it('renames with F2 on a focused row', async () => {
    const fixture = await setUp();
    act(() => row('README.md')!.focus());
    press('F2');
    const input = screen.getByRole('textbox', { name: 'Rename README.md' }) as HTMLInputElement;
    expect(input.value).toBe('README.md');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 6]);
    type('package.json');
    expect(screen.getByRole('alert').textContent).toBe('/package.json already exists');
    type('GUIDE.md');
    press('Enter');
    await settle();
    expect(row('GUIDE.md')).not.toBeNull();
    expect(row('README.md')).toBeNull();
    expect(fixture.port.sent).toEqual([{ type: 'move', id: 'readme', name: 'GUIDE.md' }]);
  });

  it("reverts a rename the server refuses and shows the server's text", async () => {
    const fixture = await setUp();
    fixture.port.hold = true;
    fixture.port.refuseNext = 'Parent directory not found';
    act(() => row('README.md')!.focus());
    press('F2');
    type('OTHER.md');
    press('Enter');
    await settle();
    expect(row('OTHER.md')).not.toBeNull(); // shown at once
    await act(async () => fixture.port.release());
    await settle();
    expect(row('OTHER.md')).toBeNull();
    expect(row('README.md')).not.toBeNull();
    expect(toasts(fixture)).toEqual(['Parent directory not found']);
  });
});

describe('Explorer delete', () => {
  it('asks first: Escape keeps the file, Enter deletes it', async () => {
    const fixture = await setUp();
    act(() => row('package.json')!.focus());
    press('Delete');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain("Are you sure you want to delete 'package.json'?");
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Delete' }));
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fixture.port.sent).toEqual([]);
    expect(document.activeElement).toBe(row('package.json'));
    press('Delete');
    press('Enter');
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(row('package.json')).toBeNull();
    expect(fixture.port.sent).toEqual([{ type: 'delete', id: 'pkg' }]);
    expect(fixture.port.server.findByPath('package.json')).toBeUndefined();
    expect(document.activeElement).toBe(row('README.md'));
  });

  it('brings a deleted folder back with its contents when the server refuses', async () => {
    const fixture = await setUp();
    act(() => row('src')!.focus());
    press('ArrowRight');
    fixture.port.hold = true;
    fixture.port.refuseNext = 'Cannot delete root directory';
    press('Delete');
    expect(screen.getByRole('dialog').textContent).toContain("the folder 'src' and its contents");
    press('Enter');
    await settle();
    expect(row('src')).toBeNull();
    await act(async () => fixture.port.release());
    await settle();
    expect(row('src')).not.toBeNull();
    expect(row('src/App.js')).not.toBeNull();
    expect(toasts(fixture)).toEqual(['Cannot delete root directory']);
  });
});

describe('Explorer context menu', () => {
  it('opens with Shift+F10, moves with the arrows and runs Rename', async () => {
    await setUp();
    act(() => row('docs')!.focus());
    press('F10', { shiftKey: true });
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['New File…', 'New Folder…', 'RenameF2', 'DeleteDelete', 'Download']);
    expect(document.activeElement).toBe(items[0]);
    press('ArrowDown');
    press('ArrowDown');
    expect(document.activeElement).toBe(items[2]);
    press('Enter');
    expect(screen.queryByRole('menu')).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Rename docs' }) as HTMLInputElement).value).toBe('docs');
  });

  it('opens with the ContextMenu key and closes with Escape, focus back on the row', async () => {
    await setUp();
    act(() => row('README.md')!.focus());
    press('ContextMenu');
    expect(screen.getByRole('menu')).toBeTruthy();
    press('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(row('README.md'));
  });
});

describe('Explorer git decorations', () => {
  it("shows the status badge with the spec's tooltip, and a dot on folders holding changes", async () => {
    const fixture = await setUp();
    act(() => row('src')!.focus());
    press('ArrowRight');
    const status = emptyGitStatus();
    status.changedFiles = {
      readme: { path: 'README.md', index: '', workingTree: 'M', isStaged: false, isConflicted: false, fileId: 'readme' },
      app: { path: 'src/App.js', index: '?', workingTree: '?', isStaged: false, isConflicted: false, fileId: 'app' },
    };
    act(() => fixture.git.setStatus(status));
    const readmeBadge = within(row('README.md')!).getByTestId('git-badge');
    expect([readmeBadge.textContent, readmeBadge.getAttribute('title')]).toEqual(['M', 'Modified']);
    expect(row('README.md')!.getAttribute('aria-label')).toBe('README.md, Modified');
    const appBadge = within(row('src/App.js')!).getByTestId('git-badge');
    expect([appBadge.textContent, appBadge.getAttribute('title')]).toEqual(['U', 'Untracked']);
    expect(within(row('src')!).getByRole('img', { name: 'Contains changes' })).toBeTruthy();
    expect(within(row('docs')!).queryByRole('img')).toBeNull();
  });
});

describe('Explorer upload and drag and drop', () => {
  it('uploads files dropped on a folder, one state per file, and shows a failure', async () => {
    const fixture = await setUp();
    const files = [new File(['hello'], 'hello.txt'), new File(['x'], 'refused.txt')];
    fireEvent.drop(row('docs')!, { dataTransfer: { files, types: ['Files'], getData: () => '' } });
    await waitFor(() => expect(fixture.uploads).toHaveLength(2));
    await settle();
    expect(fixture.uploads).toEqual([
      { parentId: 'docs', filename: 'hello.txt', content: 'hello' },
      { parentId: 'docs', filename: 'refused.txt', content: 'x' },
    ]);
    const list = screen.getByRole('list', { name: 'Uploads' });
    expect(within(list).getAllByRole('listitem').map((i) => [i.getAttribute('data-upload'), i.getAttribute('data-state')])).toEqual([
      ['docs/hello.txt', 'done'],
      ['docs/refused.txt', 'failed'],
    ]);
    expect(list.textContent).toContain('Failed: /docs/refused.txt already exists');
    expect(toasts(fixture)).toEqual(['Could not upload refused.txt: /docs/refused.txt already exists']);
  });

  it('moves a dragged node into the folder it is dropped on', async () => {
    const fixture = await setUp();
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', types: [] as string[], files: [] };
    fireEvent.dragStart(row('README.md')!, { dataTransfer });
    fireEvent.drop(row('docs')!, { dataTransfer });
    await settle();
    expect(fixture.port.sent).toEqual([{ type: 'move', id: 'readme', parentId: 'docs' }]);
    expect(row('docs/README.md')).not.toBeNull();
    expect(document.activeElement).toBe(row('docs/README.md'));
  });

  it('offers a download link for the focused row', async () => {
    await setUp();
    act(() => row('docs')!.focus());
    press('F10', { shiftKey: true });
    act(() => void fireEvent.click(screen.getByRole('menuitem', { name: 'Download' })));
    await settle();
    const link = screen.getByTestId('explorer-download-link');
    expect(link.getAttribute('href')).toBe('/download/token/docs');
  });
});

describe('Explorer when the access changes while open', () => {
  it('hides New File and New Folder, disables Rename and Delete in the menu, and brings them back with write access', async () => {
    const fixture = await setUp();
    expect(screen.getByRole('button', { name: 'New File' })).toBeTruthy();
    act(() => fixture.connection.changeAccess('read'));
    expect(screen.queryByRole('button', { name: 'New File' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Folder' })).toBeNull();
    act(() => row('README.md')!.focus());
    fireEvent.contextMenu(row('README.md')!);
    const menu = screen.getByRole('menu', { name: 'File actions' });
    const enabled = within(menu)
      .getAllByRole('menuitem')
      .filter((item) => item.getAttribute('aria-disabled') !== 'true')
      .map((item) => item.textContent);
    expect(enabled).toEqual(['Download']);
    expect(row('README.md')!.getAttribute('draggable')).toBe('false');
    act(() => fixture.connection.changeAccess('write'));
    expect(screen.getByRole('button', { name: 'New File' })).toBeTruthy();
  });
});
