/** @jest-environment jsdom */
import { act, cleanup, screen, within } from '@testing-library/react';
import { observable } from 'mobx';
import { WindowLabelStore } from '../../../../src/application/container/window-label.store';
import { WorkspaceMode } from '../../../../src/application/container/workspace-mode';
import { WorkbenchState, WorkbenchStore } from '../../../../src/application/workspace/workbench.store';
import { TopBar } from '../../../../src/ui/workbench/top-bar';
import { joinedWorkspace } from '../../application/presence/workspace-fakes';
import { renderWithContainer } from '../support/render-with-container';
import { bindPlatformFakes } from '../support/platform-fakes';
import { MemoryRouter } from 'react-router';

/** The top bar over the real window-label, collaborator and follow stores; the sandbox's loading is a fake. */
async function setUp(mode?: WorkspaceMode) {
  const workbench = observable({ state: { kind: 'loading' } as WorkbenchState }, { state: observable.ref });
  const workspace = await joinedWorkspace((c) => {
    c.bind(WorkbenchStore).toConstantValue(workbench as unknown as WorkbenchStore);
    if (mode) c.bind(WorkspaceMode).toConstantValue(mode);
    c.bind(WindowLabelStore).toSelf().inSingletonScope();
    bindPlatformFakes(c);
  });
  renderWithContainer(
    <MemoryRouter>
      <TopBar />
    </MemoryRouter>,
    workspace.container,
  );
  const load = (title: string, isCloud?: boolean) => act(() => void (workbench.state = { kind: 'ready', sandbox: { id: 'sb1', title, isCloud } }));
  return { workspace, load };
}

describe('TopBar', () => {
  it("shows the product, 'Loading' until the sandbox is known, then its title and the window label 'Devbox' for a cloud sandbox", async () => {
    const { load } = await setUp();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Bullpen')).toBeTruthy();
    expect(screen.getByTestId('sandbox-title').textContent).toBe('Loading');
    expect(screen.getByTestId('window-label').textContent).toBe('Sandbox');
    load('React starter', true);
    expect(screen.getByTestId('sandbox-title').textContent).toBe('React starter');
    expect(screen.getByTestId('window-label').textContent).toBe('Devbox');
  });

  it("labels a sandbox 'Sandbox', and adds '(Web)' in the browser-only mode", async () => {
    const first = await setUp();
    first.load('Plain', false);
    expect(screen.getByTestId('window-label').textContent).toBe('Sandbox');
    cleanup();
    const web = await setUp('browser');
    web.load('In the browser', true);
    expect(screen.getByTestId('window-label').textContent).toBe('Devbox (Web)');
  });

  it('lists the connected collaborators, yourself marked, the others as follow buttons', async () => {
    await setUp();
    const list = screen.getByTestId('collaborators');
    const ids = [...list.querySelectorAll('li')].map((li) => li.getAttribute('data-client-id'));
    expect(ids).toEqual(expect.arrayContaining(['me', 'ann', 'bob']));
    expect(within(list).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(expect.arrayContaining([expect.stringMatching(/^Follow /)]));
    expect(list.querySelector('li[data-client-id=me]')?.getAttribute('title')).toMatch(/ \(you\)$/);
  });
});
