import { murmurHash } from '../../../../../src/domain/hash/murmur';
import { FakeChannel, fakeSession } from '../../../../support/server-fakes/fake-shells';
import { memoryWorkspace } from '../../../../support/server-fakes/memory-workspace';

/** A server that took the edit 'abc' → 'abc!' of notes.txt, was asked for no save, and stopped: its journal and ids. */
async function stoppedWithUnsavedEdit() {
  const first = await memoryWorkspace({ 'notes.txt': 'abc' });
  const id = first.tree.findByPath('/notes.txt')!.id;
  const session = first.workspace.join({ username: 'ann', name: 'Ann', access: 'write' }, new FakeChannel(), 'test', 'ann');
  expect((await first.workspace.documents.open(session, id)).ok).toBe(true);
  expect((await first.workspace.documents.operation(session, { id, operation: [3, '!'], revision: 0, seq: 1 })).ok).toBe(true);
  expect(first.journal.read(id)?.snapshot.text).toBe('abc'); // unsaved edits in the journal
  await first.workspace.dispose(); // no save asked: the journal keeps the edit
  return { id, journal: first.journal, ids: first.ids };
}

/** The server started again with the same journal, notes.txt holding `diskText`: what opening the file gives. */
async function restartedWith(diskText: string, stopped: Awaited<ReturnType<typeof stoppedWithUnsavedEdit>>) {
  const restarted = await memoryWorkspace({ 'notes.txt': diskText }, { journal: stopped.journal, ids: stopped.ids });
  const opened = await restarted.workspace.documents.open(fakeSession(new FakeChannel()), stopped.id);
  await restarted.workspace.dispose();
  return { content: opened.ok ? opened.value.content : undefined, logs: restarted.logs };
}

/**
 * A server killed (kill -9) after a save renamed the new text into place but before the journal recorded the save:
 * after the restart the file holds the document's text while the journal still has it as unsaved edits.
 */
describe('a save cut off between its write and its journal record', () => {
  it('counts as saved after the restart, so that a later change on disk is taken instead of the old edits', async () => {
    const stopped = await stoppedWithUnsavedEdit();
    // The save's rename happened (the file holds 'abc!'), its record did not.
    expect((await restartedWith('abc!', stopped)).content).toBe('abc!');
    expect(stopped.journal.read(stopped.id)?.snapshot).toMatchObject({ text: null, savedHash: murmurHash('abc!') });
    // Down again, and the file is changed on disk meanwhile: the change is the document (before: 'abc!' came back).
    expect((await restartedWith('changed on disk', stopped)).content).toBe('changed on disk');
  });

  it('opens the file all the same when the journal cannot record that it is saved (the failure is logged)', async () => {
    const stopped = await stoppedWithUnsavedEdit();
    stopped.journal.snapshot = () => {
      throw new Error('EROFS: read-only file system');
    };
    const restarted = await restartedWith('abc!', stopped);
    expect(restarted.content).toBe('abc!');
    expect(restarted.logs.some((line) => line.includes(`could not record the save of ${stopped.id} in its journal: EROFS`))).toBe(true);
  });

  it('unsaved edits that are not on disk are still kept over a change made on disk while the server was down', async () => {
    const stopped = await stoppedWithUnsavedEdit();
    expect((await restartedWith('changed on disk', stopped)).content).toBe('abc!');
    expect(stopped.journal.read(stopped.id)?.snapshot.text).toBe('abc');
  });
});
