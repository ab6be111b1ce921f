import { Emitter } from '../../../src/base/event';
import { unwrap } from '../../../src/base/result';
import { DocumentSession } from '../../../src/application/editor/document-session';
import { DocumentsPort, OpenedDocument, RemoteOperation } from '../../../src/application/ports/documents.port';
import { PortError } from '../../../src/application/ports/port-error';
import { murmurHash } from '../../../src/domain/hash/murmur';
import { OffsetSelection } from '../../../src/domain/ot/selection-transform';
import { TextOperation } from '../../../src/domain/ot/text-operation';

const op = (json: Array<number | string>): TextOperation => unwrap(TextOperation.fromJSON(json));

interface SentOperation {
  revision: number;
  operation: Array<number | string>;
  resolve: (ack: { revision: number }) => void;
  reject: (error: unknown) => void;
}

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
  sendOperation(_fileId: string, revision: number, operation: TextOperation): Promise<{ revision: number }> {
    return new Promise((resolve, reject) => this.sent.push({ revision, operation: operation.toJSON(), resolve, reject }));
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

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setUp(content = 'abc', revision = 0) {
  const documents = new FakeDocuments();
  const errors: string[] = [];
  const session = new DocumentSession('f1', 'README.md', opened(content, revision), documents, 'me', (m) => errors.push(m));
  const applied: Array<Array<number | string>> = [];
  session.onDidApplyRemote((o) => applied.push(o.toJSON()));
  return { documents, session, applied, errors };
}

describe('DocumentSession local edits', () => {
  it('sends one operation at a time and buffers the rest', async () => {
    const { documents, session } = setUp();
    session.applyLocal(op(['X', 3]));
    session.applyLocal(op([1, 'Y', 3]));
    session.applyLocal(op([2, 'Z', 3]));
    expect(session.content).toBe('XYZabc');
    expect(documents.sent.map((s) => [s.revision, s.operation])).toEqual([[0, ['X', 3]]]);
    expect(session.isSynchronized).toBe(false);

    documents.sent[0].resolve({ revision: 1 });
    await flush();
    expect(documents.sent.map((s) => [s.revision, s.operation])).toEqual([
      [0, ['X', 3]],
      [1, [1, 'YZ', 3]],
    ]);
    documents.sent[1].resolve({ revision: 2 });
    await flush();
    expect(documents.sent).toHaveLength(2);
    expect(session.isSynchronized).toBe(true);
    expect(documents.acks).toEqual([1, 2]);
  });
});

describe('DocumentSession remote operations', () => {
  it('applies a remote operation as is when synchronized', () => {
    const { session, applied, documents } = setUp();
    session.receiveRemote(op([3, '!']));
    expect(session.content).toBe('abc!');
    expect(applied).toEqual([[3, '!']]);
    expect(documents.acks).toEqual([1]);
  });

  it('transforms remote operations against the outstanding and buffered local operations', async () => {
    const { session, applied, documents } = setUp();
    session.applyLocal(op(['X', 3])); // outstanding
    session.applyLocal(op([4, 'Y'])); // buffer: XabcY
    session.receiveRemote(op([1, 'R', 2])); // aRbc on the server
    expect(applied).toEqual([[2, 'R', 3]]);
    expect(session.content).toBe('XaRbcY');

    documents.sent[0].resolve({ revision: 2 });
    await flush();
    // The buffer is sent on top of the server's aRbc + X, at revision 2.
    expect(documents.sent[1]).toMatchObject({ revision: 2, operation: [5, 'Y'] });
    documents.sent[1].resolve({ revision: 3 });
    await flush();
    expect(session.isSynchronized).toBe(true);
    // The server text it tracks is right: a later remote op applies cleanly.
    session.receiveRemote(op([6, '?']));
    expect(session.content).toBe('XaRbcY?');
  });

  it('resyncs when a remote operation does not fit the server text', async () => {
    const { session, documents } = setUp();
    documents.server = opened('abcdef', 7);
    session.receiveRemote(op([10, '!']));
    await flush();
    expect(documents.open).toHaveBeenCalledWith('f1', true);
    expect(session.content).toBe('abcdef');
    expect(session.linkState).toBe('SYNCED');
  });
});

describe('DocumentSession dirty state', () => {
  it('is dirty when the content hash differs from the saved hash and clean after markSaved', () => {
    const { session } = setUp();
    expect(session.isDirty).toBe(false);
    session.applyLocal(op([3, 'd']));
    expect(session.contentHash).toBe(murmurHash('abcd'));
    expect(session.isDirty).toBe(true);
    session.markSaved(session.contentHash);
    expect(session.isDirty).toBe(false);
    session.applyLocal(op([3, -1]));
    expect(session.isDirty).toBe(true);
  });

  it('is clean again when an edit is undone back to the saved text', () => {
    const { session } = setUp();
    session.applyLocal(op([3, 'd']));
    session.applyLocal(op([3, -1]));
    expect(session.isDirty).toBe(false);
  });
});

describe('DocumentSession resync after a lost connection', () => {
  async function withLostOutstanding() {
    const setup = setUp();
    setup.session.applyLocal(op(['X', 3]));
    setup.documents.sent[0].reject(new PortError('disconnected', 'Connection closed'));
    await flush();
    return setup;
  }

  it('(i) re-sends an operation the server never got, nothing lost', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('abc', 0);
    await session.resync();
    expect(session.content).toBe('Xabc');
    expect(applied).toEqual([]);
    expect(documents.sent.map((s) => [s.revision, s.operation])).toEqual([
      [0, ['X', 3]],
      [0, ['X', 3]],
    ]);
    documents.sent[1].resolve({ revision: 1 });
    await flush();
    expect(session.isSynchronized).toBe(true);
  });

  it('(ii) does not duplicate an operation the server applied when only the ack was lost', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('Xabc', 1);
    await session.resync();
    expect(session.content).toBe('Xabc');
    expect(applied).toEqual([]);
    expect(documents.sent).toHaveLength(1);
    expect(session.isSynchronized).toBe(true);
    session.applyLocal(op([4, '!']));
    expect(documents.sent[1]).toMatchObject({ revision: 1, operation: [4, '!'] });
  });

  it('(iii) keeps both changes when another client changed the document meanwhile', async () => {
    const { session, documents, applied } = await withLostOutstanding();
    documents.server = opened('abcZ', 1);
    await session.resync();
    expect(session.content).toBe('XabcZ');
    expect(applied).toEqual([[4, 'Z']]);
    expect(documents.sent[1]).toMatchObject({ revision: 1, operation: ['X', 4] });
  });

  it('keeps the buffer and edits made while resyncing', async () => {
    const { session, documents } = setUp();
    session.applyLocal(op(['X', 3]));
    session.applyLocal(op([4, 'Y'])); // buffered
    documents.sent[0].reject(new PortError('disconnected', 'Connection closed'));
    await flush();
    let release!: () => void;
    documents.open.mockImplementationOnce(() => new Promise((resolve) => (release = () => resolve(opened('abc', 0)))));
    const resync = session.resync();
    expect(session.linkState).toBe('RESYNCING');
    session.applyLocal(op([5, 'W'])); // held while resyncing
    expect(documents.sent).toHaveLength(1);
    release();
    await resync;
    expect(session.content).toBe('XabcYW');
    expect(documents.sent[1]).toMatchObject({ revision: 0, operation: ['X', 3, 'YW'] });
  });

  // BUG: when the server applied the outstanding op AND another client edited too, the ack-lost check
  // (outstanding(serverText) === opened.content) fails and the outstanding op is sent a second time.
  it.failing('does not duplicate an applied operation when another client also edited (known bug)', async () => {
    const { session, documents } = await withLostOutstanding();
    documents.server = opened('XabcZ', 2);
    await session.resync();
    expect(session.content).toBe('XabcZ');
    expect(documents.sent).toHaveLength(1);
  });
});
