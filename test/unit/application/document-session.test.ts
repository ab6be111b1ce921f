import { Emitter } from '../../../src/base/event';
import { unwrap } from '../../../src/base/result';
import { ACK_DEBOUNCE_MS, DocumentSession, HASH_DEBOUNCE_MS } from '../../../src/application/editor/document-session';
import { DocumentsPort, OpenedDocument, RemoteOperation } from '../../../src/application/ports/documents.port';
import { PortError } from '../../../src/application/ports/port-error';
import { murmurHash } from '../../../src/domain/hash/murmur';
import { OffsetSelection } from '../../../src/domain/ot/selection-transform';
import { TextBuffer } from '../../../src/domain/ot/text-buffer';
import { TextOperation } from '../../../src/domain/ot/text-operation';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

interface SentOperation {
  revision: number;
  seq: number;
  operation: Array<number | string>;
  resolve: (ack: { revision: number }) => void;
  reject: (error: unknown) => void;
}

/** A DocumentsPort whose answers the test gives by hand. */
class FakeDocuments implements DocumentsPort {
  readonly onDidReceiveOperation = new Emitter<RemoteOperation>().event;
  readonly onDidReceiveSelections = new Emitter<{ fileId: string; selections: Record<string, OffsetSelection[] | null> }>().event;
  readonly onDidSave = new Emitter<{ fileId: string; savedHash: string }>().event;
  readonly onDidJoinFile = new Emitter<{ fileId: string; clientId: string; username: string }>().event;
  readonly onDidLeaveFile = new Emitter<{ fileId: string; clientId: string }>().event;
  readonly sent: SentOperation[] = [];
  readonly acks: number[] = [];
  /** What the server has when the session re-opens the file. */
  server: OpenedDocument = opened('abc', 0);
  open = jest.fn(async (_fileId: string, _isResync: boolean) => this.server);
  openByPath = jest.fn(async (_path: string, _isResync: boolean) => this.server);
  sendOperation(_fileId: string, revision: number, operation: TextOperation, seq: number): Promise<{ revision: number }> {
    return new Promise((resolve, reject) => this.sent.push({ revision, seq, operation: operation.toJSON(), resolve, reject }));
  }
  async acknowledge(_fileId: string, revision: number): Promise<void> {
    this.acks.push(revision);
  }
  sendSelection = jest.fn(async () => undefined);
  save = jest.fn(async () => undefined);
  close = jest.fn(async () => undefined);
}

function opened(content: string, revision: number, savedHash = murmurHash('abc')): OpenedDocument {
  return { fileId: 'f1', isBinary: false, content, revision, savedHash, selections: {}, participants: {} };
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
};

const disconnected = () => new PortError('disconnected', 'Connection closed');
const notOpen = () => new PortError('rejected', 'File f1 is not open; open it before editing', 1012);

