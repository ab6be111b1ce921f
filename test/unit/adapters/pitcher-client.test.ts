import { PitcherClient } from '../../../src/adapters/pitcher/pitcher-client';
import { MAX_FRAME_BYTES, PitcherErrorCode, ResponseStatus } from '../../../src/protocol';
import { FakePitcherSocket, joinResult as sharedJoinResult } from './support/fake-pitcher-socket';
import { ConnectionStatus, JoinInfo } from '../../../src/application/ports/workspace-connection.port';
import { PortError } from '../../../src/application/ports/port-error';

/** The socket under the test's control (shared with the other adapter tests); git is not permitted here. */
const FakeSocket = FakePitcherSocket;
type FakeSocket = FakePitcherSocket;
const joinResult = (reconnectToken: string, clientId = 'c1') => sharedJoinResult(reconnectToken, { clientId, git: false });

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setUp(renew?: () => Promise<{ pitcherUrl: string; pitcherToken: string }>) {
  let socket!: FakeSocket;
  const client = new PitcherClient((url) => (socket = new FakeSocket(url)));
  const statuses: ConnectionStatus[] = [];
  const joins: JoinInfo[] = [];
  client.onDidChangeStatus((s) => statuses.push(s));
  client.onDidJoin((j) => joins.push(j));
  client.connect({ pitcherUrl: 'ws://host/pitcher', pitcherToken: 't o k' }, renew);
  return { client, socket, statuses, joins };
}

async function joined() {
  const setup = setUp();
  setup.socket.open();
  setup.socket.respond(0, 'client/join', joinResult('rt-1'));
  await flush();
  return setup;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('PitcherClient joining', () => {
  it('sends client/join with id 0 first when the socket opens', async () => {
    const { socket } = setUp();
    expect(socket.binaryType).toBe('arraybuffer');
    expect(socket.frames).toEqual([]);
    socket.open();
    expect(await Promise.all(socket.urls)).toEqual(['ws://host/pitcher/?token=t%20o%20k']);
    expect(socket.frames).toHaveLength(1);
    expect(socket.frames[0]).toMatchObject({
      method: 'client/join',
      params: { clientInfo: { protocolVersion: '0.360.4', appId: 'bullpen' }, asyncProgress: false },
      id: 0,
    });
  });

  it('queues requests made before the join and flushes them after the join response', async () => {
    const { client, socket } = setUp();
    const read = client.request('fs/read', {});
    socket.open();
    const list = client.request('client/list', {});
    expect(socket.frames.map((f) => f.method)).toEqual(['client/join']);
    const joinId = socket.frames[0].id;
    socket.respond(joinId, 'client/join', joinResult('rt-1'));
    await flush();
    expect(socket.frames.map((f) => f.method)).toEqual(['client/join', 'fs/read', 'client/list']);
    const [, readId, listId] = socket.frames.map((f) => f.id);
    expect(new Set([joinId, readId, listId]).size).toBe(3);
    expect(listId).toBeGreaterThan(joinId);
    socket.respond(readId, 'fs/read', { treeNodes: [], clock: 3 });
    socket.respond(listId, 'client/list', []);
    await expect(read).resolves.toEqual({ treeNodes: [], clock: 3 });
    await expect(list).resolves.toEqual([]);
  });

  // Deviation: ids are taken when request() is called, so a request made before the socket opens takes id 0
  // and the join (the first frame on the wire) goes out as id 1; wire ids are then not increasing (1, 0, 2).
  it('sends the join as id 0 even when requests were queued before the socket opened', () => {
    const { client, socket } = setUp();
    client.request('fs/read', {}).catch(() => undefined);
    socket.open();
    expect(socket.frames[0]).toMatchObject({ method: 'client/join', id: 0 });
  });

  it('fires onDidJoin with the join result and its permissions and capabilities, not a reconnect', async () => {
    const { joins, client } = await joined();
    expect(joins).toEqual([
      { self: { clientId: 'c1', username: 'guest', name: 'Guest', color: '#fff' }, permissions: joinResult('rt-1').permissions, capabilities: { shell: { io: true } }, isProtected: false, isReconnect: false },
    ]);
    expect(client.joinResult?.reconnectToken).toBe('rt-1');
  });

  it('forwards client/permissions while joined as onDidChangePermissions', async () => {
    const { client, socket } = await joined();
    const updates: unknown[] = [];
    client.onDidChangePermissions((u) => updates.push(u));
    const permissions = { file: { documentOperation: false, save: false }, shell: { create: false } };
    socket.receive({ method: 'client/permissions', params: { isProtected: true, permissions } });
    expect(updates).toEqual([{ isProtected: true, permissions }]);
  });
});

describe('PitcherClient requests', () => {
  it('sends requests at once after the join, with increasing ids', async () => {
    const { client, socket } = await joined();
    client.request('fs/read', {}).catch(() => undefined);
    client.request('fs/read', {}).catch(() => undefined);
    expect(socket.frames.map((f) => f.id)).toEqual([0, 1, 2]);
  });

  it('rejects a request without response after 90,000 ms with a timeout PortError', async () => {
    const { client } = await joined();
    const read = client.request('fs/read', {});
    const outcome = read.then(
      () => 'resolved',
      (e: PortError) => e,
    );
    jest.advanceTimersByTime(89_999);
    await flush();
    let settled = false;
    void outcome.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PortError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'Pitcher message fs/read timed out' });
  });

  it('rejects with kind rejected and the code on an error response', async () => {
    const { client, socket } = await joined();
    const open = client.request('file/open', { id: 'nope' });
    socket.receive({ id: 1, method: 'file/open', status: ResponseStatus.REJECTED, error: { code: 301, message: 'File not found' } });
    await expect(open).rejects.toMatchObject({ kind: 'rejected', code: 301, message: 'File not found' });
  });

  it('ignores responses to unknown ids', async () => {
    const { client, socket } = await joined();
    const read = client.request('fs/read', {});
    socket.respond(42, 'fs/read', { treeNodes: [], clock: 0 });
    socket.respond(1, 'fs/read', { treeNodes: [], clock: 9 });
    await expect(read).resolves.toEqual({ treeNodes: [], clock: 9 });
  });

  it('dispatches notifications to typed listeners until disposed', async () => {
    const { client, socket } = await joined();
    const received: unknown[] = [];
    const other: unknown[] = [];
    const sub = client.onNotification('file/documentOperation', (p) => received.push(p));
    client.onNotification('fs/operations', (p) => other.push(p));
    const params = { id: 'f', operation: [1, 'x'], revision: 4, reason: 0 };
    socket.receive({ method: 'file/documentOperation', params });
    expect(received).toEqual([params]);
    expect(other).toEqual([]);
    sub.dispose();
    socket.receive({ method: 'file/documentOperation', params });
    expect(received).toHaveLength(1);
  });
});

