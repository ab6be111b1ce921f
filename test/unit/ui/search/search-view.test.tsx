/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Container } from 'inversify';
import { EditorNavigationStore } from '../../../../src/application/editor/editor-navigation.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { PathMatch, SearchPort, TextSearchQuery } from '../../../../src/application/ports/search.port';
import { SearchViewStore } from '../../../../src/application/search/search-view.store';
import { SearchIdFactory, SearchStore } from '../../../../src/application/search/search.store';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { Emitter } from '../../../../src/base/event';
import { SearchMatch } from '../../../../src/domain/search/search-results';
import { SearchView } from '../../../../src/ui/search/search-view';
import { useSearchActions } from '../../../../src/ui/search/use-search-actions';
import { useActionKeys } from '../../../../src/ui/workbench/use-action-keys';
import { useService } from '../../../../src/ui/di/container-context';
import { bindEditor, FakeWorkspace } from '../support/editor-fakes';
import { renderWithContainer } from '../support/render-with-container';
import { useEffect } from 'react';

class FakeSearch implements SearchPort {
  readonly matches = new Emitter<{ searchId: string; matches: SearchMatch[] }>();
  readonly finished = new Emitter<{ searchId: string; hitLimit: boolean }>();
  onDidReceiveMatches = this.matches.event;
  onDidFinish = this.finished.event;
  readonly started: Array<{ id: string; query: TextSearchQuery }> = [];
  readonly cancelled: string[] = [];
  startSearch = async (id: string, query: TextSearchQuery) => void this.started.push({ id, query });
  cancelSearch = async (id: string) => void this.cancelled.push(id);
  search = async () => [];
  pathSearch = async (): Promise<PathMatch[]> => [];
}

const match = (filepath: string, lineNumber: number, lineText: string, word: string): SearchMatch => {
  const start = lineText.indexOf(word);
  return { filepath, lineNumber, lineText, ranges: [{ start, end: start + word.length }] };
};

/** The shell's part for these keys: the search actions registered first, then a workbench action on Alt+W. */
function Shell({ closed }: { closed: string[] }) {
  const actions = useService(ActionRegistry);
  useSearchActions(actions);
  useEffect(() => actions.register([{ id: 'workbench.action.closeActiveEditor', label: 'Close Editor', keybinding: 'Alt+W', run: () => closed.push('closed') }]), [actions]);
  useActionKeys(actions);
  return <SearchView />;
}

async function setUp() {
  const c = new Container();
  const workspace = new FakeWorkspace({ 'src/a.ts': 'one\nconst todo = 1;\n', 'src/b.ts': 'x\ny\n// TODO later\n' });
  await bindEditor(c, workspace);
  const port = new FakeSearch();
  let n = 0;
  c.bind(SearchPort).toConstantValue(port);
  c.bind<SearchIdFactory>(SearchIdFactory).toConstantValue(() => `s${++n}`);
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue({ read: () => undefined, write: () => undefined });
  for (const store of [SearchStore, SearchViewStore, ActionRegistry, LayoutStore]) c.bind(store).toSelf().inSingletonScope();
  const closed: string[] = [];
  renderWithContainer(<Shell closed={closed} />, c);
  return { c, port, closed, input: screen.getByRole('textbox', { name: 'Search' }) };
}

