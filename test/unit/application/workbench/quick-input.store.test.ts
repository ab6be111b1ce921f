import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PathMatch, SearchPort } from '../../../../src/application/ports/search.port';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { QuickInputStore } from '../../../../src/application/workbench/quick-input.store';

class FakePathSearch implements SearchPort {
  onDidReceiveMatches = new Emitter<never>().event;
  onDidFinish = new Emitter<never>().event;
  readonly asked: string[] = [];
  answer: PathMatch[] | Error = [];
  startSearch = async () => undefined;
  cancelSearch = async () => undefined;
  search = async () => [];
  pathSearch = async (text: string) => {
    this.asked.push(text);
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  };
}

function setUp() {
  const actions = new ActionRegistry();
  const search = new FakePathSearch();
  const opened: string[] = [];
  const editor = { openPath: async (path: string) => void opened.push(path) } as unknown as EditorStore;
  const ran: string[] = [];
  actions.register([
    { id: 'toggle', category: 'View', label: 'Toggle Side Bar', keybinding: 'CtrlCmd+B', run: () => ran.push('toggle') },
    { id: 'palette', label: 'Show All Commands', run: () => ran.push('palette') },
  ]);
  return { quick: new QuickInputStore(actions, search, editor), search, opened, ran };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('QuickInputStore', () => {
  it('filters commands by every word and runs the chosen one', async () => {
    const { quick, ran } = setUp();
    quick.openCommands();
    expect(quick.items.map((i) => i.label)).toEqual(['Show All Commands', 'View: Toggle Side Bar']);
    quick.type('>side view');
    expect(quick.items.map((i) => [i.id, i.keyLabel])).toEqual([['toggle', 'Ctrl+B']]);
    await quick.accept();
    expect(ran).toEqual(['toggle']);
    expect(quick.state.kind).toBe('closed');
  });

  it('searches paths as the user types and opens the chosen file', async () => {
    const { quick, search, opened } = setUp();
    search.answer = [{ path: '/src/App.js', ranges: [{ start: 5, end: 8 }] }];
    quick.openFiles();
    quick.type('app');
    await settle();
    expect(search.asked).toEqual(['', 'app']);
    expect(quick.items).toEqual([{ id: 'src/App.js', label: 'App.js', detail: 'src/App.js', highlights: [{ start: 0, end: 3 }] }]);
    await quick.accept();
    expect(opened).toEqual(['src/App.js']);
  });

  it("switches to commands on '>' and shows no matches when path search fails", async () => {
    const { quick, search } = setUp();
    search.answer = new Error('Not implemented');
    quick.openFiles();
    quick.type('x');
    await settle();
    expect(quick.state).toMatchObject({ kind: 'files', searching: false, matches: [] });
    quick.type('>');
    expect(quick.state.kind).toBe('commands');
    quick.move(1);
    expect(quick.state).toMatchObject({ selected: 1 });
    quick.move(1);
    expect(quick.state).toMatchObject({ selected: 0 });
  });
});
