import { ClientJSON, NotificationMethod, PitcherNotifications, PitcherPermissions } from '../../../protocol';
import { AccessLevel } from './permissions';

/** Sends bytes to one connected client; the transport owns encoding. */
export interface ClientChannel {
  send(frame: Uint8Array): void;
  close(code: number, reason: string): void;
}

export interface ClientIdentity {
  username: string;
  name: string;
  access: AccessLevel;
}

/** One joined client of a workspace. */
export class ClientSession {
  readonly openFiles = new Set<string>();
  readonly openShells = new Set<string>();
  /** False once the client left or a newer connection of the same client replaced this one. */
  active = true;

  constructor(
    readonly json: ClientJSON,
    readonly identity: ClientIdentity,
    readonly permissions: PitcherPermissions,
    readonly channel: ClientChannel,
    private readonly encode: <M extends NotificationMethod>(method: M, params: PitcherNotifications[M]) => Uint8Array,
  ) {}

  get clientId(): string {
    return this.json.clientId;
  }

  notify<M extends NotificationMethod>(method: M, params: PitcherNotifications[M]): void {
    this.channel.send(this.encode(method, params));
  }

  /** Sends one notification to several clients, encoding it once. */
  static notifyAll<M extends NotificationMethod>(sessions: readonly ClientSession[], method: M, params: PitcherNotifications[M]): void {
    if (sessions.length === 0) return;
    const frame = sessions[0].encode(method, params);
    for (const session of sessions) session.channel.send(frame);
  }
}
