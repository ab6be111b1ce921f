import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { Emitter, Event } from '../../base/event';
import { ResyncFamily } from '../../domain/connection/resync-order';
import {
  FocusFileMessage,
  FollowersState,
  FollowingState,
  INITIAL_PRESENCE,
  Presence,
  PresenceEvent,
  followedClientId,
  followerIds,
  presenceTransition,
} from '../../domain/presence/following';
import { ChannelHandle, ChannelStore } from '../channel/channel.store';
import { ChannelMessage } from '../ports/channels.port';
import { PresencePort } from '../ports/presence.port';
import { WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { ResyncParticipant } from '../workspace/resync-participant';

/** The channel clients announce whom they follow on, and send focus-file messages to their followers. */
export const PRESENCE_CHANNEL = 'presence';

type PresenceMessage = { type: 'following'; target: string | null } | ({ type: 'focus-file' } & FocusFileMessage);

function parseMessage(data: unknown): PresenceMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const m = data as Record<string, unknown>;
  if (m.type === 'following' && (typeof m.target === 'string' || m.target === null)) return { type: 'following', target: m.target };
  const lines = m.visibleLines as { start?: unknown; end?: unknown } | undefined;
  if (m.type === 'focus-file' && typeof m.filepath === 'string' && typeof m.currentLine === 'number' && typeof lines?.start === 'number' && typeof lines?.end === 'number') {
    return { type: 'focus-file', filepath: m.filepath, currentLine: m.currentLine, visibleLines: { start: lines.start, end: lines.end } };
  }
  return undefined;
}

/**
 * Presence (spec 002 §4 "Following"): whom this client follows (NOT_FOLLOWING / FOLLOWING), who follows it
 * (NO_FOLLOWERS / FOLLOWERS) and the focus-file messages of the followed client (this client's permissions are
 * AccessStore's). Clients tell each other whom they follow on the presence channel.
 */
@injectable()
export class PresenceStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'clients';
  presence: Presence = INITIAL_PRESENCE;
  private channel: ChannelHandle | undefined;
  private joining: Promise<void> | undefined;
  private readonly focusEmitter = new Emitter<FocusFileMessage & { clientId: string }>();
  /** The followed client moved: the editor opens the file and scrolls to the lines. */
  readonly onDidFocusFile: Event<FocusFileMessage & { clientId: string }> = this.focusEmitter.event;

  constructor(
    @inject(PresencePort) private readonly port: PresencePort,
    @inject(ChannelStore) private readonly channels: ChannelStore,
    @inject(WorkspaceConnectionPort) connection: WorkspaceConnectionPort,
  ) {
    super();
    this.register(this.focusEmitter);
    makeObservable<PresenceStore, 'apply'>(this, {
      presence: observable.ref,
      following: computed,
      followers: computed,
      apply: action,
    });
    this.register(port.onDidLeave(({ clientId }) => this.apply({ type: 'client-left', clientId })));
    this.register(
      connection.onDidJoin((join) => {
        this.channels.setSelf(join.self.clientId);
        this.apply({ type: 'joined', selfId: join.self.clientId });
        void this.joinChannel();
      }),
    );
    this.register(() => {
      this.channel?.dispose();
      this.channel = undefined;
    });
  }

  get following(): FollowingState {
    return this.presence.following;
  }

  get followers(): FollowersState {
    return this.presence.followers;
  }

  follow(clientId: string): void {
    this.apply({ type: 'follow', clientId });
  }

  unfollow(): void {
    this.apply({ type: 'unfollow' });
  }

  /** Clicking a collaborator's avatar: follow them, or stop when already following them. */
  toggleFollow(clientId: string): void {
    this.apply({ type: 'toggle-follow', clientId });
  }

  /** A local edit in the synced state stops following (spec 002 §4). */
  localEdit(): void {
    this.apply({ type: 'local-edit' });
  }

  /** The followed file is no longer visible (the view checks FOLLOW_AWAY_CHECK_MS after a change). */
  followedFileHidden(): void {
    this.apply({ type: 'followed-file-hidden' });
  }

  /** Tells this client's followers where it is; nothing is sent without followers. */
  async sendFocusFile(message: FocusFileMessage): Promise<void> {
    const followers = followerIds(this.presence.followers);
    if (!this.channel || followers.length === 0) return;
    await this.channel.send({ type: 'focus-file', ...message }, [...followers]).catch(() => undefined);
  }

  /** Drops followers and the followed client when they are no longer connected. */
  async resync(): Promise<void> {
    const connected = new Set(await this.port.listClientIds());
    const known = [...followerIds(this.presence.followers), followedClientId(this.presence.following)].filter((id): id is string => id !== undefined);
    for (const clientId of known) if (!connected.has(clientId)) this.apply({ type: 'client-left', clientId });
  }

  private apply(event: PresenceEvent): void {
    const before = this.presence;
    this.presence = presenceTransition(before, event);
    if (followedClientId(before.following) !== followedClientId(this.presence.following)) void this.announce();
  }

  private joinChannel(): Promise<void> {
    this.joining ??= (async () => {
      try {
        const channel = await this.channels.join(PRESENCE_CHANNEL);
        this.channel = channel;
        this.register(channel.onDidMessage((m) => this.received(m)));
        // Whoever (re)joins learns whom we follow.
        this.register(channel.onDidChangeSubscribers(() => void this.announce()));
        await this.announce();
      } catch {
        this.joining = undefined; // the next join tries again
      }
    })();
    return this.joining;
  }

  private async announce(): Promise<void> {
    if (!this.channel) return;
    await this.channel.send({ type: 'following', target: followedClientId(this.presence.following) ?? null }).catch(() => undefined);
  }

  private received(message: ChannelMessage): void {
    const parsed = parseMessage(message.data);
    if (!parsed || message.clientId === this.presence.selfId) return;
    if (parsed.type === 'following') this.apply({ type: 'client-follows', clientId: message.clientId, target: parsed.target ?? undefined });
    else if (followedClientId(this.presence.following) === message.clientId) {
      const { type: _type, ...focus } = parsed;
      this.focusEmitter.fire({ ...focus, clientId: message.clientId });
    }
  }
}

