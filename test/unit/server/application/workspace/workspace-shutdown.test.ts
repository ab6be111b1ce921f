import { murmurHash } from '../../../../../src/domain/hash/murmur';
import { FakeChannel, fakeSession } from '../../../../support/server-fakes/fake-shells';
import { memoryWorkspace } from '../../../../support/server-fakes/memory-workspace';

const flush = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A server told to stop (SIGTERM) while a save is writing the file: the save finishes and is recorded in the
 * document's journal before the workspace says it stopped. Otherwise the restarted server would count the saved text
 * as unsaved edits, and those win over a later change made on disk.
 */
describe('Workspace.dispose with a save on its way', () => {
  it('resolves only once the saves are written and recorded, then disconnects; after a restart a change on disk is taken', async () => {
    const first = await memoryWorkspace({ 'notes.txt': 'abc' });
    const id = first.tree.findByPath('/notes.txt')!.id;
    const channel = new FakeChannel();
    const session = first.workspace.join({ username: 'ann', name: 'Ann', access: 'write' }, channel, 'test', 'ann');
    expect((await first.workspace.documents.open(session, id)).ok).toBe(true);
    expect((await first.workspace.documents.operation(session, { id, operation: [3, '!'], revision: 0, seq: 1 })).ok).toBe(true);

    let finishWrite!: () => void;
    const write = first.disk.writeText.bind(first.disk);
    first.disk.writeText = (path, text) => new Promise((resolve) => (finishWrite = () => void write(path, text).then(resolve)));
    const saved = first.workspace.documents.save(id, true);
    await flush();
    let stopped = false;
    const disposed = first.workspace.dispose().then(() => (stopped = true));
    await flush();
    expect(stopped).toBe(false); // the file is being written: the save is not recorded yet
    expect(channel.closed).toBeUndefined(); // the client is still there to get the save's answer

    // An edit and a save asked for meanwhile are taken, and waited for too.
    expect((await first.workspace.documents.operation(session, { id, operation: [4, '?'], revision: 1, seq: 2 })).ok).toBe(true);
    const savedAgain = first.workspace.documents.save(id, true);
    finishWrite();
    await flush();
    expect(stopped).toBe(false);
    finishWrite();
    await disposed;
    expect((await saved).ok).toBe(true);
    expect((await savedAgain).ok).toBe(true);
    expect(channel.closed).toEqual({ code: 1001, reason: 'PitcherShutdown' });
    expect(first.journal.read(id)?.snapshot).toMatchObject({ text: null, savedHash: murmurHash('abc!?') });

    // Restarted with the same journal; meanwhile the file was changed on disk: the disk's text is the document's.
    const second = await memoryWorkspace({ 'notes.txt': 'changed on disk' }, { journal: first.journal, ids: first.ids });
    const reopened = await second.workspace.documents.open(fakeSession(new FakeChannel()), id);
    expect(reopened.ok && reopened.value.content).toBe('changed on disk');
    await second.workspace.dispose();
  });
});