describe('PitcherClient reconnection', () => {
  it('rejects in-flight requests with kind disconnected when the socket closes', async () => {
    const { client, socket } = await joined();
    const read = client.request('fs/read', {});
    socket.drop('gone');
    await expect(read).rejects.toMatchObject({ kind: 'disconnected' });
    expect((await read.catch((e) => e)) instanceof PortError).toBe(true);
  });

  it('fails an edit, a save or terminal input made while disconnected at once instead of replaying it after the reconnect', async () => {
    const { client, socket } = await joined();
    socket.drop();
    const message = 'Not able to send message in state RECONNECTING';
    await expect(client.request('shell/in', { shellId: 's1', input: 'rm -rf build\r' })).rejects.toMatchObject({ kind: 'disconnected', message });
    await expect(client.request('file/documentOperation', { id: 'f', operation: ['x'], revision: 0, seq: 1 })).rejects.toMatchObject({ kind: 'disconnected', message });
    await expect(client.request('file/save', { id: 'f', write: true })).rejects.toMatchObject({ kind: 'disconnected' });
    const read = client.request('fs/read', null); // replay-safe: it waits for the join
    socket.open();
    socket.respond(1, 'client/join', joinResult('rt-2'));
    await flush();
    expect(socket.frames.map((f) => f.method)).toEqual(['client/join', 'client/join', 'fs/read']);
    socket.respond(2, 'fs/read', { treeNodes: [], clock: 0 });
    await expect(read).resolves.toEqual({ treeNodes: [], clock: 0 });
  });

  it('goes CONNECTING → CONNECTED → RECONNECTING (1) → CONNECTED and re-joins with the reconnect token', async () => {
    const { client, socket, statuses, joins } = await joined();
    socket.drop();
    const queued = client.request('fs/read', {});
    socket.open();
    expect(await socket.urls[1]).toBe('ws://host/pitcher/?token=t%20o%20k&reconnectToken=rt-1');
    const rejoin = socket.lastFrame('client/join');
    expect(rejoin.id).toBe(1); // ids are never reset; they follow wire order
    expect(socket.frames.map((f) => f.id)).toEqual([0, 1]); // the queued request waits for the join
    socket.respond(1, 'client/join', joinResult('rt-2'));
    await flush();
    expect(socket.frames.map((f) => [f.id, f.method])).toEqual([
      [0, 'client/join'],
      [1, 'client/join'],
      [2, 'fs/read'],
    ]);
    socket.respond(2, 'fs/read', { treeNodes: [], clock: 1 });
    await expect(queued).resolves.toEqual({ treeNodes: [], clock: 1 });
    expect(statuses.map((s) => s.kind)).toEqual(['CONNECTING', 'CONNECTED', 'RECONNECTING', 'CONNECTED']);
    expect(statuses[2]).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(joins.map((j) => j.isReconnect)).toEqual([false, true]);
    client.request('fs/read', {}).catch(() => undefined);
    expect(socket.lastFrame('fs/read').id).toBe(3);

    socket.drop();
    socket.open();
    expect(await socket.urls[2]).toBe('ws://host/pitcher/?token=t%20o%20k&reconnectToken=rt-2');
  });

  it('mints a new host before every reconnection attempt, not before the first, and keeps the reconnect token', async () => {
    const minted = ['second', 'third'];
    const renew = jest.fn(async () => ({ pitcherUrl: 'ws://host/pitcher/box', pitcherToken: minted.shift()! }));
    const { socket } = setUp(renew);
    socket.open();
    expect(await socket.urls[0]).toBe('ws://host/pitcher/?token=t%20o%20k');
    expect(renew).not.toHaveBeenCalled();
    socket.respond(0, 'client/join', joinResult('rt-1'));
    await flush();
    socket.drop();
    socket.open();
    expect(await socket.urls[1]).toBe('ws://host/pitcher/box/?token=second&reconnectToken=rt-1');
    socket.drop();
    socket.open();
    expect(await socket.urls[2]).toBe('ws://host/pitcher/box/?token=third&reconnectToken=rt-1');
    expect(renew).toHaveBeenCalledTimes(2);
  });

  it('tries the last host again when minting a new one fails (the URL provider never rejects)', async () => {
    const renew = jest.fn(async () => {
      throw new Error('server down');
    });
    const { socket } = setUp(renew);
    socket.open();
    socket.respond(0, 'client/join', joinResult('rt-1'));
    await flush();
    socket.drop();
    socket.open();
    await expect(socket.urls[1]).resolves.toBe('ws://host/pitcher/?token=t%20o%20k&reconnectToken=rt-1');
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('counts attempts up until a join succeeds', async () => {
    const { socket, statuses } = await joined();
    socket.drop();
    socket.open();
    socket.drop();
    expect(statuses.filter((s) => s.kind === 'RECONNECTING')).toEqual([
      { kind: 'RECONNECTING', attempt: 1 },
      { kind: 'RECONNECTING', attempt: 2 },
    ]);
  });

  it('disconnect closes the socket, rejects everything and does not reconnect', async () => {
    const { client, socket, statuses } = setUp();
    const queued = client.request('fs/read', {});
    client.disconnect();
    expect(socket.closedWith).toEqual([1000, 'Manual disconnect']);
    await expect(queued).rejects.toMatchObject({ kind: 'disconnected' });
    expect(statuses[statuses.length - 1]).toEqual({ kind: 'DISCONNECTED', reason: 'Manual disconnect', wasClean: true });
  });

  it('forces a reconnect when no frame answers a keep-alive ping', async () => {
    const { socket } = await joined();
    jest.advanceTimersByTime(22_000); // ping sent
    expect(socket.reconnects).toEqual([]);
    jest.advanceTimersByTime(20_000);
    expect(socket.reconnects).toEqual([[4000, 'Pong response not detected']]);
  });
});

describe('PitcherClient frames over the limit', () => {
  it('fails a request whose frame is over MAX_FRAME_BYTES itself, with 1002 MESSAGE_TOO_LARGE, and sends nothing (the server would close the connection)', async () => {
    const { client, socket } = await joined();
    const sent = socket.frames.length;
    const upload = client.request('fs/upload', { parentId: '0', filename: 'big.bin', content: new Uint8Array(MAX_FRAME_BYTES) });
    await expect(upload).rejects.toMatchObject({ kind: 'rejected', code: PitcherErrorCode.MESSAGE_TOO_LARGE, permanent: true });
    await expect(upload).rejects.toThrow(/^Message of \d+ bytes exceeds the limit of 16777216 bytes$/);
    expect(socket.frames).toHaveLength(sent);
    expect(await Promise.race([client.request('client/list', {}), flush().then(() => 'sent')])).toBe('sent');
    expect(socket.frames.map((f) => f.method).slice(sent)).toEqual(['client/list']);
  });
});
