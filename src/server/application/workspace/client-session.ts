import { Event } from '../../../base/event';
import { ClientJSON, NotificationMethod, PitcherNotifications, PitcherPermissions } from '../../../protocol';
import { AccessLevel } from './permissions';

/** The default mark below which a channel reports that it drained (ClientChannel.onDidDrain). */
export const DRAIN_LOW_WATER_BYTES = 256 * 1024;

/**
 * Sends bytes to one connected client; the transport owns encoding. A channel that can tell how much it holds
 * (the websocket one) reports it, so that senders apply back-pressure; one that cannot (an in-process link in
 * tests) leaves bufferedBytes and onDidDrain out and counts as always drained.
 */
export interface ClientChannel {
  send(frame: Uint8Array): void;
  /**
   * Sends a frame nobody waits for (the answer to an acknowledgement): the channel may hold it until it sends the next
   * frame, or for a short while, to send both in one write. Frames still leave in the order they were sent. A channel
   * that does not batch leaves it out (send is used).
   */
  sendLazily?(frame: Uint8Array): void;
  /** Closes the connection: the socket is closed even when the peer does not answer the closing handshake. */
  close(code: number, reason: string): void;
  /** Bytes handed to the transport and not yet flushed to the network. */
  readonly bufferedBytes?: number;
  /** Fires when bufferedBytes falls below the channel's low-water mark (at most DRAIN_LOW_WATER_BYTES). */
  readonly onDidDrain?: Event<void>;
}

/** Close code and reason for a client that stays too far behind (a 4000-4999 application code). */
export const CLIENT_TOO_SLOW_CLOSE = { code: 4008, reason: 'Client too slow' } as const;

export interface SlowClientLimits {
  /** A client holding this many unsent bytes… */
  hardLimitBytes: number;
  /** …for this long is disconnected at the next notification (it reconnects and resyncs). */
  graceMs: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = { hardLimitBytes: 16 * 1024 * 1024, graceMs: 5_000 };

export interface ClientIdentity {
  username: string;
  name: string;
  access: AccessLevel;
  /** The person's picture, when they have an account with one. */
  avatarUrl?: string;
}

/** One joined client of a workspace. */
export class ClientSession {
  readonly openFiles = new Set<string>();
  readonly openShells = new Set<string>();
  /** False once the client left or a newer connection of the same client replaced this one. */
  active = true;
  /** Since when the channel has held more than the hard limit (reset whenever it drains). */
  private overLimitSince: number | undefined;
  private closedAsTooSlow = false;

  constructor(
    readonly json: ClientJSON,
    readonly identity: ClientIdentity,
    public permissions: PitcherPermissions,
    readonly channel: ClientChannel,
    private readonly encode: <M extends NotificationMethod>(method: M, params: PitcherNotifications[M]) => Uint8Array,
    private readonly limits: SlowClientLimits = SLOW_CLIENT_LIMITS,
  ) {
    channel.onDidDrain?.(() => (this.overLimitSince = undefined));
  }

  get clientId(): string {
    return this.json.clientId;
  }

  notify<M extends NotificationMethod>(method: M, params: PitcherNotifications[M]): void {
    this.deliver(this.encode(method, params));
  }

  /** Sends a notification frame its sender encoded (a hot path's own encoder, byte-identical to encodeMessage's). */
  notifyEncoded(frame: Uint8Array): void {
    this.deliver(frame);
  }

  /** Sends one notification to several clients, encoding it once. */
  static notifyAll<M extends NotificationMethod>(sessions: readonly ClientSession[], method: M, params: PitcherNotifications[M]): void {
    if (sessions.length === 0) return;
    const frame = sessions[0].encode(method, params);
    for (const session of sessions) session.deliver(frame);
  }

  /**
   * Notifications are not queued without bound: a client whose channel has stayed above the hard limit for the
   * grace period is disconnected instead (the close code says why; the client reconnects and resyncs).
   */
  private deliver(frame: Uint8Array): void {
    if (this.closedAsTooSlow) return;
    if ((this.channel.bufferedBytes ?? 0) < this.limits.hardLimitBytes) {
      this.overLimitSince = undefined;
    } else {
      const now = Date.now();
      this.overLimitSince ??= now;
      if (now - this.overLimitSince >= this.limits.graceMs) {
        this.closedAsTooSlow = true;
        this.channel.close(CLIENT_TOO_SLOW_CLOSE.code, CLIENT_TOO_SLOW_CLOSE.reason);
        return;
      }
    }
    this.channel.send(frame);
  }
}
