import { PitcherErrorCode } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';

/**
 * Named channels between the clients of a workspace (protocol.md §3 channel): chat, following's focus-file messages.
 * Membership ends when a client leaves; a message reaches the channel's other subscribers, or the named ones.
 */
export class ChannelHub {
  private readonly channels = new Map<string, Map<string, ClientSession>>();

  subscribe(session: ClientSession, name: string): HandlerResult<{ subscribers: string[] }> {
    let members = this.channels.get(name);
    if (!members) this.channels.set(name, (members = new Map()));
    const isNew = !members.has(session.clientId);
    members.set(session.clientId, session);
    const subscribers = [...members.keys()];
    if (isNew) this.announce('channel/subscribed', name, session.clientId, [...members.values()].filter((s) => s !== session));
    return done({ subscribers });
  }

  unsubscribe(session: ClientSession, name: string): HandlerResult<Record<string, never>> {
    const members = this.channels.get(name);
    if (members?.get(session.clientId) === session) this.remove(name, members, session.clientId);
    return done({});
  }

  /** Sends `data` to the channel's other subscribers (or only to `clients` among them); answers who got it. */
  message(session: ClientSession, name: string, data: unknown, clients: string[] | undefined): HandlerResult<{ clients: string[] }> {
    const members = this.channels.get(name);
    if (!members?.has(session.clientId)) {
      return fail(PitcherErrorCode.CHANNEL_NOT_FOUND, `Channel ${name} not found: subscribe to it before sending messages`);
    }
    const wanted = clients ? new Set(clients) : undefined;
    const recipients = [...members.values()].filter((s) => s !== session && s.active && (!wanted || wanted.has(s.clientId)));
    ClientSession.notifyAll(recipients, 'channel/message', { name, clientId: session.clientId, isUser: true, data });
    return done({ clients: recipients.map((s) => s.clientId) });
  }

  /** A client left the workspace: it leaves every channel (the others are told). */
  leaveAll(session: ClientSession): void {
    for (const [name, members] of this.channels) {
      if (members.get(session.clientId) === session) this.remove(name, members, session.clientId);
    }
  }

  subscribersOf(name: string): string[] {
    return [...(this.channels.get(name)?.keys() ?? [])];
  }

  private remove(name: string, members: Map<string, ClientSession>, clientId: string): void {
    members.delete(clientId);
    if (members.size === 0) this.channels.delete(name);
    this.announce('channel/unsubscribed', name, clientId, [...members.values()]);
  }

  private announce(method: 'channel/subscribed' | 'channel/unsubscribed', name: string, clientId: string, to: ClientSession[]): void {
    ClientSession.notifyAll(to, method, { name, clientId, subscribers: this.subscribersOf(name) });
  }
}
