import 'reflect-metadata';
import { Container } from 'inversify';
import { PitcherClient } from '../../../src/adapters/pitcher/pitcher-client';
import { BranchRecordsPort } from '../../../src/application/ports/branch-records.port';
import { SandboxApiPort } from '../../../src/application/ports/sandbox-api.port';
import { EditorStore } from '../../../src/application/editor/editor.store';
import { TerminalsStore } from '../../../src/application/terminal/terminals.store';
import { WorkbenchStore } from '../../../src/application/workspace/workbench.store';
import { ResyncCoordinator } from '../../../src/application/workspace/resync-coordinator';
import { bindPitcherMode, bindWorkbenchStores } from '../../../src/composition/browser-container';
import { bindFamilyStores, startFamilies } from '../../../src/composition/workspace-families';
import { bindNotices } from '../../../src/composition/root-container';
import { RESYNC_ORDER_AFTER_RECONNECT, ResyncFamily } from '../../../src/domain/connection';
import { FakePitcherSocket, joinResult } from '../adapters/support/fake-pitcher-socket';
import { README, serve, settle } from './support/tiny-workspace';

/** Which family each request of a resync belongs to (spec 002 §4). */
const FAMILY_OF: Record<string, ResyncFamily> = {
  'client/list': 'clients',
  'git/status': 'git',
  'git/remotes': 'git',
  'port/list': 'ports',
  'setup/get': 'setup',
  'shell/list': 'shells',
  'shell/open': 'shells',
  'language/list': 'languages',
  'task/list': 'tasks',
  'system/metrics': 'system',
  'command/list': 'commands',
  'fs/read': 'fs',
  'fs/watch': 'fs',
  'file/open': 'files',
  'channel/subscribe': 'channels',
};

const clients: PitcherClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

describe('resync after a reconnect, over the wire', () => {
  it('sends its requests family by family in the spec order: clients, git, ports, setup, shells, languages, tasks, system, commands, fs, files, channels', async () => {
    let socket!: FakePitcherSocket;
    const c = new Container();
    const api: SandboxApiPort = {
      getSandbox: async (id) => ({ id, title: 'Sandbox' }),
      startWorkspace: async () => ({ pitcherUrl: 'ws://host/pitcher/sb1', pitcherToken: 't' }),
    };
    c.bind<SandboxApiPort>(SandboxApiPort).toConstantValue(api);
    c.bind<BranchRecordsPort>(BranchRecordsPort).toConstantValue({ rename: async () => undefined });
    bindNotices(c);
    bindPitcherMode(c, (url) => (socket = new FakePitcherSocket(url)));
    bindWorkbenchStores(c);
    bindFamilyStores(c);
    startFamilies(c);
    const client = c.get(PitcherClient);
    clients.push(client);
    const workbench = c.get(WorkbenchStore);

    // First join: WorkbenchStore loads the workbench (tree, README.md, terminal); the coordinator the other families.
    await workbench.open('sb1');
    socket.open();
    socket.respond(0, 'client/join', joinResult('rt1'));
    await serve(socket, 1);
    expect(c.get(EditorStore).tabs.map((t) => t.path)).toEqual(['README.md']);
    expect(c.get(TerminalsStore).shellId).toBe('sh1');

    // The connection drops and comes back: a reconnect.
    socket.drop();
    const before = socket.frames.length;
    socket.open();
    await settle();
    const join = socket.frames[before];
    expect(join.method).toBe('client/join');
    socket.respond(join.id, 'client/join', joinResult('rt2', { clientId: 'c2' }));
    await serve(socket, before + 1);

    const sent = socket.frames.slice(before + 1).map((f) => f.method);
    const resync = sent.filter((m) => m !== 'channel/message');
    expect(resync).toEqual([
      'client/list', // clients: presence (who left) and the collaborator list
      'client/list',
      'git/status', // git
      'git/remotes',
      'port/list', // ports
      'setup/get', // setup
      'shell/list', // shells: the terminal attaches again
      'shell/open',
      'language/list', // languages
      'task/list', // tasks
      'system/metrics', // system
      'command/list', // commands
      'fs/read', // fs: the tree again
      'file/open', // files: the open document resyncs
      'channel/subscribe', // channels: every channel in use again
    ]);
    const families = resync.map((m) => FAMILY_OF[m]).filter((f, i, all) => i === 0 || all[i - 1] !== f);
    expect(families).toEqual([...RESYNC_ORDER_AFTER_RECONNECT]);
    expect(socket.frames.slice(before + 1).find((f) => f.method === 'file/open')?.params).toEqual({ id: README, isResync: true });
    expect(c.get(ResyncCoordinator).lastReport).toMatchObject({ cause: 'reconnect', superseded: false });
    expect(c.get(ResyncCoordinator).lastReport?.outcomes.filter((o) => o.status !== 'resynced')).toEqual([]);
  });
});
