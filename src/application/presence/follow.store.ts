import { inject, injectable } from 'inversify';
import { action, comparer, computed, makeObservable, observable, reaction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { avatarName } from '../../domain/presence/avatar';
import { followedFileIsHidden, sameFocus } from '../../domain/presence/focus';
import { FOLLOW_AWAY_CHECK_MS, FocusFileMessage, followedClientId, followerIds } from '../../domain/presence/following';
import { EditorStore } from '../editor/editor.store';
import { FileTreeStore } from '../files/file-tree.store';
import { CollaboratorsStore } from '../workspace/collaborators.store';
import { PresenceStore } from './presence.store';

/** This client's focus goes out at most this often while it scrolls or moves the cursor; the last one always goes. */
export const FOCUS_SEND_INTERVAL_MS = 100;
/** The frame's colour when the followed client's colour is not known (yet). */
const UNKNOWN_COLOR = '#888888';

export interface FollowedUser {
  readonly clientId: string;
  readonly name: string;
  readonly color: string;
}

/**
 * Following in the workbench (spec 002 §4 "Following"), on top of PresenceStore's rules: the followed client's
 * focus-file messages open its file here and give the lines the editor scrolls to (`followedFocus`); this client's
 * own focus (reported by the editor) goes to its followers, and to a new follower at once; following stops on a
 * local edit and when the followed file is no longer the one shown here, checked FOLLOW_AWAY_CHECK_MS after a change.
 */
@injectable()
export class FollowStore extends DisposableBase {
  /** Where the followed client is (file, visible lines, cursor line); undefined before its first message. */
  followedFocus: FocusFileMessage | undefined = undefined;
  private opening = 0;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private ownFocus: FocusFileMessage | undefined;
  private sentFocus: FocusFileMessage | undefined;
  private sendTimer: ReturnType<typeof setTimeout> | undefined;
  private lastSentAt = -Infinity;

  constructor(
    @inject(PresenceStore) private readonly presence: PresenceStore,
    @inject(CollaboratorsStore) private readonly collaborators: CollaboratorsStore,
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
  ) {
    super();
    makeObservable<FollowStore, 'setFollowedFocus'>(this, {
      followedFocus: observable.ref,
      followed: computed,
      visiblePath: computed,
      setFollowedFocus: action,
    });
    this.register(presence.onDidFocusFile(({ clientId: _clientId, ...focus }) => void this.focusReceived(focus)));
    this.register(editor.onDidEditLocally(() => presence.localEdit()));
    // Another client followed (or none): its position is not known until it says.
    this.register(
      reaction(
        () => followedClientId(presence.following),
        () => this.setFollowedFocus(undefined),
      ),
    );
    // A new follower learns at once where this client is.
    this.register(
      reaction(
        () => followerIds(presence.followers),
        (now, before) => {
          if (now.some((id) => !before.includes(id))) this.send(true);
        },
        { equals: comparer.structural },
      ),
    );
    this.register(
      reaction(
        () => this.visiblePath,
        () => this.scheduleCheck(),
      ),
    );
  }

  /** The client followed, in its colour (the frame around the page). */
  get followed(): FollowedUser | undefined {
    const clientId = followedClientId(this.presence.following);
    if (clientId === undefined) return undefined;
    const client = this.collaborators.clients.get(clientId);
    return { clientId, name: avatarName(client?.name), color: client?.color ?? UNKNOWN_COLOR };
  }

  /** The file this client shows. */
  get visiblePath(): string | undefined {
    const active = this.editor.activeFileId;
    return active === undefined ? undefined : this.editor.tabs.find((t) => t.fileId === active)?.path;
  }

  isFollowing(clientId: string): boolean {
    return followedClientId(this.presence.following) === clientId;
  }

  isFollowedBy(clientId: string): boolean {
    return followerIds(this.presence.followers).includes(clientId);
  }

  /** Clicking a collaborator's avatar: follow them, or stop following them. */
  toggleFollow(clientId: string): void {
    this.presence.toggleFollow(clientId);
  }

  stopFollowing(): void {
    this.presence.unfollow();
  }

  /** The editor shows `focus` now (undefined: no text file); followers are told when it changed. */
  reportFocus(focus: FocusFileMessage | undefined): void {
    this.ownFocus = focus;
    if (!focus || followerIds(this.presence.followers).length === 0 || this.sendTimer) return;
    const wait = Math.max(0, this.lastSentAt + FOCUS_SEND_INTERVAL_MS - Date.now());
    this.sendTimer = setTimeout(() => {
      this.sendTimer = undefined;
      this.send(false);
    }, wait);
  }

  private send(evenIfUnchanged: boolean): void {
    const focus = this.ownFocus;
    if (!focus || (!evenIfUnchanged && sameFocus(focus, this.sentFocus))) return;
    this.sentFocus = focus;
    this.lastSentAt = Date.now();
    void this.presence.sendFocusFile(focus);
  }

  private setFollowedFocus(focus: FocusFileMessage | undefined): void {
    this.followedFocus = focus;
  }

  private async focusReceived(focus: FocusFileMessage): Promise<void> {
    this.setFollowedFocus(focus);
    const node = this.files.fileAt(focus.filepath);
    if (node && this.visiblePath !== focus.filepath) {
      this.opening++;
      try {
        await this.editor.open(node.id);
      } finally {
        this.opening--;
      }
    }
    this.scheduleCheck();
  }

  /** Spec 002 §4: "Following ends automatically if the followed file is no longer visible (checked after 500 ms)." */
  private scheduleCheck(): void {
    if (this.checkTimer) clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => {
      this.checkTimer = undefined;
      const view = { isFollowing: this.followed !== undefined, followedPath: this.followedFocus?.filepath, visiblePath: this.visiblePath, opening: this.opening > 0 };
      if (followedFileIsHidden(view)) this.presence.followedFileHidden();
    }, FOLLOW_AWAY_CHECK_MS);
  }
}
