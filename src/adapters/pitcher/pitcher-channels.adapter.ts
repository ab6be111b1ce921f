import { Emitter } from '../../base/event';
import { ChannelMembership, ChannelMessage, ChannelsPort } from '../../application/ports/channels.port';
import { PitcherClient } from './pitcher-client';

export class PitcherChannels implements ChannelsPort {
  private readonly subscribed = new Emitter<ChannelMembership>();
  private readonly unsubscribed = new Emitter<ChannelMembership>();
  private readonly messages = new Emitter<ChannelMessage>();
  readonly onDidSubscribe = this.subscribed.event;
  readonly onDidUnsubscribe = this.unsubscribed.event;
  readonly onDidReceiveMessage = this.messages.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('channel/subscribed', (m) => this.subscribed.fire({ name: m.name, clientId: m.clientId, subscribers: [...m.subscribers] }));
    client.onNotification('channel/unsubscribed', (m) => this.unsubscribed.fire({ name: m.name, clientId: m.clientId, subscribers: [...m.subscribers] }));
    client.onNotification('channel/message', (m) => this.messages.fire({ name: m.name, clientId: m.clientId, isUser: m.isUser, data: m.data }));
  }

  async subscribe(name: string): Promise<string[]> {
    return (await this.client.request('channel/subscribe', { name })).subscribers;
  }
  async unsubscribe(name: string): Promise<void> {
    await this.client.request('channel/unsubscribe', { name });
  }
  async message(name: string, data: unknown, clients?: string[]): Promise<string[]> {
    return (await this.client.request('channel/message', clients ? { name, data, clients } : { name, data })).clients;
  }
}
