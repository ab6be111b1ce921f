/** @jest-environment jsdom */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Container } from 'inversify';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { PathMatch, SearchPort } from '../../../../src/application/ports/search.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { FormatOnSave } from '../../../../src/application/settings/format-on-save';
import { settingsActions } from '../../../../src/application/settings/settings-actions';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { QuickInputStore } from '../../../../src/application/workbench/quick-input.store';
import { workbenchActions } from '../../../../src/application/workbench/workbench-actions';
import { Emitter } from '../../../../src/base/event';
import { THEMES } from '../../../../src/domain/settings/themes';
import { QuickInput } from '../../../../src/ui/workbench/quick-input';
import { bindEditor, FakeWorkspace } from '../support/editor-fakes';
import { renderWithContainer } from '../support/render-with-container';

const PATHS = ['README.md', 'src/App.js', 'src/app.css', 'src/index.js'];

/** Path search as the server answers it: '/'-rooted paths containing the text, with the matched range. */
class FakePathSearch implements SearchPort {
  readonly onDidReceiveMatches = new Emitter<never>().event;
  readonly onDidFinish = new Emitter<never>().event;
  readonly asked: string[] = [];
  startSearch = async () => undefined;
  cancelSearch = async () => undefined;
  search = async () => [];
  pathSearch = async (text: string): Promise<PathMatch[]> => {
    this.asked.push(text);
    return PATHS.flatMap((path) => {
      const at = path.toLowerCase().indexOf(text.toLowerCase());
      return at < 0 ? [] : [{ path: `/${path}`, ranges: text ? [{ start: at + 1, end: at + 1 + text.length }] : [] }];
    });
  };
}

/**
 * The quick input over the real action registry (the workbench's and the settings' actions registered as the shell
 * does), quick-input, editor, layout and settings stores, fed by fakes: files, path search, a theme loader.
 */
async function setUp() {
  const c = new Container();
  const workspace = new FakeWorkspace(Object.fromEntries(PATHS.map((p) => [p, `${p}\n`])));
  await bindEditor(c, workspace);
  const stored = new Map<string, unknown>();
  const themeLoads: string[] = [];
  c.bind(PreferencesPort).toConstantValue({ read: (k: string) => stored.get(k), write: (k: string, v: unknown) => void stored.set(k, v) } satisfies PreferencesPort);
  c.bind(ThemeLoaderPort).toConstantValue({
    load: async (id: string) => {
      themeLoads.push(id);
      throw new Error('offline');
    },
  } satisfies ThemeLoaderPort);
  const search = new FakePathSearch();
  c.bind(SearchPort).toConstantValue(search);
  for (const store of [ActionRegistry, LayoutStore, QuickInputStore, SettingsStore]) c.bind(store).toSelf().inSingletonScope();
  const actions = c.get(ActionRegistry);
  const [layout, quickInput, editor, settings] = [c.get(LayoutStore), c.get(QuickInputStore), c.get(EditorStore), c.get(SettingsStore)];
  actions.register(workbenchActions({ layout, quickInput, editor }));
  actions.register(settingsActions({ settings, quickInput, editor, formatOnSave: {} as FormatOnSave, openSettings: () => settings.openPage() }));
  renderWithContainer(<QuickInput />, c);
  return { actions, layout, quickInput, editor, settings, search, themeLoads, workspace };
}

const box = () => screen.getByRole('combobox');
const options = () => within(screen.getByRole('listbox', { name: 'Results' })).queryAllByRole('option');
const selectedOption = () => options().find((o) => o.getAttribute('aria-selected') === 'true');
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (k: string) => fireEvent.keyDown(box(), { key: k });