describe('SearchView', () => {
  it('searches on Enter with the boxes and toggles, and shows results grouped by file as they stream in', async () => {
    const { port, input } = await setUp();
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: 'todo' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'files to include' }), { target: { value: 'src, *.ts' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'files to exclude' }), { target: { value: 'dist' } });
    fireEvent.click(screen.getByRole('button', { name: 'Match Whole Word' }));
    expect(port.started).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(port.started).toEqual([
      { id: 's1', query: { text: 'todo', isRegex: false, caseSensitivity: 'disabled', wholeWord: true, includes: ['src, *.ts'], excludes: ['dist'], maxResults: 10_000 } },
    ]);
    expect(screen.getByTestId('search-summary').textContent).toContain('Searching…');

    act(() => port.matches.fire({ searchId: 's1', matches: [match('/src/b.ts', 3, '// TODO later', 'TODO')] }));
    const tree = screen.getByRole('tree', { name: 'Search results' });
    expect(within(tree).getAllByRole('treeitem').map((r) => r.textContent)).toEqual(['▾b.tssrc1', '// TODO later3']);
    act(() => port.matches.fire({ searchId: 's1', matches: [match('/src/a.ts', 2, 'const todo = 1;', 'todo'), match('/src/b.ts', 1, 'todo', 'todo')] }));
    const files = within(tree).getAllByRole('treeitem').filter((r) => r.getAttribute('aria-level') === '1');
    expect(files.map((f) => [f.getAttribute('data-path'), f.getAttribute('data-count')])).toEqual([
      ['/src/b.ts', '2'],
      ['/src/a.ts', '1'],
    ]);
    expect(tree.querySelector('[data-line="2"] mark')?.textContent).toBe('todo');

    act(() => port.finished.fire({ searchId: 's1', hitLimit: true }));
    expect(screen.getByTestId('search-summary').textContent).toContain('3 results in 2 files');
    expect(screen.getByTestId('search-hit-limit')).toBeTruthy();
  });

  it('toggles case, whole word and regex with Alt+C, Alt+W and Alt+R in the search box, and searches again', async () => {
    const { port, input, closed } = await setUp();
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'c', code: 'KeyC', altKey: true });
    fireEvent.keyDown(input, { key: 'w', code: 'KeyW', altKey: true });
    fireEvent.keyDown(input, { key: 'r', code: 'KeyR', altKey: true });
    for (const name of ['Match Case', 'Match Whole Word', 'Use Regular Expression']) expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('true');
    expect(closed).toEqual([]);
    expect(port.started.at(-1)!.query).toMatchObject({ caseSensitivity: 'enabled', wholeWord: true, isRegex: true });
    expect(port.started).toHaveLength(4);

    // Outside the search box Alt+W is the workbench's again.
    act(() => input.blur());
    fireEvent.keyDown(document.body, { key: 'w', code: 'KeyW', altKey: true });
    expect(closed).toEqual(['closed']);
    expect(screen.getByRole('button', { name: 'Match Whole Word' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('cancels a running search', async () => {
    const { port, input } = await setUp();
    fireEvent.change(input, { target: { value: 'slow' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel search' })));
    expect(port.cancelled).toEqual(['s1']);
    expect(screen.getByTestId('search-summary').getAttribute('data-state')).toBe('CANCELLED');
    expect(screen.queryByRole('button', { name: 'Cancel search' })).toBeNull();
  });

  it('opens the file at the match with Enter on its row, and collapses a file with the arrow keys', async () => {
    const { c, port, input } = await setUp();
    fireEvent.change(input, { target: { value: 'todo' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    act(() => port.matches.fire({ searchId: 's1', matches: [match('/src/a.ts', 2, 'const todo = 1;', 'todo'), match('/src/b.ts', 3, '// TODO later', 'TODO')] }));
    const rows = () => screen.getAllByRole('treeitem');
    act(() => rows()[0].focus());
    fireEvent.keyDown(rows()[0], { key: 'ArrowDown' });
    expect(document.activeElement).toBe(rows()[1]);
    await act(async () => fireEvent.keyDown(rows()[1], { key: 'Enter' }));
    const editor = c.get(EditorStore);
    expect(editor.tabs.map((t) => t.path)).toEqual(['src/a.ts']);
    expect(c.get(EditorNavigationStore).request).toMatchObject({ fileId: editor.activeFileId, range: { startLineNumber: 2, startColumn: 7, endLineNumber: 2, endColumn: 11 } });

    fireEvent.keyDown(rows()[1], { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(rows()[0]);
    fireEvent.keyDown(rows()[0], { key: 'ArrowLeft' });
    expect(rows().map((r) => r.getAttribute('data-path'))).toEqual(['/src/a.ts', '/src/b.ts', '/src/b.ts']);
    expect(rows()[0].getAttribute('aria-expanded')).toBe('false');
  });

  it('focuses the search box on Find in Files', async () => {
    const { c, input } = await setUp();
    act(() => input.blur());
    act(() => void c.get(ActionRegistry).run('workbench.action.findInFiles'));
    expect(document.activeElement).toBe(input);
    expect(c.get(LayoutStore).layout).toMatchObject({ activeView: 'search', sideBarVisible: true });
  });
});
