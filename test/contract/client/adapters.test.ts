import { PitcherCollaborators } from '../../../src/adapters/pitcher/pitcher-collaborators.adapter';
import { PitcherDocuments } from '../../../src/adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../../../src/adapters/pitcher/pitcher-file-tree.adapter';
import { PitcherShells } from '../../../src/adapters/pitcher/pitcher-shells.adapter';
import { PortError } from '../../../src/application/ports/port-error';
import { TextOperation } from '../../../src/domain/ot/text-operation';
import { ClientReplay, flush } from '../support/client-harness';
import { loadFixture } from '../support/fixtures';
import { FixtureFrame } from '../support/wire';

const decoded = (f: FixtureFrame) => f.decoded as any;
const responseOf = (frames: FixtureFrame[], method: string) => frames.find((f) => f.direction === 'in' && 'status' in decoded(f) && decoded(f).method === method)!;

describe('PitcherClient + adapters decode the recorded server frames', () => {
  let replay: ClientReplay;
  beforeEach(async () => {
    replay = new ClientReplay();
    await replay.join();
  });
  afterEach(() => replay.dispose());

  it('client-join: the join request is byte-identical and the join result is exposed', () => {
    const fixture = loadFixture('client-join');
    expect(replay.client.status).toEqual({ kind: 'CONNECTED' });
    expect(replay.client.joinResult).toEqual(decoded(fixture.frames[1]).result);
    expect(replay.client.joinResult?.client.clientId).toBe('<id-1>');
  });

  it('client-join: onDidJoin reports self and edit/shell rights', async () => {
    const fresh = new ClientReplay();
    const joins: unknown[] = [];
    fresh.client.onDidJoin((j) => joins.push(j));
    await fresh.join();
    expect(joins).toEqual([
      { self: { clientId: '<id-1>', username: 'guest-<1>', name: 'Guest <1>', color: '#E2504C' }, canEdit: true, canCreateShells: true, isReconnect: false },
    ]);
    fresh.dispose();
  });

  it('fs-read: PitcherFileTree.read resolves to the tree nodes and clock', async () => {
    const fixture = loadFixture('fs-read');
    const tree = new PitcherFileTree(replay.client);
    const pending = tree.read();
    const id = replay.expectRequest(fixture.frames[0]);
    replay.deliver(fixture.frames[1], id);
    const result = await pending;
    expect(result.nodes).toEqual(decoded(fixture.frames[1]).result.treeNodes);
    expect(result.clock).toBe(decoded(fixture.frames[1]).result.clock);
    expect(result.nodes.find((n) => n.name === 'App.js')).toMatchObject({ id: '<id-7>', type: 0, parentId: '<id-3>' });
  });

  it('file-open: PitcherDocuments.open resolves to content, revision, savedHash, selections, participants', async () => {
    const fixture = loadFixture('file-open');
    const docs = new PitcherDocuments(replay.client);
    const pending = docs.open('<id-7>', false);
    const id = replay.expectRequest(fixture.frames[0]);
    replay.deliver(fixture.frames[1], id);
    const result = decoded(fixture.frames[1]).result;
    await expect(pending).resolves.toEqual({
      fileId: '<id-7>',
      isBinary: false,
      content: result.content,
      revision: 0,
      savedHash: result.savedHash,
      selections: { '<id-1>': null },
      participants: { '<id-1>': { username: 'guest-<1>' } },
    });
    expect(result.content).toContain('Hello Bullpen');
  });

  it('file-document-operation: sendOperation resolves to the ack; the notification fires onDidReceiveOperation', async () => {
    const fixture = loadFixture('file-document-operation');
    const request = decoded(fixture.frames[0]).params;
    const docs = new PitcherDocuments(replay.client);
    const op = TextOperation.fromJSON(request.operation);
    if (!op.ok) throw new Error(op.error.message);
    const pending = docs.sendOperation(request.id, request.revision, op.value, request.seq);
    const id = replay.expectRequest(fixture.frames[0]);
    replay.deliver(responseOf(fixture.frames, 'file/documentOperation'), id);
    await expect(pending).resolves.toEqual({ id: '<id-7>', revision: 1 });

    // B's side: a second client receives the notification.
    const other = new ClientReplay();
    await other.join();
    const otherDocs = new PitcherDocuments(other.client);
    const received: any[] = [];
    otherDocs.onDidReceiveOperation((e) => received.push(e));
    const note = fixture.frames.find((f) => f.client === 'B')!;
    other.deliver(note);
    expect(received).toHaveLength(1);
    expect(received[0].fileId).toBe('<id-7>');
    expect(received[0].revision).toBe(1);
    expect(received[0].operation).toBeInstanceOf(TextOperation);
    expect(received[0].operation.toJSON()).toEqual(decoded(note).params.operation);
    expect(received[0].operation.equals(op.value)).toBe(true);
    other.dispose();
  });

  it('file-save: save resolves; the file/save notification fires onDidSave with the savedHash', async () => {
    const fixture = loadFixture('file-save');
    const docs = new PitcherDocuments(replay.client);
    const saves: unknown[] = [];
    docs.onDidSave((e) => saves.push(e));
    let done = false;
    const pending = docs.save('<id-7>').then(() => (done = true));
    const id = replay.expectRequest(fixture.frames[0]);
    const note = fixture.frames.find((f) => f.direction === 'in' && decoded(f).method === 'file/save' && !('status' in decoded(f)))!;
    replay.deliver(note);
    await flush();
    expect(saves).toEqual([{ fileId: '<id-7>', savedHash: decoded(note).params.savedHash }]);
    expect(done).toBe(false);
    replay.deliver(responseOf(fixture.frames, 'file/save'), id);
    await pending;
    expect(done).toBe(true);
  });

  it('shell-round-trip: create resolves to an OpenedShell, input resolves, shell/out fires onDidOutput', async () => {
    const fixture = loadFixture('shell-round-trip');
    const shells = new PitcherShells(replay.client);
    const outputs: Array<{ shellId: string; out: string }> = [];
    shells.onDidOutput((o) => outputs.push(o));
    const created = shells.create({ cols: 80, rows: 24 });
    const createId = replay.expectRequest(fixture.frames[0]);
    replay.deliver(fixture.frames[1], createId);
    await expect(created).resolves.toEqual({ shellId: '<id-10>', name: 'Terminal 1', status: 'RUNNING', isTerminal: true, buffer: [] });

    const input = shells.input('<id-10>', 'echo contract-42\r');
    const inId = replay.expectRequest(fixture.frames[2]);
    const rest = fixture.frames.slice(3);
    for (const f of rest) replay.deliver(f, 'status' in decoded(f) ? inId : undefined);
    await expect(input).resolves.toBeUndefined();
    const notes = rest.filter((f) => decoded(f).method === 'shell/out');
    expect(outputs).toEqual(notes.map((f) => decoded(f).params));
    expect(outputs.map((o) => o.out).join('')).toContain('contract-42');
  });

  it('a rejected response becomes a PortError carrying the wire code and message', async () => {
    const docs = new PitcherDocuments(replay.client);
    const pending = docs.open('nope', false);
    const sent = replay.socket.sent.at(-1) as Uint8Array;
    const { decode, encode } = await import('@msgpack/msgpack');
    const { id } = decode(sent) as { id: number };
    replay.socket.fire('message', { data: encode({ id, method: 'file/open', status: 1, error: { code: 100, message: 'file not found' } }) });
    await expect(pending).rejects.toEqual(new PortError('rejected', 'file not found', 100));
    await expect(pending).rejects.toMatchObject({ code: 100 });
  });

  it('collaborators: client/connected from the wire fires onDidConnect', () => {
    const collaborators = new PitcherCollaborators(replay.client);
    const seen: unknown[] = [];
    collaborators.onDidConnect((c) => seen.push(c));
    const join = decoded(loadFixture('client-join').frames[1]).result.client;
    const { encode } = require('@msgpack/msgpack');
    replay.socket.fire('message', { data: encode({ method: 'client/connected', params: join }) });
    expect(seen).toEqual([{ clientId: '<id-1>', username: 'guest-<1>', name: 'Guest <1>', color: '#E2504C' }]);
  });
});
