/** @jest-environment jsdom */
import 'reflect-metadata';
import { act, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { MemoryRouter, useNavigate } from 'react-router';
import { ContainerStore } from '../../../../src/application/container/container.store';
import { WindowLabelStore } from '../../../../src/application/container/window-label.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { ThemeLoaderPort } from '../../../../src/application/ports/theme-loader.port';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { NotificationsStore } from '../../../../src/application/workspace/notifications.store';
import { WorkbenchStore } from '../../../../src/application/workspace/workbench.store';
import { WorkspaceScope, WorkspaceScopeFactory, WorkspaceScopes } from '../../../../src/application/workspace/workspace-scopes';
import { App } from '../../../../src/ui/app';
import { editorSandboxId, isEditorPath } from '../../../../src/ui/routes/route-paths';
import { renderWithContainer } from '../support/render-with-container';
import { bindPlatformFakes } from '../support/platform-fakes';
import { NotifyError, NotifyInfo } from '../../../../src/application/tokens';

/** A root container whose workspaces are small fakes: each shows its sandbox as 'not found'. */
function rootWithFakeWorkspaces() {
  const root = new Container();
  root.bind(PreferencesPort).toConstantValue({ read: () => undefined, write: () => undefined } satisfies PreferencesPort);
  root.bind(ThemeLoaderPort).toConstantValue({ load: async () => Promise.reject(new Error('offline')) } satisfies ThemeLoaderPort);
  root.bind(SettingsStore).toSelf().inSingletonScope();
  root.bind(NotificationsStore).toSelf().inSingletonScope();
  root.bind(NotifyError).toConstantValue(() => undefined);
  root.bind(NotifyInfo).toConstantValue(() => undefined);
  bindPlatformFakes(root);
  const made: Array<WorkspaceScope & { disposed: boolean }> = [];
  root.bind<WorkspaceScopeFactory>(WorkspaceScopeFactory).toConstantValue((sandboxId) => {
    const c = root.createChild();
    c.bind(WorkbenchStore).toConstantValue({
      state: { kind: 'error', title: 'Sandbox not found', message: `There is no sandbox with the id ${sandboxId}.` },
      open: async () => undefined,
    } as unknown as WorkbenchStore);
    c.bind(LayoutStore).toConstantValue({ applyQuery: () => undefined, requestedFile: undefined } as unknown as LayoutStore);
    c.bind(EditorStore).toConstantValue({ requestInitialFile: () => undefined } as unknown as EditorStore);
    c.bind(ContainerStore).toConstantValue({ needsUnloadConfirmation: false } as unknown as ContainerStore);
    c.bind(WindowLabelStore).toConstantValue({ documentTitle: 'Sandbox' } as unknown as WindowLabelStore);
    const scope = { sandboxId, container: c, disposed: false, dispose: () => void (scope.disposed = true) };
    made.push(scope);
    return scope;
  });
  root.bind(WorkspaceScopes).toSelf().inSingletonScope();
  return { root, made };
}

let navigate: ReturnType<typeof useNavigate>;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function renderAt(path: string, root: Container) {
  return renderWithContainer(
    <MemoryRouter initialEntries={[path]}>
      <Navigator />
      <App />
    </MemoryRouter>,
    root,
  );
}

describe('route table', () => {
  it("shows 'Page not found' for an address it does not know", () => {
    const { root } = rootWithFakeWorkspaces();
    renderAt('/no/such/page', root);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the default sandbox' }).getAttribute('href')).toBe('/');
  });

  it('opens a workspace scope for an editor route, a new one for another sandbox, and closes each when it is left', async () => {
    const { root, made } = rootWithFakeWorkspaces();
    renderAt('/sandbox/sb1', root);
    expect(screen.getByText('There is no sandbox with the id sb1.')).toBeTruthy();
    expect(made.map((s) => [s.sandboxId, s.disposed])).toEqual([['sb1', false]]);
    await act(() => navigate('/devbox/db2'));
    expect(screen.getByText('There is no sandbox with the id db2.')).toBeTruthy();
    expect(made.map((s) => [s.sandboxId, s.disposed])).toEqual([
      ['sb1', true],
      ['db2', false],
    ]);
    await act(() => navigate('/elsewhere'));
    expect(made.map((s) => s.disposed)).toEqual([true, true]);
    expect(root.get(WorkspaceScopes).size).toBe(0);
  });

  it('takes the scope the page prepared before its first render', () => {
    const { root, made } = rootWithFakeWorkspaces();
    const prepared = root.get(WorkspaceScopes).prepare('sb1');
    renderAt('/sandbox/sb1', root);
    expect(made).toEqual([prepared]);
  });
});

describe('editor paths', () => {
  it('are /sandbox/{id...} and /devbox/{id...}; the id may hold slashes', () => {
    expect(editorSandboxId('/sandbox/abc')).toBe('abc');
    expect(editorSandboxId('/devbox/a/b')).toBe('a/b');
    expect(editorSandboxId('/sandbox/')).toBeUndefined();
    expect(['/account', '/cli/login', '/signin', '/'].map(isEditorPath)).toEqual([false, false, false, false]);
  });
});
