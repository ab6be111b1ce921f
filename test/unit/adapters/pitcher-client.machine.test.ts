import { Emitter } from '../../../src/base/event';
import { FocusSource } from '../../../src/adapters/pitcher/focus-source';
import { PitcherClient } from '../../../src/adapters/pitcher/pitcher-client';
import { ConnectionStatus, ResyncRequest } from '../../../src/application/ports/workspace-connection.port';
import { RESYNC_ORDER_AFTER_INSTANCE_CHANGE, RESYNC_ORDER_AFTER_RECONNECT } from '../../../src/domain/connection';
import { FakePitcherSocket, flush, joinResult } from './support/fake-pitcher-socket';

class FakeFocus implements FocusSource {
  focused = true;
  private readonly changes = new Emitter<boolean>();
  hasFocus = () => this.focused;
  onDidChange = this.changes.event;
  set(focused: boolean): void {
    this.focused = focused;
    this.changes.fire(focused);
  }
}

function setUp() {
  const sockets: FakePitcherSocket[] = [];
  const focus = new FakeFocus();
  const client = new PitcherClient((url) => {
    const socket = new FakePitcherSocket(url);
    sockets.push(socket);
    return socket;
  }, 'bullpen', focus);
  const statuses: ConnectionStatus[] = [];
  const resyncs: ResyncRequest[] = [];
  const order: string[] = [];
  client.onDidChangeStatus((s) => statuses.push(s));
  client.onDidJoin((j) => order.push(`join:${j.isReconnect}`));
  client.onDidRequestResync((r) => {
    resyncs.push(r);
    order.push(`resync:${r.cause}`);
  });
  client.connect({ pitcherUrl: 'ws://host/pitcher', pitcherToken: 'tok' }, async () => ({ pitcherUrl: 'ws://host/pitcher', pitcherToken: 'renewed' }));
  const socket = () => sockets[sockets.length - 1];
  const join = async (token: string, options: Parameters<typeof joinResult>[1] = {}) => {
    socket().open();
    const frame = socket().lastFrame('client/join');
    socket().respond(frame.id, 'client/join', joinResult(token, options));
    await flush();
  };
  return { client, sockets, socket, focus, statuses, resyncs, order, join };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('PitcherClient resync after a reconnect', () => {
  it('asks every family to load on the first join and to resync in the spec order after a reconnect join, after onDidJoin', async () => {
    const t = setUp();
    await t.join('rt-1');
    expect(t.resyncs).toEqual([{ cause: 'initial', families: RESYNC_ORDER_AFTER_RECONNECT }]);
    t.socket().drop();
    await t.join('rt-2');
    expect(t.resyncs[1]).toEqual({ cause: 'reconnect', families: RESYNC_ORDER_AFTER_RECONNECT });
    expect(t.order).toEqual(['join:false', 'resync:initial', 'join:true', 'resync:reconnect']);
  });

  it('leaves git out of the resync without permissions.git.status', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.socket().drop();
    await t.join('rt-2', { git: false });
    expect(t.resyncs[1].families).not.toContain('git');
    expect(t.resyncs[1].families).toHaveLength(RESYNC_ORDER_AFTER_RECONNECT.length - 1);
  });

  it('exposes the server version for feature checks', async () => {
    const t = setUp();
    expect(t.client.serverVersion).toBeUndefined();
    await t.join('rt-1', { version: '0.254.0' });
    expect(t.client.serverVersion).toBe('0.254.0');
  });
});

