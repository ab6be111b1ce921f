import { FakePitcherSocket } from '../../adapters/support/fake-pitcher-socket';
import { emptyGitStatus } from '../../../../src/domain/git/git-status';

/** A tiny workspace for wiring tests: one README and one terminal. */
export const README = 'readme-id';
const shell = {
  shellId: 'sh1',
  name: 'Terminal',
  status: 'RUNNING',
  shellType: 'TERMINAL',
  ownerUsername: 'guest',
  isSystemShell: false,
  startCommand: 'bash',
  title: 'Terminal',
};

/** A tiny workspace: answers each request by its method. */
export const ANSWERS: Record<string, unknown> = {
  'client/list': [],
  'git/status': { ...emptyGitStatus(), branch: 'main' },
  'git/remotes': { origin: '', upstream: '' },
  'port/list': { list: [] },
  'setup/get': { state: 'IDLE', steps: [], currentStepIndex: 0 },
  'shell/list': { shells: [shell] },
  'shell/open': { ...shell, buffer: ['$ '] },
  'language/list': { languages: [] },
  'task/list': { tasks: {}, setupTasks: [], validationErrors: [] },
  'system/metrics': { cpu: { cores: 2, used: 0, configured: 2 }, memory: { used: 0, total: 1, configured: 1 }, storage: { used: 0, total: 1, configured: 1 } },
  'command/list': { commands: [] },
  'fs/read': {
    treeNodes: [
      { id: '0', type: 1, name: '', parentId: null },
      { id: README, type: 0, name: 'README.md', parentId: '0' },
    ],
    clock: 0,
  },
  'file/open': { id: README, isBinary: false, content: '# hi', savedHash: 'h', contentHash: 'h', clients: {}, document: { revision: 0, clients: {} } },
  'channel/subscribe': { subscribers: ['c1'] },
  'channel/message': { clients: [] },
};

export const settle = async () => {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
};

/** Answers every request as it arrives until nothing new is sent. */
export async function serve(socket: FakePitcherSocket, from: number): Promise<void> {
  let answered = from;
  for (let round = 0; round < 60; round++) {
    await settle();
    if (answered >= socket.frames.length) return;
    while (answered < socket.frames.length) {
      const frame = socket.frames[answered++];
      if (frame.method !== 'client/join') socket.respond(frame.id, frame.method, ANSWERS[frame.method] ?? null);
    }
  }
}
