/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { EditorNavigationStore } from '../../../../src/application/editor/editor-navigation.store';
import { EditorStatusStore } from '../../../../src/application/editor/editor-status.store';
import { ProblemsStore } from '../../../../src/application/language/problems.store';
import { LanguagePort } from '../../../../src/application/ports/language.port';
import { ConnectionStore } from '../../../../src/application/workspace/connection.store';
import { disconnected } from '../../../../src/domain/connection/connection-state';
import { StatusBar } from '../../../../src/ui/workbench/status-bar';
import { gitStatus } from '../../application/git/fake-git-port';
import { scmFixture } from '../../application/git/scm-fixture';
import { FakeLanguage } from '../support/fake-language';
import { renderWithContainer } from '../support/render-with-container';

/** The status bar over the real git, editor-status, connection, problems and layout stores, fed by fakes. */
async function setUp() {
  const fixture = await scmFixture(['src/a.ts']);
  const { c, connection } = fixture; // the fixture binds the connection as WorkspaceConnectionPort
  const language = new FakeLanguage();
  c.bind(LanguagePort).toConstantValue(language);
  for (const store of [EditorStatusStore, ConnectionStore, ProblemsStore, EditorNavigationStore]) c.bind(store).toSelf().inSingletonScope();
  renderWithContainer(<StatusBar />, c);
  // The store follows the connection from its creation on: the connection comes up.
  act(() => connection.setStatus({ kind: 'CONNECTED' }));
  return { ...fixture, language, status: c.get(EditorStatusStore) };
}

const item = (id: string) => screen.queryByTestId(id);

describe('StatusBar', () => {
  it('is a labelled status region with the connection and the problem counts, and no editor items without an editor', async () => {
    await setUp();
    const bar = screen.getByRole('contentinfo', { name: 'Status bar' });
    expect(bar.getAttribute('data-testid')).toBe('status-bar');
    expect(item('status-branch')).toBeNull(); // no repository status yet
    expect(item('connection-status')?.textContent).toBe('Connected');
    expect(screen.getByRole('button', { name: 'Problems: 0 errors, 0 warnings' })).toBeTruthy();
    expect(item('status-cursor')).toBeNull();
    expect(item('status-language')).toBeNull();
  });

  it("offers 'Enable VSCode Extensions' to a user who may create shells; its tooltip and a click say why extensions are not available; a reader is not offered it", async () => {
    const { connection, notices } = await setUp();
    const reload = jest.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, reload } });
    try {
      act(() => connection.join('writer'));
      const offer = item('status-enable-extensions')!;
      expect(offer.textContent).toBe('Enable VSCode Extensions');
      expect(offer.getAttribute('title')).toBe(
        "Write access lets you install extensions via the server. Bullpen runs no VS Code server in the workspace, so extensions are not available; Bullpen's own language servers provide the language features.",
      );
      fireEvent.click(screen.getByRole('button', { name: 'Enable VSCode Extensions' }));
      // No reload that would change nothing: a short explanation.
      expect(reload).not.toHaveBeenCalled();
      expect(notices).toEqual([
        "Extensions are not available in Bullpen: no VS Code server runs in this workspace. Bullpen's own language servers provide the language features (completion, diagnostics, go to definition).",
      ]);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
    }
    act(() => connection.changeAccess('read'));
    expect(item('status-enable-extensions')).toBeNull();
    act(() => connection.changeAccess('write'));
    expect(item('status-enable-extensions')).not.toBeNull();
  });

  it('shows the branch, which opens source control', async () => {
    const { git, gitStore, layout } = await setUp();
    git.serverStatus = gitStatus({ branch: 'feature/status' });
    await act(() => gitStore.resync());
    const branch = item('status-branch')!;
    expect(branch.textContent).toBe('⎇ feature/status');
    expect(branch.getAttribute('title')).toBe('Source control');
    act(() => layout.toggleSideBar());
    fireEvent.click(branch);
    expect(layout.layout).toMatchObject({ sideBarVisible: true, activeView: 'scm' });
  });

  it("follows the connection: Connecting while reconnecting (the attempt in its tooltip), Disconnected with the reason", async () => {
    const { connection } = await setUp();
    const connectionItem = () => item('connection-status')!;
    expect(connectionItem().getAttribute('role')).toBe('status');
    expect(connectionItem().getAttribute('title')).toBe('Connected');
    act(() => connection.setStatus({ kind: 'RECONNECTING', attempt: 2 }));
    expect(connectionItem().textContent).toBe('Connecting');
    expect(connectionItem().getAttribute('title')).toBe('Reconnecting (attempt 2)');
    expect(connectionItem().className).toContain('bp-connection-connecting');
    act(() => connection.setStatus(disconnected('Pong response not detected', false)));
    expect(connectionItem().textContent).toBe('Disconnected');
    expect(connectionItem().getAttribute('title')).toBe('Pong response not detected');
    act(() => connection.setStatus({ kind: 'HIBERNATED' }));
    expect(connectionItem().textContent).toBe('Disconnected');
    act(() => connection.setStatus({ kind: 'CONNECTED' }));
    expect(connectionItem().textContent).toBe('Connected');
  });

  it("shows the active editor's cursor, selection, indentation and language, and the problems panel on click", async () => {
    const { status, layout } = await setUp();
    act(() => status.report({ line: 12, column: 5, languageId: 'typescript', insertSpaces: true, indentSize: 2, selected: 0 }));
    expect(item('status-cursor')?.textContent).toBe('Ln 12, Col 5');
    expect(item('status-indentation')?.textContent).toBe('Spaces: 2');
    expect(item('status-language')?.textContent).toBe('TypeScript');
    act(() => status.report({ line: 3, column: 1, languageId: 'rust-ish', insertSpaces: false, indentSize: 4, selected: 17 }));
    expect(item('status-cursor')?.textContent).toBe('Ln 3, Col 1 (17 selected)');
    expect(item('status-indentation')?.textContent).toBe('Tab Size: 4');
    expect(item('status-language')?.textContent).toBe('rust-ish'); // an unknown language shows its id
    fireEvent.click(screen.getByRole('button', { name: /^Problems:/ }));
    expect(layout.layout).toMatchObject({ panelVisible: true, activePanel: 'problems' });
    act(() => status.clear());
    expect(item('status-cursor')).toBeNull();
  });
});
