import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { ChannelMembership, ChannelMessage, ChannelsPort } from '../../../../src/application/ports/channels.port';
import { ChannelStore } from '../../../../src/application/channel/channel.store';

class FakeChannels implements ChannelsPort {
  readonly subscribed = new Emitter<ChannelMembership>();
  readonly unsubscribed = new Emitter<ChannelMembership>();
  readonly messages = new Emitter<ChannelMessage>();
  onDidSubscribe = this.subscribed.event;
  onDidUnsubscribe = this.unsubscribed.event;
  onDidReceiveMessage = this.messages.event;
  readonly calls: string[] = [];
  subscribers = ['me'];
  subscribe = async (name: string) => {
    this.calls.push(`subscribe ${name}`);
    return this.subscribers;
  };
  unsubscribe = async (name: string) => void this.calls.push(`unsubscribe ${name}`);
  message = async (name: string, data: unknown, clients?: string[]) => {
    this.calls.push(`message ${name} ${JSON.stringify(data)}${clients ? ` to ${clients}` : ''}`);
    return clients ?? this.subscribers;
  };
}

function setUp() {
  const port = new FakeChannels();
  const store = new ChannelStore(port);
  store.setSelf('me');
  return { port, store };
}

describe('ChannelStore', () => {
  it('goes from unsubscribed to subscribed, SOLO until another client joins, MULTIPLAYER after', async () => {
    const { port, store } = setUp();
    expect(store.stateOf('chat')).toEqual({ kind: 'UNSUBSCRIBED' });
    const chat = await store.join('chat');
    expect(store.stateOf('chat')).toEqual({ kind: 'SUBSCRIBED', subscribers: ['me'] });
    expect(store.modeOf('chat')).toBe('SOLO');
    port.subscribed.fire({ name: 'chat', clientId: 'ann', subscribers: ['me', 'ann'] });
    expect(chat.subscribers).toEqual(['me', 'ann']);
    expect(store.modeOf('chat')).toBe('MULTIPLAYER');
    port.unsubscribed.fire({ name: 'chat', clientId: 'ann', subscribers: ['me'] });
    expect(store.modeOf('chat')).toBe('SOLO');
  });

  it('delivers messages of its channel only, and sends to all or to some clients', async () => {
    const { port, store } = setUp();
    const chat = await store.join('chat');
    const received: unknown[] = [];
    chat.onDidMessage((m) => received.push(m.data));
    port.messages.fire({ name: 'chat', clientId: 'ann', isUser: true, data: { text: 'hi' } });
    port.messages.fire({ name: 'other', clientId: 'ann', isUser: true, data: { text: 'no' } });
    expect(received).toEqual([{ text: 'hi' }]);
    await expect(chat.send({ text: 'yo' }, ['ann'])).resolves.toEqual(['ann']);
    expect(port.calls).toContain('message chat {"text":"yo"} to ann');
  });

  it('shares one subscription between users and unsubscribes when the last one leaves', async () => {
    const { port, store } = setUp();
    const a = await store.join('chat');
    const b = await store.join('chat');
    a.dispose();
    expect(port.calls).toEqual(['subscribe chat']);
    b.dispose();
    await Promise.resolve();
    expect(port.calls).toEqual(['subscribe chat', 'unsubscribe chat']);
    expect(store.stateOf('chat')).toEqual({ kind: 'UNSUBSCRIBED' });
  });

  it('refuses to send on a disposed channel with "Channel is disposed" and stops delivering to it', async () => {
    const { port, store } = setUp();
    const chat = await store.join('chat');
    const received: unknown[] = [];
    chat.onDidMessage((m) => received.push(m.data));
    chat.dispose();
    port.messages.fire({ name: 'chat', clientId: 'ann', isUser: true, data: 1 });
    await expect(chat.send('late')).rejects.toThrow('Channel is disposed');
    expect(received).toEqual([]);
  });

  it('subscribes every channel in use again on resync', async () => {
    const { port, store } = setUp();
    await store.join('chat');
    await store.join('presence');
    (await store.join('gone')).dispose();
    port.calls.length = 0;
    port.subscribers = ['me', 'ann'];
    await store.resync();
    expect(port.calls).toEqual(['subscribe chat', 'subscribe presence']);
    expect(store.modeOf('chat')).toBe('MULTIPLAYER');
  });
});
