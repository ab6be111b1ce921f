import { Event } from '../../base/event';

/** Named rooms for messages between clients (protocol.md §3 channel; spec 001 §4 Channel). */
export const ChannelsPort = Symbol('ChannelsPort');

export interface ChannelMembership {
  name: string;
  clientId: string;
  subscribers: string[];
}

export interface ChannelMessage {
  name: string;
  /** The sender. */
  clientId: string;
  isUser: boolean;
  data: unknown;
}

export interface ChannelsPort {
  readonly onDidSubscribe: Event<ChannelMembership>;
  readonly onDidUnsubscribe: Event<ChannelMembership>;
  readonly onDidReceiveMessage: Event<ChannelMessage>;
  /** Resolves with the subscribers, this client included. */
  subscribe(name: string): Promise<string[]>;
  unsubscribe(name: string): Promise<void>;
  /** Sends to every subscriber, or to `clients` only; resolves with the clients it reached. */
  message(name: string, data: unknown, clients?: string[]): Promise<string[]>;
}
