import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { Emitter, Event } from '../../base/event';
import { Disposable, DisposableBase } from '../../base/lifecycle';
import { CHANNEL_DISPOSED_TEXT, ChannelMode, ChannelState, UNSUBSCRIBED, channelMode } from '../../domain/channel/channel-state';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { ChannelMessage, ChannelsPort } from '../ports/channels.port';
import { ResyncParticipant } from '../workspace/resync-participant';

/** One user of a channel: messages arrive through onDidMessage until disposed; sending after that fails. */
export interface ChannelHandle extends Disposable {
  readonly name: string;
  readonly onDidMessage: Event<ChannelMessage>;
  /** The subscribers changed (someone subscribed or left, or this client subscribed again after a reconnect). */
  readonly onDidChangeSubscribers: Event<readonly string[]>;
  readonly subscribers: readonly string[];
  /** Sends to every subscriber, or to `clients`; rejects with 'Channel is disposed' once disposed. */
  send(data: unknown, clients?: string[]): Promise<string[]>;
}

export class ChannelDisposedError extends Error {
  constructor() {
    super(CHANNEL_DISPOSED_TEXT);
    this.name = 'ChannelDisposedError';
  }
}

interface Entry {
  users: number;
  readonly messages: Emitter<ChannelMessage>;
  readonly subscribers: Emitter<readonly string[]>;
}

/**
 * Channels this client takes part in (spec 001 §4 "Channel": unsubscribed → subscribed; SOLO or MULTIPLAYER).
 * Several users of one channel share one subscription; the last to leave unsubscribes. After a reconnect every
 * channel in use is subscribed again.
 */
@injectable()
export class ChannelStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'channels';
  states: ReadonlyMap<string, ChannelState> = new Map();
  selfId: string | undefined = undefined;
  private readonly entries = new Map<string, Entry>();

  constructor(@inject(ChannelsPort) private readonly port: ChannelsPort) {
    super();
    makeObservable(this, { states: observable.ref, selfId: observable, setState: action, setSelf: action });
    this.register(port.onDidSubscribe((m) => this.entries.has(m.name) && this.setState(m.name, { kind: 'SUBSCRIBED', subscribers: m.subscribers })));
    this.register(port.onDidUnsubscribe((m) => this.entries.has(m.name) && this.setState(m.name, { kind: 'SUBSCRIBED', subscribers: m.subscribers })));
    this.register(port.onDidReceiveMessage((m) => this.entries.get(m.name)?.messages.fire(m)));
  }

  setSelf(clientId: string): void {
    this.selfId = clientId;
  }

  stateOf(name: string): ChannelState {
    return this.states.get(name) ?? UNSUBSCRIBED;
  }

  modeOf(name: string): ChannelMode {
    return channelMode(this.stateOf(name), this.selfId);
  }

  setState(name: string, state: ChannelState): void {
    const next = new Map(this.states);
    if (state.kind === 'UNSUBSCRIBED') next.delete(name);
    else next.set(name, state);
    this.states = next;
    if (state.kind === 'SUBSCRIBED') this.entries.get(name)?.subscribers.fire(state.subscribers);
  }

  /** Subscribes (once per name) and returns a handle for this user. */
  async join(name: string): Promise<ChannelHandle> {
    let entry = this.entries.get(name);
    if (!entry) {
      entry = { users: 0, messages: new Emitter<ChannelMessage>(), subscribers: new Emitter<readonly string[]>() };
      this.entries.set(name, entry);
    }
    entry.users += 1;
    if (this.stateOf(name).kind === 'UNSUBSCRIBED') {
      this.setState(name, { kind: 'SUBSCRIBING' });
      try {
        await this.subscribe(name);
      } catch (error) {
        this.release(name);
        throw error;
      }
    }
    return this.handle(name, entry);
  }

  async resync(): Promise<void> {
    const failures: string[] = [];
    for (const name of [...this.entries.keys()]) {
      try {
        await this.subscribe(name);
      } catch (error) {
        failures.push(`${name}: ${(error as Error).message}`);
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '));
  }

  private async subscribe(name: string): Promise<void> {
    const subscribers = await this.port.subscribe(name);
    if (this.entries.has(name)) this.setState(name, { kind: 'SUBSCRIBED', subscribers });
  }

  private handle(name: string, entry: Entry): ChannelHandle {
    let disposed = false;
    const store = this;
    const subscriptions: Disposable[] = [];
    return {
      name,
      onDidMessage: (listener) => {
        const sub = entry.messages.event(listener);
        subscriptions.push(sub);
        return sub;
      },
      onDidChangeSubscribers: (listener) => {
        const sub = entry.subscribers.event(listener);
        subscriptions.push(sub);
        return sub;
      },
      get subscribers() {
        const state = store.stateOf(name);
        return state.kind === 'SUBSCRIBED' ? state.subscribers : [];
      },
      send: (data, clients) => (disposed ? Promise.reject(new ChannelDisposedError()) : this.port.message(name, data, clients)),
      dispose: () => {
        if (disposed) return;
        disposed = true;
        for (const sub of subscriptions) sub.dispose();
        this.release(name);
      },
    };
  }

  private release(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users > 0) return;
    this.entries.delete(name);
    entry.messages.dispose();
    entry.subscribers.dispose();
    this.setState(name, UNSUBSCRIBED);
    this.port.unsubscribe(name).catch(() => undefined);
  }
}
