/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Container } from 'inversify';
import { useEffect, useState } from 'react';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { terminalActions } from '../../../../src/application/terminal/terminal-actions';
import { READONLY_TERMINAL_TEXT, TerminalsStore } from '../../../../src/application/terminal/terminals.store';
import { NotifyError } from '../../../../src/application/tokens';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { ShellsPort } from '../../../../src/application/ports/shells.port';
import { TerminalPanelBody, TerminalViewProps } from '../../../../src/ui/terminal/terminal-panel-body';
import { accessAs } from '../../application/support/access';
import { FakeShells, settle } from '../../application/support/fake-shells';
import { renderWithContainer } from '../support/render-with-container';

/** The store-level writer in place of xterm.js: the session's output as text. */
function TextView({ session, primary }: TerminalViewProps) {
  const [text, setText] = useState('');
  useEffect(() => {
    const binding = session.bind({
      write: (data, done) => {
        setText((t) => t + data);
        done();
      },
      reset: () => setText(''),
    });
    return () => binding.dispose();
  }, [session]);
  return (
    <pre data-testid={primary ? 'terminal' : 'terminal-pane'} data-shell-id={session.shellId}>
      {text}
    </pre>
  );
}

async function setUp({ canCreate = true, listed }: { canCreate?: boolean; listed?: FakeShells['listed'] } = {}) {
  const shells = new FakeShells();
  if (listed) shells.listed = listed;
  const errors: string[] = [];
  const stored = new Map<string, unknown>();
  const c = new Container();
  const { access, connection } = accessAs(canCreate ? 'write' : 'read');
  c.bind(AccessStore).toConstantValue(access);
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue({ read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) });
  c.bind<ShellsPort>(ShellsPort).toConstantValue(shells);
  c.bind<NotifyError>(NotifyError).toConstantValue((m) => errors.push(m));
  for (const store of [TerminalsStore, ActionRegistry, LayoutStore]) c.bind(store).toSelf().inSingletonScope();
  const terminals = c.get(TerminalsStore);
  c.get(ActionRegistry).register(terminalActions({ terminals, layout: c.get(LayoutStore), groups: { requestEditorFocus: () => undefined } }));
  await terminals.attach();
  renderWithContainer(<TerminalPanelBody View={TextView} />, c);
  const tabs = () => screen.getAllByRole('tab').map((t) => t.textContent);
  return { shells, terminals, errors, tabs, actions: c.get(ActionRegistry), connection };
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
    await settle();
  });
};

describe('TerminalPanel', () => {
  it('shows the terminals as tabs and creates a new one with the + button', async () => {
    const { tabs } = await setUp();
    expect(screen.getByRole('tablist', { name: 'Terminals' })).toBeTruthy();
    expect(tabs()).toEqual(['Terminal 1']);
    expect(screen.getByTestId('terminal').textContent).toBe('scrollback');

    await click(screen.getByRole('button', { name: 'New Terminal' }));
    expect(tabs()).toEqual(['Terminal 1', 'Terminal 2']);
    expect(screen.getByRole('tab', { name: 'Terminal 2' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('terminal').getAttribute('data-shell-id')).toBe('s2');
  });

  it('keeps the output of a hidden tab and shows it when the tab is picked again', async () => {
    const { shells } = await setUp();
    await click(screen.getByRole('button', { name: 'New Terminal' }));
    act(() => shells.output.fire({ shellId: 's1', out: ' while hidden' }));
    expect(screen.getByTestId('terminal').textContent).toBe('');
    await click(screen.getByRole('tab', { name: 'Terminal 1' }));
    expect(screen.getByTestId('terminal').textContent).toBe('scrollback while hidden');
  });

  it('moves between tabs with the arrow keys', async () => {
    const { terminals } = await setUp();
    await act(() => terminals.create());
    const second = screen.getByRole('tab', { name: 'Terminal 2' });
    act(() => second.focus());
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    expect(terminals.activeShellId).toBe('s1');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Terminal 1' }));
  });

  it('renames a tab by double-click: Enter keeps the new name, Escape the old one', async () => {
    const { shells } = await setUp();
    fireEvent.doubleClick(screen.getByRole('tab', { name: 'Terminal 1' }));
    const input = screen.getByRole('textbox', { name: 'Terminal name' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'server' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
      await settle();
    });
    expect(screen.getByRole('tab', { name: 'server' })).toBeTruthy();
    expect(shells.listed[0].name).toBe('server');

    fireEvent.doubleClick(screen.getByRole('tab', { name: 'server' }));
    const again = screen.getByRole('textbox', { name: 'Terminal name' });
    fireEvent.change(again, { target: { value: 'nope' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(screen.getByRole('tab', { name: 'server' })).toBeTruthy();
  });

  it('kills a terminal: the tab and the pane show the exit code, and Restart runs it again', async () => {
    const { shells } = await setUp();
    await click(screen.getByLabelText('Kill Terminal 1'));
    act(() => shells.end('s1', 130));
    expect(screen.getByRole('tab').textContent).toBe('Terminal 1killed, exit code 130');
    expect(screen.getByTestId('terminal-exit').textContent).toContain('killed, exit code 130');
    expect(screen.getByTestId('terminal').textContent).toContain('[Process exited with code 130]');

    await click(within(screen.getByTestId('terminal-exit')).getByRole('button', { name: 'Restart' }));
    expect(screen.queryByTestId('terminal-exit')).toBeNull();
    expect(screen.getByTestId('terminal').textContent).toBe('');
  });

  it('splits the panel: two terminals side by side', async () => {
    await setUp();
    await click(screen.getByRole('button', { name: 'Split Terminal' }));
    const panes = screen.getAllByRole('tabpanel').filter((p) => !p.hidden);
    expect(panes.map((p) => p.querySelector('pre')!.getAttribute('data-shell-id'))).toEqual(['s1', 's2']);
    expect(screen.getByRole('button', { name: 'Unsplit Terminal' })).toBeTruthy();
  });

  it('shows the read-only text to a visitor without shell create permission, and no create button', async () => {
    await setUp({ canCreate: false, listed: [] });
    expect(screen.getByRole('note').textContent).toBe(READONLY_TERMINAL_TEXT);
    expect(screen.queryByRole('button', { name: 'New Terminal' })).toBeNull();
    expect(screen.queryAllByRole('tab')).toEqual([]);
  });

  it("lets a visitor watch the workspace's running terminals, with the read-only text", async () => {
    await setUp({ canCreate: false });
    expect(screen.getByRole('note').textContent).toBe(READONLY_TERMINAL_TEXT);
    expect(screen.getByTestId('terminal').textContent).toBe('scrollback');
    expect(screen.getByLabelText('Close Terminal 1')).toBeTruthy();
  });

  it('shows the read-only text and drops the create button when the access turns to read while open, and back', async () => {
    const { connection } = await setUp();
    expect(screen.queryByRole('note')).toBeNull();
    await act(async () => connection.changeAccess('read'));
    expect(screen.getByRole('note').textContent).toBe(READONLY_TERMINAL_TEXT);
    expect(screen.queryByRole('button', { name: 'New Terminal' })).toBeNull();
    expect(screen.getByTestId('terminal').textContent).toBe('scrollback');
    await act(async () => connection.changeAccess('write'));
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'New Terminal' })).toBeTruthy();
  });
});