describe('QuickInput: the command palette', () => {
  it('lists every available action by category and label, with its key binding, and runs the chosen one with Enter', async () => {
    const { actions, layout } = await setUp();
    act(() => void actions.run('workbench.action.showCommands'));
    const dialog = screen.getByRole('dialog', { name: 'Command palette' });
    expect((box() as HTMLInputElement).value).toBe('>');
    expect(document.activeElement).toBe(box());
    expect(box().getAttribute('placeholder')).toBe('Type the name of a command to run');
    const listed = options().map((o) => [o.querySelector('.bp-quick-label')?.textContent, o.querySelector('kbd')?.textContent ?? '']);
    expect(listed.map(([label]) => label)).toEqual(actions.available.map((a) => (a.category ? `${a.category}: ${a.label}` : a.label)));
    expect(listed).toEqual(
      expect.arrayContaining([
        ['Show All Commands', 'Ctrl+Shift+P'],
        ['Go to File…', 'Ctrl+P'],
        ['View: Toggle Side Bar', 'Ctrl+B'],
        ['View: Toggle Panel', 'Ctrl+J'],
        ['Preferences: Open Settings', 'Ctrl+,'],
        ['Preferences: Color Theme', ''],
      ]),
    );
    // An action whose precondition does not hold is not offered: no file is open to save.
    expect(listed.map(([label]) => label)).not.toContain('File: Save');

    type('>toggle side');
    expect(options().map((o) => o.textContent)).toEqual(['View: Toggle Side BarCtrl+B']);
    expect(box().getAttribute('aria-activedescendant')).toBe(selectedOption()?.id);
    key('Enter');
    expect(layout.layout.sideBarVisible).toBe(false);
    expect(dialog.isConnected).toBe(false);
  });

  it('gives the keyboard back to what had it when the box closes, unless the command moved it elsewhere', async () => {
    const { actions } = await setUp();
    const before = document.body.appendChild(document.createElement('button'));
    const elsewhere = document.body.appendChild(document.createElement('button'));
    actions.register([{ id: 'test.moveFocus', label: 'Move Focus', run: () => elsewhere.focus() }, { id: 'test.nothing', label: 'Do Nothing', run: () => undefined }]);
    const runFromPalette = (query: string) => {
      before.focus();
      act(() => void actions.run('workbench.action.showCommands'));
      expect(document.activeElement).toBe(box());
      type(`>${query}`);
      act(() => key('Enter'));
    };
    runFromPalette('Do Nothing');
    expect(document.activeElement).toBe(before);
    runFromPalette('Move Focus');
    expect(document.activeElement).toBe(elsewhere);
    before.focus();
    act(() => void actions.run('workbench.action.showCommands'));
    act(() => key('Escape'));
    expect(document.activeElement).toBe(before);
    before.remove();
    elsewhere.remove();
  });

  it('moves the selection with the arrow keys, wrapping around; Escape closes', async () => {
    const { actions } = await setUp();
    act(() => void actions.run('workbench.action.showCommands'));
    const count = options().length;
    expect(options().indexOf(selectedOption()!)).toBe(0);
    key('ArrowUp');
    expect(options().indexOf(selectedOption()!)).toBe(count - 1);
    key('ArrowDown');
    key('ArrowDown');
    expect(options().indexOf(selectedOption()!)).toBe(1);
    type('>no such command at all');
    // The listbox says so in a disabled option, and nothing is active.
    expect(options().map((o) => [o.textContent, o.getAttribute('aria-disabled')])).toEqual([['No matching results', 'true']]);
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
    key('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("switches to quick open when the '>' is deleted, and back when typed", async () => {
    const { actions } = await setUp();
    act(() => void actions.run('workbench.action.showCommands'));
    type('');
    expect(screen.getByRole('dialog', { name: 'Quick open' })).toBeTruthy();
    type('>');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeTruthy();
  });
});

describe('QuickInput: quick open', () => {
  it('searches paths as the user types, shows each match by name with its path and the matched letters, and opens it with Enter', async () => {
    const { actions, search, editor, workspace } = await setUp();
    act(() => void actions.run('workbench.action.quickOpen'));
    expect(screen.getByRole('dialog', { name: 'Quick open' })).toBeTruthy();
    expect(box().getAttribute('placeholder')).toBe('Search files by name (type > for commands)');
    type('app');
    await waitFor(() => expect(options().map((o) => o.getAttribute('data-id'))).toEqual(['src/App.js', 'src/app.css']));
    expect(search.asked).toContain('app');
    const first = options()[0];
    expect(first.querySelector('.bp-quick-label')?.textContent).toBe('App.js');
    expect(first.querySelector('.bp-quick-detail')?.textContent).toBe('src/App.js');
    expect([...first.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['App']);
    key('ArrowDown');
    expect(selectedOption()?.getAttribute('data-id')).toBe('src/app.css');
    await act(async () => key('Enter'));
    await waitFor(() => expect(editor.tabs.map((t) => t.path)).toContain('src/app.css'));
    expect(editor.tabs.find((t) => t.fileId === editor.activeFileId)?.path).toBe('src/app.css');
    expect(workspace.opened.length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when nothing matches', async () => {
    const { actions } = await setUp();
    act(() => void actions.run('workbench.action.quickOpen'));
    type('zzz-nothing');
    await waitFor(() => expect(screen.getByText('No matching results')).toBeTruthy());
  });
});

describe('QuickInput: the colour theme picker', () => {
  it('lists the themes with the saved one selected, previews while moving, and Escape goes back to the saved theme', async () => {
    const { actions, settings, themeLoads } = await setUp();
    act(() => void actions.run('workbench.action.selectTheme'));
    expect(screen.getByRole('dialog', { name: 'Select Color Theme (Up/Down Keys to Preview)' })).toBeTruthy();
    expect(options().map((o) => o.querySelector('.bp-quick-label')?.textContent)).toEqual(THEMES.map((t) => t.label));
    expect(options().map((o) => o.querySelector('.bp-quick-detail')?.textContent)).toEqual(THEMES.map((t) => (t.kind === 'dark' ? 'dark' : 'light')));
    const saved = settings.settings.themeId;
    expect(selectedOption()?.getAttribute('data-id')).toBe(saved);
    const next = THEMES[(THEMES.findIndex((t) => t.id === saved) + 1) % THEMES.length].id;
    await act(async () => key('ArrowDown'));
    expect(themeLoads[0]).toBe(next); // previewed, not saved
    expect(settings.settings.themeId).toBe(saved);
    await act(async () => key('Escape'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(themeLoads.at(-1)).toBe(saved);
    expect(settings.settings.themeId).toBe(saved);
  });

  it('filters by name and saves the chosen theme with Enter', async () => {
    const { actions, settings } = await setUp();
    act(() => void actions.run('workbench.action.selectTheme'));
    await act(async () => type('night'));
    expect(options().map((o) => o.getAttribute('data-id'))).toEqual(['night-owl']);
    await act(async () => key('Enter'));
    expect(settings.settings.themeId).toBe('night-owl');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