function setUp(content = 'abc', revision = 0) {
  const documents = new FakeDocuments();
  documents.server = opened(content, revision);
  const errors: string[] = [];
  let seq = 0;
  const session = new DocumentSession('f1', 'README.md', opened(content, revision), documents, {
    selfId: 'me',
    seqs: { next: () => ++seq },
    onError: (m) => errors.push(m),
  });
  const applied: Array<Array<number | string>> = [];
  session.onDidApplyRemote((o) => applied.push(o.toJSON()));
  const resync = jest.spyOn(session, 'resync');
  return { documents, session, applied, errors, resync };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('DocumentSession local edits', () => {
  it('sends one operation at a time, with increasing seqs, and buffers the rest', async () => {
    const { documents, session } = setUp();
    session.applyLocal(op(['X', 3]));
    session.applyLocal(op([1, 'Y', 3]));
    session.applyLocal(op([2, 'Z', 3]));
    expect(session.content).toBe('XYZabc');
    expect(documents.sent.map((s) => [s.revision, s.seq, s.operation])).toEqual([[0, 1, ['X', 3]]]);
    expect(session.isSynchronized).toBe(false);

    documents.sent[0].resolve({ revision: 1 });
    await flush();
    expect(documents.sent.map((s) => [s.revision, s.seq, s.operation])).toEqual([
      [0, 1, ['X', 3]],
      [1, 2, [1, 'YZ', 3]],
    ]);
    documents.sent[1].resolve({ revision: 2 });
    await flush();
    expect(documents.sent).toHaveLength(2);
    expect(session.isSynchronized).toBe(true);
  });

  it('takes NUL characters and unpaired surrogates out of a local edit and says so', async () => {
    const { documents, session, errors, applied } = setUp();
    session.applyLocal(op([1, 'x\u0000y\ud800', 2]));
    expect(documents.sent[0].operation).toEqual([1, 'xy', 2]);
    await flush();
    expect(applied).toEqual([[2, -1, 1, -1, 2]]);
    expect(session.content).toBe('axybc');
    expect(errors).toHaveLength(1);
  });
});

describe('DocumentSession acknowledgements', () => {
  it('acknowledges remote operations once per window with the latest revision, not once per operation', async () => {
    const { session, documents } = setUp();
    session.receiveRemote(op([3, '1']), 1);
    session.receiveRemote(op([4, '2']), 2);
    session.receiveRemote(op([5, '3']), 3);
    expect(documents.acks).toEqual([]);
    await jest.advanceTimersByTimeAsync(ACK_DEBOUNCE_MS);
    expect(documents.acks).toEqual([3]);
    session.receiveRemote(op([6, '4']), 4);
    await jest.advanceTimersByTimeAsync(ACK_DEBOUNCE_MS);
    expect(documents.acks).toEqual([3, 4]);
  });

  it('lets an operation it sends stand for the acknowledgement (piggy-backed)', async () => {
    const { session, documents } = setUp();
    session.receiveRemote(op([3, '1']), 1);
    session.applyLocal(op([4, '!']));
    expect(documents.sent[0]).toMatchObject({ revision: 1 });
    await jest.advanceTimersByTimeAsync(ACK_DEBOUNCE_MS * 2);
    expect(documents.acks).toEqual([]);
  });
});

describe('DocumentSession remote operations', () => {
  it('applies a remote operation as is when synchronized', () => {
    const { session, applied } = setUp();
    session.receiveRemote(op([3, '!']), 1);
    expect(session.content).toBe('abc!');
    expect(applied).toEqual([[3, '!']]);
    expect(session.revision).toBe(1);
  });

  it('transforms remote operations against the outstanding and buffered local operations', async () => {
    const { session, applied, documents } = setUp();
    session.applyLocal(op(['X', 3])); // outstanding
    session.applyLocal(op([4, 'Y'])); // buffer: XabcY
    session.receiveRemote(op([1, 'R', 2]), 1); // aRbc on the server
    expect(applied).toEqual([[2, 'R', 3]]);
    expect(session.content).toBe('XaRbcY');

    documents.sent[0].resolve({ revision: 2 });
    await flush();
    // The buffer is sent on top of the server's aRbc + X, at revision 2.
    expect(documents.sent[1]).toMatchObject({ revision: 2, operation: [5, 'Y'] });
    documents.sent[1].resolve({ revision: 3 });
    await flush();
    expect(session.isSynchronized).toBe(true);
    session.receiveRemote(op([6, '?']), 4);
    expect(session.content).toBe('XaRbcY?');
  });

  it('takes an operation that overtook the answer to its own operation after that answer, in revision order', async () => {
    const { session, documents, resync } = setUp();
    session.applyLocal(op(['X', 3])); // becomes revision 1 on the server
    session.receiveRemote(op([4, 'Z']), 2); // made on top of Xabc, arrives before the answer is handled
    expect(session.content).toBe('Xabc');
    documents.sent[0].resolve({ revision: 1 });
    await flush();
    expect(session.content).toBe('XabcZ');
    expect(session.revision).toBe(2);
    expect(resync).not.toHaveBeenCalled();
  });

  it('resyncs instead of waiting forever when a revision is missing and nothing of its own is in flight', async () => {
    const { session, documents, resync } = setUp();
    documents.server = opened('abcXY', 2);
    session.receiveRemote(op([4, 'Y']), 2); // revision 1 never arrives
    await flush();
    expect(resync).toHaveBeenCalled();
    expect(session.content).toBe('abcXY');
    expect(session.revision).toBe(2);
  });

  it('resyncs when a remote operation does not fit the server text', async () => {
    const { session, documents } = setUp();
    documents.server = opened('abcdef', 7);
    session.receiveRemote(op([10, '!']), 1);
    await flush();
    expect(documents.open).toHaveBeenCalledWith('f1', true);
    expect(session.content).toBe('abcdef');
    expect(session.linkState).toBe('SYNCED');
    expect(session.revision).toBe(7);
  });
});

describe('DocumentSession dirty state', () => {
  it('is dirty at once after an edit and clean after a save once the hash is computed', async () => {
    const { session } = setUp();
    expect(session.isDirty).toBe(false);
    session.applyLocal(op([3, 'd']));
    expect(session.isDirty).toBe(true);
    session.markSaved(murmurHash('abcd'));
    await jest.advanceTimersByTimeAsync(0);
    expect(session.isDirty).toBe(false);
    expect(session.contentHash).toBe(murmurHash('abcd'));
    session.applyLocal(op([3, -1]));
    expect(session.isDirty).toBe(true);
  });

  it('is clean again when an edit is undone back to the saved text, once the hash confirms it', async () => {
    const { session } = setUp();
    session.applyLocal(op([3, 'd']));
    session.applyLocal(op([3, -1]));
    expect(session.isDirty).toBe(true);
    await jest.advanceTimersByTimeAsync(HASH_DEBOUNCE_MS);
    expect(session.isDirty).toBe(false);
  });

  it('does not hash the text on every keystroke', async () => {
    const { session } = setUp();
    const hash = jest.spyOn(session, 'refreshContentHash');
    for (let i = 0; i < 20; i++) session.applyLocal(op([3 + i, 'x']));
    expect(hash).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(HASH_DEBOUNCE_MS);
    expect(hash).toHaveBeenCalledTimes(1);
  });
});

describe('DocumentSession resync after a lost connection', () => {
  /** X typed, sent, then the connection went away before the answer. */
  async function withLostOutstanding() {
    const setup = setUp();
    setup.session.applyLocal(op(['X', 3]));
    setup.documents.sent[0].reject(disconnected());
    await flush();
    return setup;
  }

  it('re-sends the operation with the same seq; the server did not have it, so it is sent again on the new content', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('abc', 0);
    const done = session.resync();
    await flush();
    expect(documents.sent[1]).toMatchObject({ revision: 0, seq: 1, operation: ['X', 3] });
    documents.sent[1].reject(notOpen());
    await done;
    expect(session.content).toBe('Xabc');
    expect(applied).toEqual([]);
    expect(documents.sent[2]).toMatchObject({ revision: 0, seq: 2, operation: ['X', 3] });
    documents.sent[2].resolve({ revision: 1 });
    await flush();
    expect(session.isSynchronized).toBe(true);
  });

  it('does not duplicate an operation the server applied when only the ack was lost', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('Xabc', 1);
    const done = session.resync();
    await flush();
    documents.sent[1].resolve({ revision: 1 }); // the server recognises seq 1
    await done;
    expect(session.content).toBe('Xabc');
    expect(applied).toEqual([]);
    expect(documents.sent).toHaveLength(2);
    expect(session.isSynchronized).toBe(true);
    session.applyLocal(op([4, '!']));
    expect(documents.sent[2]).toMatchObject({ revision: 1, operation: [4, '!'] });
  });

  it('does not duplicate an applied operation when another client also edited', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('XabcZ', 2);
    const done = session.resync();
    await flush();
    documents.sent[1].resolve({ revision: 1 });
    await done;
    expect(session.content).toBe('XabcZ');
    expect(applied).toEqual([[4, 'Z']]);
    expect(documents.sent).toHaveLength(2);
    expect(session.isSynchronized).toBe(true);
  });

  it('keeps both changes when the server did not have the operation and another client edited', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('abcZ', 1);
    const done = session.resync();
    await flush();
    documents.sent[1].reject(notOpen());
    await done;
    expect(session.content).toBe('XabcZ');
    expect(applied).toEqual([[4, 'Z']]);
    expect(documents.sent[2]).toMatchObject({ revision: 1, operation: ['X', 4] });
  });

  it('keeps the buffer and edits made while resyncing', async () => {
    const { session, documents } = setUp();
    session.applyLocal(op(['X', 3]));
    session.applyLocal(op([4, 'Y'])); // buffered
    documents.sent[0].reject(disconnected());
    await flush();
    let release!: () => void;
    documents.open.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(opened('abc', 0)))));
    const done = session.resync();
    await flush();
    documents.sent[1].reject(notOpen());
    await flush();
    expect(session.linkState).toBe('RESYNCING');
    session.applyLocal(op([5, 'W'])); // held while resyncing
    expect(documents.sent).toHaveLength(2);
    release();
    await done;
    expect(session.content).toBe('XabcYW');
    expect(documents.sent[2]).toMatchObject({ revision: 0, operation: ['X', 3, 'YW'] });
  });

  it('handles an acknowledgement that arrives while resyncing without sending mid-resync', async () => {
    const { session, documents } = setUp();
    session.applyLocal(op(['X', 3])); // in flight
    session.applyLocal(op([4, 'Y'])); // buffered
    let release!: () => void;
    documents.open.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(opened('XabcQ', 2)))));
    session.receiveRemote(op([9, '!']), 1); // does not fit: resync while X is in flight
    documents.sent[0].resolve({ revision: 1 }); // the answer to X arrives during the resync
    await flush();
    expect(documents.sent).toHaveLength(1); // the buffer waits for the resync
    expect(session.linkState).toBe('RESYNCING');
    release();
    await flush();
    expect(session.linkState).toBe('SYNCED');
    // The kept local edit goes first where both inserted at the same place (the client's operation wins ties).
    expect(session.content).toBe('XabcYQ');
    expect(documents.sent[1]).toMatchObject({ revision: 2, operation: [4, 'Y', 1] });
  });

  it('drops an edit the server refuses for good, taking it out of the local text', async () => {
    const { session, documents, errors } = setUp();
    session.applyLocal(op([3, 'BIG']));
    session.applyLocal(op([6, '!']));
    documents.sent[0].reject(new PortError('rejected', 'File is too large to display (6 characters), limit is 5 characters', 1013, true));
    await flush();
    expect(session.content).toBe('abc!');
    expect(documents.sent[1]).toMatchObject({ revision: 0, operation: [3, '!'] });
    expect(errors.some((e) => e.includes('File is too large to display'))).toBe(true);
  });

  it('leaves RESYNCING for OUT_OF_SYNC when re-opening keeps failing, and syncs again later', async () => {
    const { session, documents, errors } = setUp();
    documents.open.mockRejectedValue(new PortError('rejected', 'Failed to retrieve a path for the file (id: f1): file not found.', 100));
    const done = session.resync();
    await jest.advanceTimersByTimeAsync(5000);
    await done;
    expect(session.linkState).toBe('OUT_OF_SYNC');
    expect(errors.at(-1)).toContain('file not found');
    session.applyLocal(op([3, '?'])); // kept, not sent
    expect(documents.sent).toHaveLength(0);
    documents.open.mockResolvedValue(opened('abc', 4));
    await session.resync();
    expect(session.linkState).toBe('SYNCED');
    expect(documents.sent[0]).toMatchObject({ revision: 4, operation: [3, '?'] });
  });

  it("carries out a side chosen while the last failing try was on its way, instead of answering it with that try's failure", async () => {
    const { session, documents, errors } = setUp('abc', 0);
    const tooLarge = () => new PortError('rejected', 'File is too large to display', 1013);
    let refuseLastTry!: () => void;
    documents.open
      .mockRejectedValueOnce(tooLarge())
      .mockRejectedValueOnce(tooLarge())
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (refuseLastTry = () => reject(tooLarge()))))
      .mockResolvedValue(opened('from the server', 3));
    session.applyLocal(op([3, '!'])); // sent…
    documents.sent[0].reject(new PortError('rejected', 'File is too large to display', 1013)); // …and refused: resync
    await flush();
    expect(session.linkState).toBe('RESYNCING');
    await jest.advanceTimersByTimeAsync(1500); // two tries refused, the third on its way
    expect(documents.open).toHaveBeenCalledTimes(3);

    const reset = session.reset('server'); // the file was made smaller meanwhile, and the user chose the server's text
    refuseLastTry(); // the third try was read before that
    await jest.advanceTimersByTimeAsync(0);
    await reset;
    expect(session.linkState).toBe('SYNCED');
    expect(session.content).toBe('from the server');
    expect(documents.open).toHaveBeenCalledTimes(4);
    expect(errors.filter((e) => e.startsWith('Could not resync'))).toEqual([]);
  });

  it('gives a side chosen after the document went OUT_OF_SYNC its own tries', async () => {
    const { session, documents, errors } = setUp('abc', 0);
    documents.open.mockRejectedValue(new PortError('rejected', 'File is too large to display', 1013));
    const first = session.resync();
    await jest.advanceTimersByTimeAsync(5000);
    await first;
    expect(session.linkState).toBe('OUT_OF_SYNC');
    expect(documents.open).toHaveBeenCalledTimes(3);
    documents.open.mockRejectedValueOnce(new PortError('rejected', 'File is too large to display', 1013)).mockResolvedValue(opened('smaller', 5));
    const reset = session.reset('server');
    await jest.advanceTimersByTimeAsync(5000);
    await reset;
    expect(session.linkState).toBe('SYNCED');
    expect(session.content).toBe('smaller');
    expect(errors.filter((e) => e.startsWith('Could not resync'))).toHaveLength(1); // the first resync's, not the reset's
  });

  it('stays RESYNCING while disconnected and finishes on the next resync', async () => {
    const { session, documents } = await withLostOutstanding();
    const first = session.resync();
    await flush();
    documents.sent[1].reject(disconnected()); // still down
    await first;
    expect(session.linkState).toBe('RESYNCING');
    documents.server = opened('Xabc', 1);
    const second = session.resync();
    await flush();
    documents.sent[2].resolve({ revision: 1 });
    await second;
    expect(session.linkState).toBe('SYNCED');
    expect(session.content).toBe('Xabc');
  });
});

