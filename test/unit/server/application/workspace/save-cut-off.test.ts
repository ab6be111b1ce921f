import { murmurHash } from '../../../../../src/domain/hash/murmur';
import { FakeChannel, fakeSession } from '../../../../support/server-fakes/fake-shells';
import { memoryWorkspace } from '../../../../support/server-fakes/memory-workspace';

/**
 * A server killed (kill -9) after a save renamed the new text into place but before the journal recorded the save:
 * after the restart the file holds the document's text while the journal still has it as unsaved edits.
 */
describe('a save cut off between its write and its journal record', () => {
  it('counts as saved after the restart, so that a later change on disk is taken instead of the old edits', async () => {
    const first = await memoryWorkspace({ 'notes.txt': 'abc' });
    const id = first.tree.findByPath('/notes.txt')!.id;
    const session = first.workspace.join({ username: 'ann', name: 'Ann', access: 'write' }, new FakeChannel(), 'test', 'ann');
    expect((await first.workspace.documents.open(session, id)).ok).toBe(true);
    expect((await first.workspace.documents.operation(session, { id, operation: [3, '!'], revision: 0, seq: 1 })).ok).toBe(true);
    expect(first.journal.read(id)?.snapshot.text).toBe('abc'); // unsaved edits in the journal
    await first.workspace.dispose(); // no save asked: the journal keeps the edit

    // The save's rename happened (the file holds 'abc!'), its record did not.
    const second = await memoryWorkspace({ 'notes.txt': 'abc!' }, { journal: first.journal, ids: first.ids });
    const reopened = await second.workspace.documents.open(fakeSession(new FakeChannel()), id);
    expect(reopened.ok && reopened.value.content).toBe('abc!');
    expect(first.journal.read(id)?.snapshot).toMatchObject({ text: null, savedHash: murmurHash('abc!') });
    await second.workspace.dispose();

    // Down again, and the file is changed on disk meanwhile: the change is the document (before: 'abc!' came back).
    const third = await memoryWorkspace({ 'notes.txt': 'changed on disk' }, { journal: first.journal, ids: first.ids });
    const again = await third.workspace.documents.open(fakeSession(new FakeChannel()), id);
    expect(again.ok && again.value.content).toBe('changed on disk');
    await third.workspace.dispose();
  });

  it('opens the file all the same when the journal cannot record that it is saved (the failure is logged)', async () => {
    const first = await memoryWorkspace({ 'notes.txt': 'abc' });
    const id = first.tree.findByPath('/notes.txt')!.id;
    const session = first.workspace.join({ username: 'ann', name: 'Ann', access: 'write' }, new FakeChannel(), 'test', 'ann');
    expect((await first.workspace.documents.open(session, id)).ok).toBe(true);
    expect((await first.workspace.documents.operation(session, { id, operation: [3, '!'], revision: 0, seq: 1 })).ok).toBe(true);
    await first.workspace.dispose();

    first.journal.snapshot = () => {
      throw new Error('EROFS: read-only file system');
    };
    const second = await memoryWorkspace({ 'notes.txt': 'abc!' }, { journal: first.journal, ids: first.ids });
    const reopened = await second.workspace.documents.open(fakeSession(new FakeChannel()), id);
    expect(reopened.ok && reopened.value.content).toBe('abc!');
    expect(second.logs.some((line) => line.includes(`could not record the save of ${id} in its journal: EROFS`))).toBe(true);
    await second.workspace.dispose();
  });

  it('unsaved edits that are not on disk are still kept over a change made on disk while the server was down', async () => {
    const first = await memoryWorkspace({ 'notes.txt': 'abc' });
    const id = first.tree.findByPath('/notes.txt')!.id;
    const session = first.workspace.join({ username: 'ann', name: 'Ann', access: 'write' }, new FakeChannel(), 'test', 'ann');
    expect((await first.workspace.documents.open(session, id)).ok).toBe(true);
    expect((await first.workspace.documents.operation(session, { id, operation: [3, '!'], revision: 0, seq: 1 })).ok).toBe(true);
    await first.workspace.dispose();

    const second = await memoryWorkspace({ 'notes.txt': 'changed on disk' }, { journal: first.journal, ids: first.ids });
    const reopened = await second.workspace.documents.open(fakeSession(new FakeChannel()), id);
    expect(reopened.ok && reopened.value.content).toBe('abc!');
    expect(first.journal.read(id)?.snapshot.text).toBe('abc');
    await second.workspace.dispose();
  });
});
