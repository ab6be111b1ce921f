import 'reflect-metadata';
import { configure } from 'mobx';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { TERMINAL_TOGGLE_ACTION_ID, terminalActions } from '../../../../src/application/terminal/terminal-actions';
import { TerminalsStore } from '../../../../src/application/terminal/terminals.store';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { accessAs } from '../support/access';
import { FakeShells } from '../support/fake-shells';

configure({ enforceActions: 'always' });

async function setUp() {
  const preferences: PreferencesPort = { read: () => undefined, write: () => undefined };
  const layout = new LayoutStore(preferences);
  const terminals = new TerminalsStore(new FakeShells(), () => undefined, accessAs('write').access);
  await terminals.attach();
  const editorFocusRequests: number[] = [];
  const actions = new ActionRegistry();
  actions.register(terminalActions({ terminals, layout, groups: { requestEditorFocus: () => editorFocusRequests.push(1) } }));
  const toggle = () => actions.run(TERMINAL_TOGGLE_ACTION_ID);
  return { layout, terminals, actions, toggle, editorFocusRequests };
}

describe("View: Toggle Terminal (Ctrl/Cmd+`)", () => {
  it('is bound to Ctrl/Cmd+`', async () => {
    const { actions } = await setUp();
    expect(actions.get(TERMINAL_TOGGLE_ACTION_ID)?.keyLabel).toBe('Ctrl+`');
  });

  it('shows the hidden panel on the terminal and asks the active terminal to take the keyboard', async () => {
    const { layout, terminals, toggle } = await setUp();
    layout.showPanel('problems');
    layout.togglePanel();
    toggle();
    expect(layout.layout).toMatchObject({ panelVisible: true, activePanel: 'terminal' });
    expect(terminals.focusRequest).toEqual({ shellId: undefined });
  });

  it('asks a shown terminal without the keyboard to take it, the panel staying', async () => {
    const { layout, terminals, toggle, editorFocusRequests } = await setUp();
    toggle();
    expect(layout.layout.panelVisible).toBe(true);
    expect(terminals.focusRequest).toBeDefined();
    expect(editorFocusRequests).toEqual([]);
  });

  it('hides the panel when a terminal has the keyboard and gives the keyboard back to the editor', async () => {
    const { layout, terminals, toggle, editorFocusRequests } = await setUp();
    terminals.keyboardChanged('s1', true);
    toggle();
    expect(layout.layout.panelVisible).toBe(false);
    expect(editorFocusRequests).toEqual([1]);
  });

  it('follows the views: a terminal that lost the keyboard takes it again', async () => {
    const { layout, terminals, toggle } = await setUp();
    terminals.keyboardChanged('s1', true);
    terminals.keyboardChanged('s1', false);
    toggle();
    expect(layout.layout.panelVisible).toBe(true);
    expect(terminals.focusRequest).toBeDefined();
  });
});
