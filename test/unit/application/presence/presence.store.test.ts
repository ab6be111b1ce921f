import 'reflect-metadata';
import { ChannelStore } from '../../../../src/application/channel/channel.store';
import { PRESENCE_CHANNEL, PresenceStore } from '../../../../src/application/presence/presence.store';
import { FakeConnection } from '../support/fake-connection';
import { FakeChannels, FakePresence } from './workspace-fakes';

const settle = () => new Promise((r) => setImmediate(r));

async function setUp() {
  const connection = new FakeConnection();
  const channelsPort = new FakeChannels();
  const port = new FakePresence();
  const channels = new ChannelStore(channelsPort);
  const store = new PresenceStore(port, channels, connection);
  connection.join('me');
  await settle();
  channelsPort.sent.length = 0;
  return { connection, channelsPort, port, channels, store };
}

describe('PresenceStore', () => {
  it('joins the presence channel on join and announces whom it follows', async () => {
    const { channels, channelsPort, store } = await setUp();
    expect(channels.stateOf(PRESENCE_CHANNEL)).toEqual({ kind: 'SUBSCRIBED', subscribers: ['me', 'ann', 'bob'] });
    store.follow('ann');
    await settle();
    expect(store.following).toEqual({ kind: 'FOLLOWING', clientId: 'ann' });
    store.toggleFollow('ann');
    await settle();
    expect(store.following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(channelsPort.sent).toEqual([{ data: { type: 'following', target: 'ann' } }, { data: { type: 'following', target: null } }]);
  });

  it('ignores following yourself', async () => {
    const { channelsPort, store } = await setUp();
    store.follow('me');
    await settle();
    expect(store.following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(channelsPort.sent).toEqual([]);
  });

  it('tracks followers from their announcements, and unfollows when the followed client follows back', async () => {
    const { channelsPort, store } = await setUp();
    store.follow('ann');
    channelsPort.from('bob', { type: 'following', target: 'me' });
    expect(store.followers).toEqual({ kind: 'FOLLOWERS', clientIds: ['bob'] });
    channelsPort.from('ann', { type: 'following', target: 'me' });
    expect(store.following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(store.followers).toEqual({ kind: 'FOLLOWERS', clientIds: ['bob', 'ann'] });
    channelsPort.from('bob', { type: 'following', target: null });
    channelsPort.from('eve', { junk: true });
    expect(store.followers).toEqual({ kind: 'FOLLOWERS', clientIds: ['ann'] });
  });

  it('sends focus-file to its followers only, and hands the followed client\'s focus-file to the editor', async () => {
    const { channelsPort, store } = await setUp();
    await store.sendFocusFile({ filepath: 'a.ts', visibleLines: { start: 1, end: 30 }, currentLine: 4 });
    expect(channelsPort.sent).toEqual([]);
    channelsPort.from('bob', { type: 'following', target: 'me' });
    await store.sendFocusFile({ filepath: 'a.ts', visibleLines: { start: 1, end: 30 }, currentLine: 4 });
    expect(channelsPort.sent).toEqual([{ data: { type: 'focus-file', filepath: 'a.ts', visibleLines: { start: 1, end: 30 }, currentLine: 4 }, clients: ['bob'] }]);

    const focused: unknown[] = [];
    store.onDidFocusFile((f) => focused.push(f));
    channelsPort.from('ann', { type: 'focus-file', filepath: 'b.ts', visibleLines: { start: 10, end: 40 }, currentLine: 12 });
    store.follow('ann');
    channelsPort.from('ann', { type: 'focus-file', filepath: 'b.ts', visibleLines: { start: 10, end: 40 }, currentLine: 12 });
    expect(focused).toEqual([{ clientId: 'ann', filepath: 'b.ts', visibleLines: { start: 10, end: 40 }, currentLine: 12 }]);
  });

  it('stops following on a local edit, a hidden followed file, or when the followed client leaves', async () => {
    const { port, store } = await setUp();
    store.follow('ann');
    store.localEdit();
    expect(store.following.kind).toBe('NOT_FOLLOWING');
    store.follow('ann');
    store.followedFileHidden();
    expect(store.following.kind).toBe('NOT_FOLLOWING');
    store.follow('ann');
    port.left.fire({ clientId: 'ann', reason: 'Disconnect' });
    expect(store.following.kind).toBe('NOT_FOLLOWING');
  });

  it('drops followers and the followed client that are gone after a reconnect', async () => {
    const { channelsPort, port, store } = await setUp();
    store.follow('ann');
    channelsPort.from('bob', { type: 'following', target: 'me' });
    port.connected = ['me'];
    await store.resync();
    expect(store.following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(store.followers).toEqual({ kind: 'NO_FOLLOWERS' });
  });

  it('announces again when the channel subscribers change (a newcomer learns whom we follow)', async () => {
    const { channelsPort, store } = await setUp();
    store.follow('ann');
    await settle();
    channelsPort.sent.length = 0;
    channelsPort.subscribed.fire({ name: PRESENCE_CHANNEL, clientId: 'cy', subscribers: ['me', 'ann', 'bob', 'cy'] });
    await settle();
    expect(channelsPort.sent).toEqual([{ data: { type: 'following', target: 'ann' } }]);
  });
});
