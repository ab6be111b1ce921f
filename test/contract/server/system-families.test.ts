import { PitcherErrorCode } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { JOIN_PARAMS } from '../support/scenario';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(60_000);

/** system, channel, command and notification families over a real websocket (container: container.test.ts). */
describe('system and the other small families', () => {
  const context = useTestServer();
  let a: WireSession;
  let b: WireSession;
  beforeAll(async () => {
    a = await WireSession.open(context.server);
    b = await WireSession.open(context.server);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('channels: subscribers are announced, messages reach the others or the named ones, leaving unsubscribes', async () => {
    expect((await a.ask('channel/subscribe', { name: 'chat' })).result).toEqual({ subscribers: [a.clientId] });
    const fromA = a.wire.received.length;
    expect((await b.ask('channel/subscribe', { name: 'chat' })).result.subscribers.sort()).toEqual([a.clientId, b.clientId].sort());
    expect(await a.notification('channel/subscribed', (p) => p.clientId === b.clientId, fromA)).toMatchObject({ name: 'chat' });

    const fromB = b.wire.received.length;
    const sent = await a.ask('channel/message', { name: 'chat', data: { text: 'hello' } });
    expect(sent.result).toEqual({ clients: [b.clientId] });
    expect(await b.notification('channel/message', () => true, fromB)).toEqual({ name: 'chat', clientId: a.clientId, isUser: true, data: { text: 'hello' } });
    expect(a.wire.received.slice(fromA).some((f) => f.value.method === 'channel/message' && !('id' in f.value))).toBe(false);

    expect((await a.ask('channel/message', { name: 'chat', clients: ['nobody'], data: 1 })).result).toEqual({ clients: [] });
    const notMember = await a.ask('channel/message', { name: 'elsewhere', data: 1 });
    expect(notMember.error.code).toBe(PitcherErrorCode.CHANNEL_NOT_FOUND);

    const c = await WireSession.open(context.server);
    await c.ask('channel/subscribe', { name: 'chat' });
    const fromA2 = a.wire.received.length;
    await c.close();
    expect(await a.notification('channel/unsubscribed', (p) => p.clientId === c.clientId, fromA2)).toMatchObject({ name: 'chat' });
    const fromA3 = a.wire.received.length;
    await b.ask('channel/unsubscribe', { name: 'chat' });
    expect(await a.notification('channel/unsubscribed', (p) => p.clientId === b.clientId, fromA3)).toEqual({ name: 'chat', clientId: b.clientId, subscribers: [a.clientId] });
  });

  it('commands: listed, executed, and an unknown one answers COMMAND_NOT_FOUND', async () => {
    const listed = await a.ask('command/list', {});
    expect(listed.result.commands).toEqual(expect.arrayContaining([{ id: 'bullpen.files.rescan', displayName: 'Files: Rescan the Workspace on Disk' }]));
    expect((await a.ask('command/execute', { commandId: 'bullpen.files.rescan' })).result).toEqual({});
    const unknown = await a.ask('command/execute', { commandId: 'no.such.command' });
    expect(unknown.error).toMatchObject({ code: PitcherErrorCode.COMMAND_NOT_FOUND, message: 'Command no.such.command not found' });
  });

  it('notification/notifyResponse for a notification nobody asked answers INVALID_ID', async () => {
    const answer = await a.ask('notification/notifyResponse', { notificationId: 'n-1', response: 'OK' });
    expect(answer.error.code).toBe(PitcherErrorCode.INVALID_ID);
  });

  it('system/metrics reports the CPU, memory and storage of the workspace and its processes', async () => {
    const shell = await a.ask('shell/create', { type: 'TERMINAL', size: { cols: 80, rows: 24 } });
    await a.ask('shell/in', { shellId: shell.result.shellId, input: 'node -e "setInterval(()=>{for(let i=0;i<1e6;i++);},1)" &\r' });
    await a.ask('system/metrics', {});
    const metrics = await eventually(async () => {
      const m = (await a.ask('system/metrics', {})).result;
      return m.cpu.used > 0.05 && m.memory.used > 10_000_000 ? m : undefined;
    }, 'the busy node process shows in the metrics');
    expect(metrics.cpu.cores).toBeGreaterThan(0);
    expect(metrics.memory.total).toBeGreaterThan(metrics.memory.used);
    expect(metrics.storage.used).toBeGreaterThan(0);
    expect(metrics.storage.total).toBeGreaterThan(metrics.storage.used);
    await a.ask('shell/terminate', { shellId: shell.result.shellId });
    expect((await a.ask('system/update', {})).result).toEqual({});
  });

  it('pushes system/metrics to a client that subscribed in its join (the SDK does), at once and every 5 s, and to no other', async () => {
    const subscriber = await WireSession.open(context.server, { join: false });
    const from = a.wire.received.length;
    const joined = await subscriber.ask('client/join', { ...JOIN_PARAMS, subscriptions: { system: { metrics: true }, file: { status: true } } });
    expect(joined.status).toBe(0);
    const first = await subscriber.notification('system/metrics');
    expect(first).toMatchObject({ cpu: { cores: expect.any(Number) }, memory: { total: expect.any(Number) }, storage: { total: expect.any(Number) } });
    const at = Date.now();
    const count = () => subscriber.wire.received.filter((f) => f.value.method === 'system/metrics').length;
    await eventually(() => count() >= 2, 'the next push', 12_000);
    expect(Date.now() - at).toBeGreaterThanOrEqual(3_000);
    expect(a.wire.received.slice(from).some((f) => f.value.method === 'system/metrics')).toBe(false);
    await subscriber.close();
  });

  it('system/hibernate tells every client and closes them; a later join finds documents and terminals as they were', async () => {
    const readme = (await a.idOf('README.md'))!;
    const opened = await a.ask('file/open', { id: readme });
    const edit = await a.ask('file/documentOperation', { id: readme, operation: ['zz', opened.result.content.length], revision: opened.result.document.revision });
    const shell = await a.ask('shell/create', { type: 'TERMINAL', size: { cols: 80, rows: 24 } });
    const fromB = b.wire.received.length;
    const answer = await a.ask('system/hibernate', {});
    expect(answer).toMatchObject({ status: 0, result: null });
    await b.notification('system/hibernate', () => true, fromB);
    await eventually(() => (a.wire.closed && b.wire.closed ? true : undefined), 'both connections closed');
    expect(a.wire.closeCode).toBe(4100);

    a = await WireSession.open(context.server);
    b = await WireSession.open(context.server);
    const again = await a.ask('file/open', { id: readme });
    expect(again.result.document.revision).toBe(edit.result.revision);
    expect(again.result.content.startsWith('zz')).toBe(true);
    const shells = (await a.ask('shell/list', {})).result.shells;
    expect(shells).toEqual(expect.arrayContaining([expect.objectContaining({ shellId: shell.result.shellId, status: 'RUNNING' })]));
    await a.ask('shell/terminate', { shellId: shell.result.shellId });
  });
});
