import 'reflect-metadata';
import { Container } from 'inversify';
import { EditorStore } from '../../../src/application/editor/editor.store';
import { GitStore } from '../../../src/application/git/git.store';
import { BranchRecordsPort } from '../../../src/application/ports/branch-records.port';
import { PreviewTokenPort } from '../../../src/application/ports/preview-token.port';
import { SandboxApiPort } from '../../../src/application/ports/sandbox-api.port';
import { SettingsStore } from '../../../src/application/settings/settings.store';
import { TerminalsStore } from '../../../src/application/terminal/terminals.store';
import { NotificationsStore } from '../../../src/application/workspace/notifications.store';
import { WorkbenchStore } from '../../../src/application/workspace/workbench.store';
import { WorkspaceScopes } from '../../../src/application/workspace/workspace-scopes';
import { createRootContainer } from '../../../src/composition/root-container';
import { disposeScope } from '../../../src/composition/scoped-bindings';
import { FakePitcherSocket, joinResult } from '../adapters/support/fake-pitcher-socket';
import { ensureNoDisposablesAreLeakedInTestSuite } from '../support/disposable-leaks';
import { serve } from './support/tiny-workspace';

function rootWithFakes() {
  const sockets: FakePitcherSocket[] = [];
  const root = createRootContainer({
    preferences: { read: () => undefined, write: () => undefined },
    workspace: {
      socketFactory: (url) => {
        const socket = new FakePitcherSocket(url);
        sockets.push(socket);
        return socket;
      },
      bindApi: (c) => {
        c.bind<SandboxApiPort>(SandboxApiPort).toConstantValue({
          getSandbox: async (id) => ({ id, title: 'Sandbox' }),
          startWorkspace: async () => ({ pitcherUrl: 'ws://host/pitcher/sb1', pitcherToken: 't' }),
        });
        c.bind<BranchRecordsPort>(BranchRecordsPort).toConstantValue({ rename: async () => undefined });
        c.bind<PreviewTokenPort>(PreviewTokenPort).toConstantValue({ fetchToken: async () => 'p' });
      },
    },
  });
  return { root, sockets };
}

/** Opens the sandbox in a scope and serves its first join (tree, README, terminal, every family). */
async function openWorkspace(scopes: WorkspaceScopes, sockets: FakePitcherSocket[], sandboxId: string) {
  const scope = scopes.take(sandboxId);
  await scope.container.get(WorkbenchStore).open(sandboxId);
  const socket = sockets.at(-1)!;
  socket.open();
  socket.respond(0, 'client/join', joinResult('rt1'));
  await serve(socket, 1);
  return { scope, socket };
}

describe('workspace scopes', () => {
  ensureNoDisposablesAreLeakedInTestSuite();

  it('closing an editor route disposes every store of its workspace and closes its connection; the root lives on', async () => {
    const { root, sockets } = rootWithFakes();
    const scopes = root.get(WorkspaceScopes);
    const { scope, socket } = await openWorkspace(scopes, sockets, 'sb1');
    const c = scope.container;
    expect(c.get(EditorStore).tabs.map((t) => t.path)).toEqual(['README.md']);
    const stores = [c.get(EditorStore), c.get(GitStore), c.get(TerminalsStore)];
    expect(c.get(SettingsStore)).toBe(root.get(SettingsStore));

    scopes.close(scope);
    expect(stores.map((s) => s.isDisposed)).toEqual([true, true, true]);
    expect(socket.closedWith).toBeDefined();
    expect(scopes.size).toBe(0);
    expect(root.get(NotificationsStore).notices).toEqual([]);
    disposeScope(root as Container);
  });

  it('another sandbox is another scope; the prepared scope is taken by the route for its own sandbox only', async () => {
    const { root, sockets } = rootWithFakes();
    const scopes = root.get(WorkspaceScopes);
    const prepared = scopes.prepare('sb1');
    expect(scopes.take('sb1')).toBe(prepared);
    const first = await openWorkspace(scopes, sockets, 'sb2');
    expect(first.scope).not.toBe(prepared);
    expect(first.scope.container.get(GitStore)).not.toBe(prepared.container.get(GitStore));
    scopes.close(prepared);
    scopes.close(first.scope);
    disposeScope(root as Container);
  });

  it('a page left with a workspace open lets go of it with the root', async () => {
    const { root, sockets } = rootWithFakes();
    const { socket } = await openWorkspace(root.get(WorkspaceScopes), sockets, 'sb1');
    disposeScope(root as Container);
    expect(socket.closedWith).toBeDefined();
  });
});
