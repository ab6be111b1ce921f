/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Container } from 'inversify';
import { EditorNavigationStore } from '../../../../src/application/editor/editor-navigation.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { ProblemsStore } from '../../../../src/application/language/problems.store';
import { LanguagePort } from '../../../../src/application/ports/language.port';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { ProblemsPanel } from '../../../../src/ui/language/problems-panel';
import { ProblemsStatus } from '../../../../src/ui/language/problems-status';
import { bindEditor, FakeWorkspace } from '../support/editor-fakes';
import { FakeLanguage } from '../support/fake-language';
import { renderWithContainer } from '../support/render-with-container';

const diagnostic = (line: number, character: number, message: string, severity: number) => ({
  range: { start: { line, character }, end: { line, character: character + 1 } },
  message,
  severity,
  source: 'ts',
});

async function setUp() {
  const c = new Container();
  await bindEditor(c, new FakeWorkspace({ 'src/main.ts': 'let a: number = "x";\nlet b = 1;\n', 'src/util.ts': 'export {};\n' }));
  const language = new FakeLanguage();
  c.bind(LanguagePort).toConstantValue(language);
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue({ read: () => undefined, write: () => undefined });
  for (const store of [ProblemsStore, LayoutStore]) c.bind(store).toSelf().inSingletonScope();
  renderWithContainer(
    <>
      <ProblemsStatus />
      <ProblemsPanel />
    </>,
    c,
  );
  return { c, language };
}

describe('ProblemsPanel', () => {
  it('says when there are no problems', async () => {
    await setUp();
    expect(screen.getByTestId('problems-panel').textContent).toBe('No problems have been detected in the workspace.');
    expect(screen.getByRole('button', { name: 'Problems: 0 errors, 0 warnings' })).toBe(screen.getByTestId('status-problems'));
  });

  it('lists published diagnostics by file with severity, message and position, and counts them in the status bar', async () => {
    const { language } = await setUp();
    language.publish('typescript', 'file:///src/main.ts', [diagnostic(1, 4, 'unused b', 2), diagnostic(0, 4, "Type 'string' is not assignable to type 'number'.", 1)]);
    language.publish('typescript', 'file:///src/util.ts', [diagnostic(0, 0, 'a hint', 4), diagnostic(0, 0, 'note', 3)]);
    const tree = screen.getByRole('tree', { name: 'Problems' });
    const rows = within(tree).getAllByRole('treeitem');
    expect(rows.map((r) => [r.getAttribute('aria-level'), r.getAttribute('data-path'), r.getAttribute('data-severity')])).toEqual([
      ['1', 'src/main.ts', null],
      ['2', 'src/main.ts', 'error'],
      ['2', 'src/main.ts', 'warning'],
      ['1', 'src/util.ts', null],
      ['2', 'src/util.ts', 'info'],
    ]);
    expect(rows[1].textContent).toBe("⨂Type 'string' is not assignable to type 'number'.ts[Ln 1, Col 5]");
    expect(within(rows[1]).getByRole('img', { name: 'Error' })).toBeTruthy();
    expect(screen.getByTestId('status-errors').textContent).toBe('1');
    expect(screen.getByTestId('status-warnings').textContent).toBe('1');

    // A server's empty list clears its diagnostics of that file.
    language.publish('typescript', 'file:///src/main.ts', []);
    expect(within(tree).getAllByRole('treeitem').map((r) => r.getAttribute('data-path'))).toEqual(['src/util.ts', 'src/util.ts']);
    expect(screen.getByRole('button', { name: 'Problems: 0 errors, 0 warnings' })).toBe(screen.getByTestId('status-problems'));
  });

  it("keeps each server's diagnostics of a file", async () => {
    const { language } = await setUp();
    language.publish('html', 'file:///src/main.ts', [diagnostic(0, 0, 'from html', 1)]);
    language.publish('typescript', 'file:///src/main.ts', [diagnostic(1, 0, 'from ts', 1)]);
    language.publish('typescript', 'file:///src/main.ts', [diagnostic(1, 0, 'from ts again', 1)]);
    expect(screen.getAllByRole('treeitem').slice(1).map((r) => r.textContent)).toEqual(['⨂from htmlts[Ln 1, Col 1]', '⨂from ts againts[Ln 2, Col 1]']);
  });

  it('opens the file at the problem with Enter or a click', async () => {
    const { c, language } = await setUp();
    language.publish('typescript', 'file:///src/main.ts', [diagnostic(1, 4, 'unused b', 2)]);
    const row = screen.getAllByRole('treeitem')[1];
    await act(async () => fireEvent.keyDown(row, { key: 'Enter' }));
    const editor = c.get(EditorStore);
    expect(editor.tabs.map((t) => t.path)).toEqual(['src/main.ts']);
    expect(c.get(EditorNavigationStore).request).toMatchObject({ fileId: editor.activeFileId, range: { startLineNumber: 2, startColumn: 5, endLineNumber: 2, endColumn: 6 } });
    c.get(EditorNavigationStore).done(c.get(EditorNavigationStore).request!.id);
    await act(async () => fireEvent.click(row));
    expect(c.get(EditorNavigationStore).request).toMatchObject({ range: { startLineNumber: 2 } });
  });

  it('shows the panel from the status bar item', async () => {
    const { c } = await setUp();
    fireEvent.click(screen.getByTestId('status-problems'));
    expect(c.get(LayoutStore).layout).toMatchObject({ panelVisible: true, activePanel: 'problems' });
  });
});
