import { TextOperation } from '../../../src/domain/ot/text-operation';
import { memoryWorkspace } from '../../support/server-fakes/memory-workspace';
import { SimulatedClient } from './support/simulated-clients';

/**
 * Ctrl/Cmd+S while an earlier save of the same file is under way (an editor lost the focus a moment before), with the
 * real client code against the real server code: the file on disk ends up with every edit made before the last save.
 */
const FILE = 'notes.md';

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function pump(client: SimulatedClient, rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    client.deliverUp();
    await flush();
    client.deliverDown();
    await flush();
    await jest.advanceTimersByTimeAsync(100);
    await flush();
  }
}

const typeAtStart = (c: SimulatedClient, text: string) => c.session!.applyLocal(new TextOperation().insert(text).retain(c.session!.length));

async function setUp() {
  const { workspace, disk } = await memoryWorkspace({ [FILE]: 'one\n' });
  const fileId = workspace.tree.findByPath(FILE)!.id;
  const client = new SimulatedClient('ann', workspace, fileId);
  client.start();
  await pump(client);
  expect(client.session?.linkState).toBe('SYNCED');
  return { client, disk, fileId, savesOfFile: () => disk.writes.filter((w) => w.path === FILE).map((w) => w.text) };
}

describe('a save asked for while another save of the file is under way', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('saves again after it when the earlier request left before the latest edits', async () => {
    const { client, fileId, savesOfFile } = await setUp();
    typeAtStart(client, 'A');
    await pump(client);
    const first = client.editor.save(fileId);
    await flush();
    client.deliverUp(); // its request reaches the server, which writes 'Aone'; the answer is still on its way
    await flush();
    typeAtStart(client, 'B');
    const second = client.editor.save(fileId);
    const third = client.editor.save(fileId);
    await pump(client);
    await Promise.all([first, second, third]);
    expect(savesOfFile()).toEqual(['Aone\n', 'BAone\n']); // the second and third calls share one more save
    expect(client.errors).toEqual([]);
  });

  it('shares the earlier save when its request has not left yet: that one carries the latest edits', async () => {
    const { client, fileId, savesOfFile } = await setUp();
    typeAtStart(client, 'A'); // on its way, unanswered: the save waits until the server has every edit
    const first = client.editor.save(fileId);
    typeAtStart(client, 'B');
    const second = client.editor.save(fileId);
    await pump(client);
    await Promise.all([first, second]);
    expect(savesOfFile()).toEqual(['BAone\n']);
  });
});
