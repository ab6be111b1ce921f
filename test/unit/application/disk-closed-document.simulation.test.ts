import { TextOperation } from '../../../src/domain/ot/text-operation';
import { memoryWorkspace } from '../../support/server-fakes/memory-workspace';
import { SimulatedClient } from './support/simulated-clients';

/**
 * What the real client code does when the server closes an open document for a change on disk it cannot take
 * (docs/protocol/file.md): here the file grows past the server's text limit (100 characters in this workspace,
 * 5,000,000 in Bullpen) while two people have it open, one of them with unsaved edits.
 */
const FILE = 'notes.md';
const LIMIT = 100;
const GROWN = 'x'.repeat(150);
const TOO_LARGE = `File is too large to display (150 characters), limit is ${LIMIT} characters`;
const CLOSED = `${FILE} changed on disk and was closed for editing, so that the change on disk is kept: ${TOO_LARGE}`;

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** Delivers every frame both ways and lets `ms` of (fake) time pass, a few rounds. */
async function pump(clients: SimulatedClient[], rounds = 20, ms = 250): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    for (const c of clients) c.deliverUp();
    await flush();
    for (const c of clients) c.deliverDown();
    await flush();
    await jest.advanceTimersByTimeAsync(ms);
    await flush();
  }
}

const typeAtStart = (c: SimulatedClient, text: string) => c.session!.applyLocal(new TextOperation().insert(text).retain(c.session!.length));

describe('an open document closed for a change on disk it cannot take, seen by the real client', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('tells both users, keeps what they typed in their editors, and never writes it over the file', async () => {
    const { workspace, disk } = await memoryWorkspace({ [FILE]: 'first line\n' }, { maxTextCharacters: LIMIT });
    const fileId = workspace.tree.findByPath(FILE)!.id;
    const [a, b] = ['ann', 'bob'].map((name) => new SimulatedClient(name, workspace, fileId));
    const told = new Map<SimulatedClient, string[]>([
      [a, []],
      [b, []],
    ]);
    for (const c of [a, b]) c.pitcher.onNotification('notification/notify', (n) => told.get(c)!.push(`${n.type}: ${n.message}`));
    for (const c of [a, b]) c.start();
    await pump([a, b]);
    expect(a.session?.linkState).toBe('SYNCED');

    typeAtStart(a, 'unsaved ');
    await pump([a, b]);
    expect(b.session?.content).toBe('unsaved first line\n');

    disk.files.set(FILE, GROWN);
    await workspace.diskChanged([FILE]);
    await pump([a, b], 2);
    for (const c of [a, b]) expect(told.get(c)).toEqual([`warning: ${CLOSED}`]);
    expect(workspace.documents.get(fileId)).toBeUndefined();

    // Ann types on: the edit is refused, her reopen is refused with the limit text, and the document is out of sync.
    typeAtStart(a, 'more ');
    await pump([a, b], 20, 500);
    expect(a.errors).toEqual([`An edit of ${FILE} was refused: ${CLOSED}`, `Could not resync ${FILE}: ${TOO_LARGE}`]);
    expect(a.session?.linkState).toBe('OUT_OF_SYNC');
    expect(a.session?.content).toContain('unsaved first line');

    // Saving from either editor writes nothing.
    const saves = Promise.all([a.editor.save(fileId), b.editor.save(fileId)]);
    await pump([a, b], 50, 500);
    await saves;
    expect(disk.files.get(FILE)).toBe(GROWN);
    expect(disk.writes.filter((w) => w.path === FILE)).toEqual([]);
    expect(b.errors).toEqual([`Could not save ${FILE}: ${CLOSED}`]);
  });
});
