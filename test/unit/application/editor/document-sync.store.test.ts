import { unwrap } from '../../../../src/base/result';
import { DocumentSyncStore } from '../../../../src/application/editor/document-sync.store';
import { PortError } from '../../../../src/application/ports/port-error';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { joinedWorkspace, settle } from '../presence/workspace-fakes';

const op = (json: Array<number | string>) => unwrap(TextOperation.fromJSON(json));
const notFound = () => new PortError('rejected', 'Failed to retrieve a path for the file (id: readme): file not found.', 100);

beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

/** README.md open with a local edit, then its link fails for good (the resync keeps failing). */
async function outOfSync() {
  const workspace = await joinedWorkspace((c) => c.bind(DocumentSyncStore).toSelf().inSingletonScope());
  const sync = workspace.container.get(DocumentSyncStore);
  await workspace.editor.open('readme');
  const session = workspace.editor.session('readme')!;
  workspace.documents.openError = notFound();
  const resync = session.resync();
  await jest.advanceTimersByTimeAsync(5000);
  await resync;
  session.applyLocal(op(['mine ', 4])); // kept while out of sync, not sent
  await settle();
  return { ...workspace, sync, session };
}

describe('DocumentSyncStore', () => {
  it('flags a document whose link failed for good and asks which version to keep', async () => {
    const { sync, session, documents } = await outOfSync();
    expect(session.linkState).toBe('OUT_OF_SYNC');
    expect(sync.stateOf('readme')).toEqual({ kind: 'NOTIFIED_OUT_OF_SYNC' });
    expect(sync.question).toEqual({ fileId: 'readme', path: 'README.md' });
    expect(documents.operations).toEqual([]);
  });

  it('leaves it out of sync on cancel, and asks again on review', async () => {
    const { sync } = await outOfSync();
    sync.cancel('readme');
    expect(sync.stateOf('readme')).toEqual({ kind: 'OUT_OF_SYNC' });
    expect(sync.question).toBeUndefined();
    sync.review('readme');
    expect(sync.question).toEqual({ fileId: 'readme', path: 'README.md' });
  });

  it("'Keep my version' replaces the server's text with this client's", async () => {
    const { sync, session, documents } = await outOfSync();
    documents.openError = undefined;
    documents.texts.readme = '# changed on the server';
    sync.resetFromClient('readme');
    expect(sync.stateOf('readme')).toEqual({ kind: 'SYNCING', source: 'client' });
    await jest.advanceTimersByTimeAsync(100);
    await settle();
    expect(session.content).toBe('mine # hi');
    expect(documents.texts.readme).toBe('mine # hi');
    expect(session.linkState).toBe('SYNCED');
    expect(sync.stateOf('readme')).toEqual({ kind: 'SYNCED' });
  });

  it("'Use the server version' replaces this client's text with the server's", async () => {
    const { sync, session, documents } = await outOfSync();
    documents.openError = undefined;
    documents.texts.readme = '# changed on the server';
    sync.resetFromServer('readme');
    await jest.advanceTimersByTimeAsync(100);
    await settle();
    expect(session.content).toBe('# changed on the server');
    expect(documents.operations).toEqual([]);
    expect(sync.stateOf('readme')).toEqual({ kind: 'SYNCED' });
  });

  it('asks again when the reset fails too', async () => {
    const { sync, errors } = await outOfSync();
    errors.length = 0;
    sync.resetFromServer('readme');
    await jest.advanceTimersByTimeAsync(5000);
    await settle();
    expect(sync.stateOf('readme')).toEqual({ kind: 'NOTIFIED_OUT_OF_SYNC' });
    expect(errors.at(-1)).toContain('file not found');
  });

  it('forgets a closed document', async () => {
    const { sync, editor } = await outOfSync();
    editor.closeTab('readme');
    await settle();
    expect(sync.question).toBeUndefined();
    expect(sync.states.size).toBe(0);
  });
});