describe('PitcherClient retry policy', () => {
  it('gives up after 3 failed reconnect attempts with "Reconnect timed out" and rejoins in the background', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.socket().drop();
    t.socket().drop();
    t.socket().drop();
    t.socket().drop();
    expect(t.statuses.map((s) => (s.kind === 'RECONNECTING' ? `R${s.attempt}` : s.kind))).toEqual(['CONNECTING', 'CONNECTED', 'R1', 'R2', 'R3', 'DISCONNECTED']);
    expect(t.client.status).toEqual({ kind: 'DISCONNECTED', reason: 'Reconnect timed out', wasClean: false });
    expect(t.socket().closedWith).toBeUndefined(); // the transport keeps trying
    await t.join('rt-2');
    expect(t.client.status).toEqual({ kind: 'CONNECTED' });
    expect(t.resyncs.map((r) => r.cause)).toEqual(['initial', 'reconnect']);
  });

  it('gives up a reconnect after 10 s without a join', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.socket().drop();
    jest.advanceTimersByTime(9_999);
    expect(t.client.status.kind).toBe('RECONNECTING');
    jest.advanceTimersByTime(1);
    expect(t.client.status).toMatchObject({ kind: 'DISCONNECTED', reason: 'Reconnect timed out' });
  });

  it('gives up the initial connection after 90 s without a join', () => {
    const t = setUp();
    jest.advanceTimersByTime(90_000);
    expect(t.client.status).toMatchObject({ kind: 'DISCONNECTED', reason: 'Initial connection timed out' });
  });

  it('stops retrying when the workspace is not found', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.socket().drop('Sandbox not found', 4004);
    expect(t.client.status).toEqual({ kind: 'DISCONNECTED', reason: 'Sandbox not found', wasClean: false, code: 4004, wasNotFound: true });
    expect(t.socket().closedWith).toEqual([1000, 'Sandbox not found']);
  });
});

describe('PitcherClient focus', () => {
  it('goes DISCONNECTED without retrying when the connection drops while the window is not focused, and reconnects on focus', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.focus.set(false);
    t.socket().drop('going away', 1001);
    expect(t.client.status).toEqual({ kind: 'DISCONNECTED', reason: 'going away', wasClean: false, code: 1001 });
    expect(t.socket().closedWith).toEqual([1000, 'going away']);
    t.focus.set(true);
    expect(t.client.status).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(t.socket().reconnects).toEqual([[undefined, undefined]]);
  });

  it('pings when focus comes back while connected and reconnects when no pong comes within 5 s', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.focus.set(false);
    t.focus.set(true);
    expect(t.socket().pings).toHaveLength(1);
    jest.advanceTimersByTime(4_999);
    expect(t.socket().reconnects).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(t.socket().reconnects).toEqual([[4000, 'Pong response not detected']]);
  });

  it('keeps the connection when the pong of a focus ping arrives', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.focus.set(false);
    t.focus.set(true);
    t.socket().pong();
    jest.advanceTimersByTime(10_000);
    expect(t.socket().reconnects).toEqual([]);
  });

  it('detects a missing pong within 15 s once joined', async () => {
    const t = setUp();
    await t.join('rt-1');
    jest.advanceTimersByTime(22_000);
    expect(t.socket().pings).toHaveLength(1);
    jest.advanceTimersByTime(14_999);
    expect(t.socket().reconnects).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(t.socket().reconnects).toEqual([[4000, 'Pong response not detected']]);
  });
});

describe('PitcherClient hibernation and manual reconnect', () => {
  it('goes HIBERNATED and closes on a system/hibernate notification; focus then reconnects', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.socket().receive({ method: 'system/hibernate', params: {} });
    expect(t.client.status).toEqual({ kind: 'HIBERNATED' });
    expect(t.socket().closedWith).toEqual([1000, 'Hibernated']);
    await expect(t.client.request('shell/in', { shellId: 's', input: 'x' })).rejects.toMatchObject({ message: 'Not able to send message in state HIBERNATED' });
    t.focus.set(false);
    t.focus.set(true);
    expect(t.client.status).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(t.socket().reconnects).toHaveLength(1);
  });

  it('refuses a reconnect while reconnecting with "Already reconnecting"', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.socket().drop();
    expect(t.client.reconnect()).toEqual({ ok: false, error: { kind: 'already-reconnecting', message: 'Already reconnecting' } });
  });

  it('reconnects on request after a manual disconnect', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.client.disconnect();
    expect(t.client.reconnect()).toEqual({ ok: true, value: undefined });
    expect(t.client.status).toEqual({ kind: 'RECONNECTING', attempt: 1 });
    expect(t.socket().reconnects).toHaveLength(1);
  });
});

