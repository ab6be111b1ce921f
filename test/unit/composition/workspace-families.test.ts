import 'reflect-metadata';
import { Container } from 'inversify';
import { PitcherClient } from '../../../src/adapters/pitcher/pitcher-client';
import { GitStore } from '../../../src/application/git/git.store';
import { PortsStore } from '../../../src/application/port/ports.store';
import { TasksStore } from '../../../src/application/tasks/tasks.store';
import { BranchRecordsPort } from '../../../src/application/ports/branch-records.port';
import { NotifyError, NotifyInfo, OpenBranchId } from '../../../src/application/tokens';
import { ConnectionStore } from '../../../src/application/workspace/connection.store';
import { ResyncCoordinator } from '../../../src/application/workspace/resync-coordinator';
import { bindPitcherMode } from '../../../src/composition/browser-container';
import { createRootContainer } from '../../../src/composition/root-container';
import { WorkspaceScopes } from '../../../src/application/workspace/workspace-scopes';
import { bindFamilyStores, startFamilies } from '../../../src/composition/workspace-families';
import { emptyGitStatus } from '../../../src/domain/git/git-status';
import { FakePitcherSocket, joinResult } from '../adapters/support/fake-pitcher-socket';

/** What a workspace answers to each family's load request. */
const ANSWERS: Record<string, unknown> = {
  'client/list': [],
  'git/status': { ...emptyGitStatus(), branch: 'main' },
  'git/remotes': { origin: 'o', upstream: '' },
  'port/list': { list: [{ port: 3000, url: 'http://3000' }] },
  'setup/get': { state: 'IDLE', steps: [], currentStepIndex: 0 },
  'language/list': { languages: [] },
  'task/list': { tasks: { dev: { id: 'dev', name: 'dev', command: 'npm run dev', shell: null, ports: [] } }, setupTasks: [], validationErrors: [] },
  'system/metrics': { cpu: { cores: 2, used: 0, configured: 2 }, memory: { used: 0, total: 1, configured: 1 }, storage: { used: 0, total: 1, configured: 1 } },
  'command/list': { commands: [] },
  'channel/subscribe': { subscribers: ['c1'] },
  'channel/message': { clients: [] },
};

const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

const clients: PitcherClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.dispose();
});

describe('workspace family wiring', () => {
  it("resolves every family store in an open workspace's container", () => {
    const root = createRootContainer({
      preferences: { read: () => undefined, write: () => undefined },
      workspace: { socketFactory: (url) => new FakePitcherSocket(url) },
    });
    const scope = root.get(WorkspaceScopes).take('sb1');
    const c = scope.container;
    expect(c.get(GitStore)).toBeInstanceOf(GitStore);
    expect(c.get(ResyncCoordinator)).toBe(c.get(ResyncCoordinator));
    root.get(WorkspaceScopes).close(scope);
  });

  it('loads every family over the wire in the spec order on the first join', async () => {
    let socket!: FakePitcherSocket;
    const c = new Container();
    c.bind(NotifyError).toConstantValue(() => undefined);
    c.bind(NotifyInfo).toConstantValue(() => undefined);
    c.bind<BranchRecordsPort>(BranchRecordsPort).toConstantValue({ rename: async () => undefined });
    c.bind<OpenBranchId>(OpenBranchId).toConstantValue(() => 'sb1');
    c.bind(ConnectionStore).toSelf().inSingletonScope();
    bindPitcherMode(c, (url) => (socket = new FakePitcherSocket(url)));
    bindFamilyStores(c);
    startFamilies(c);
    const client = c.get(PitcherClient);
    clients.push(client);
    client.connect({ pitcherUrl: 'ws://host', pitcherToken: 't' });
    socket.open();
    socket.respond(0, 'client/join', joinResult('rt'));
    // a tiny workspace service: answers every request as it arrives
    let answered = 1;
    for (let round = 0; round < 40 && answered <= socket.frames.length; round++) {
      await settle();
      while (answered < socket.frames.length) {
        const frame = socket.frames[answered++];
        socket.respond(frame.id, frame.method, ANSWERS[frame.method] ?? null);
      }
    }
    await settle();
    const methods = socket.frames.map((f) => f.method).filter((m) => m !== 'channel/message');
    expect(methods).toEqual([
      'client/join',
      'channel/subscribe', // the presence store joins its channel on join
      'client/list', // clients
      'git/status', // git
      'git/remotes',
      'port/list', // ports
      'setup/get', // setup
      'language/list', // languages
      'task/list', // tasks
      'system/metrics', // system
      'command/list', // commands
      'channel/subscribe', // channels: every channel in use is subscribed (again)
    ]);
    expect(c.get(GitStore).branch).toBe('main');
    expect(c.get(PortsStore).list).toEqual([{ port: 3000, url: 'http://3000' }]);
    expect(c.get(TasksStore).all.map((t) => t.id)).toEqual(['dev']);
    expect(c.get(ResyncCoordinator).lastReport?.outcomes.every((o) => o.status !== 'failed')).toBe(true);
  });
});