describe('DocumentSession after its file is renamed or moved', () => {
  /** An editor's model as the session sees it (LocalText), with a typing hand that edits it as a user would. */
  class FakeView {
    readonly buffer: TextBuffer;
    constructor(text: string) {
      this.buffer = new TextBuffer(text);
    }
    readonly text = { length: 0, getText: () => this.buffer.toString(), apply: (o: TextOperation) => this.buffer.apply(o) };
    type(session: DocumentSession, o: TextOperation): void {
      this.buffer.apply(o);
      session.applyLocal(o);
    }
  }
  const attach = (session: DocumentSession, view: FakeView) =>
    session.attachView(Object.defineProperty(view.text, 'length', { get: () => view.buffer.length }));

  it('goes by the new path, in its error messages too', async () => {
    const { session, documents, errors } = setUp();
    session.movedTo('docs/README.txt');
    expect(session.path).toBe('docs/README.txt');
    session.applyLocal(op([3, '!']));
    documents.sent[0].reject(new PortError('rejected', 'File is too large', 1013, true));
    await flush();
    expect(errors).toEqual(['An edit of docs/README.txt was refused: File is too large']);
  });

  it('loses no edit when its view hands the text over to a new one (a renamed file gets a new model)', async () => {
    const { session, documents } = setUp();
    const old = new FakeView(session.content);
    const oldHandle = attach(session, old);
    old.type(session, op([3, '1'])); // in flight
    old.type(session, op([4, '2'])); // waits for the answer
    // The editor's rename: a new view with the same text takes over, then the old one lets go.
    const renamed = new FakeView(session.content);
    attach(session, renamed);
    oldHandle.dispose();
    session.movedTo('README.txt');
    session.receiveRemote(op(['R', 3]), 1); // another client's edit, made before this client's
    expect(renamed.buffer.toString()).toBe('Rabc12');
    expect(old.buffer.toString()).toBe('abc12');
    renamed.type(session, op([6, '3'])); // joins the waiting edit
    documents.sent[0].resolve({ revision: 2 });
    await flush();
    documents.sent[1].resolve({ revision: 3 });
    await flush();
    expect(documents.sent.map((s) => [s.revision, s.operation])).toEqual([
      [0, [3, '1']],
      [2, [5, '23']],
    ]);
    expect(session.content).toBe('Rabc123');
    expect(session.isSynchronized).toBe(true);
  });
});