describe('PitcherClient seamless instance switch', () => {
  it('refuses to change instance unless connected', async () => {
    const t = setUp();
    await expect(t.client.changeInstance(async () => ({ pitcherUrl: 'ws://other', pitcherToken: 'x' }))).rejects.toMatchObject({
      message: 'You can not change instance when: CONNECTING',
    });
  });

  it('silences the old connection, joins the new host, flushes what waited and resyncs in the seamless order', async () => {
    const t = setUp();
    await t.join('rt-1');
    const old = t.socket();
    const switched = t.client.changeInstance(async () => ({ pitcherUrl: 'ws://fork/pitcher', pitcherToken: 'fork-token' }));
    expect(old.closedWith).toEqual([1000, 'Instance change']);
    const edit = t.client.request('file/save', { id: 'f', write: true }); // writing is paused, not refused
    await flush();
    expect(t.sockets).toHaveLength(2);
    old.receive({ method: 'system/hibernate', params: {} }); // the silenced socket is ignored
    old.drop();
    expect(t.client.status).toEqual({ kind: 'CONNECTED' });
    t.socket().open();
    expect(await t.socket().urls[0]).toBe('ws://fork/pitcher/?token=fork-token');
    const join = t.socket().lastFrame('client/join');
    t.socket().respond(join.id, 'client/join', joinResult('rt-fork'));
    await flush();
    await expect(switched).resolves.toBeUndefined();
    expect(t.socket().frames.map((f) => f.method)).toEqual(['client/join', 'file/save']);
    t.socket().respond(t.socket().lastFrame('file/save').id, 'file/save', null);
    await expect(edit).resolves.toBeNull();
    expect(t.resyncs[1]).toEqual({ cause: 'instance-change', families: RESYNC_ORDER_AFTER_INSTANCE_CHANGE });
  });

  it('fails the switch with "Seamless connection timed out" when the new instance does not join within 10 s', async () => {
    const t = setUp();
    await t.join('rt-1');
    const switched = t.client.changeInstance(async () => ({ pitcherUrl: 'ws://fork/pitcher', pitcherToken: 'fork-token' }));
    const outcome = switched.catch((e) => e);
    await flush();
    jest.advanceTimersByTime(10_000);
    expect(await outcome).toMatchObject({ message: 'Seamless connection timed out' });
    expect(t.client.status).toMatchObject({ kind: 'DISCONNECTED', reason: 'Seamless connection timed out' });
  });

  it('makes sends throw "Instance change required" once required, until the switch joined', async () => {
    const t = setUp();
    await t.join('rt-1');
    t.client.requireInstanceChange();
    await expect(t.client.request('fs/read', null)).rejects.toMatchObject({ kind: 'instance-change-required', message: 'Instance change required' });
    const switched = t.client.changeInstance(async () => ({ pitcherUrl: 'ws://fork/pitcher', pitcherToken: 'fork-token' }));
    await flush();
    await t.join('rt-fork');
    await switched;
    const read = t.client.request('fs/read', null);
    t.socket().respond(t.socket().lastFrame('fs/read').id, 'fs/read', { treeNodes: [], clock: 0 });
    await expect(read).resolves.toEqual({ treeNodes: [], clock: 0 });
  });
});

describe('PitcherClient wire errors', () => {
  it('keeps the error data of a rejected request (raw fs errno)', async () => {
    const t = setUp();
    await t.join('rt-1');
    const read = t.client.request('fs/readFile', { path: 'nope' });
    t.socket().reject(t.socket().lastFrame('fs/readFile').id, 'fs/readFile', 102, 'ENOENT: no such file', { errno: -2 });
    await expect(read).rejects.toMatchObject({ kind: 'rejected', code: 102, data: { errno: -2 } });
  });
});
