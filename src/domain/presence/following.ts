import { assertNever } from '../../base/assert';

/** Spec 002 §4 "Following": whom this client follows, and who follows this client. */
export type FollowingState = { readonly kind: 'NOT_FOLLOWING' } | { readonly kind: 'FOLLOWING'; readonly clientId: string };
export type FollowersState = { readonly kind: 'NO_FOLLOWERS' } | { readonly kind: 'FOLLOWERS'; readonly clientIds: readonly string[] };

export interface Presence {
  readonly selfId: string | undefined;
  readonly following: FollowingState;
  readonly followers: FollowersState;
}

export type PresenceEvent =
  /** This client is (now) known as `clientId`. */
  | { readonly type: 'joined'; readonly selfId: string }
  | { readonly type: 'follow'; readonly clientId: string }
  | { readonly type: 'unfollow' }
  /** Clicking a collaborator's avatar: follows them, or unfollows when already following them. */
  | { readonly type: 'toggle-follow'; readonly clientId: string }
  /** Another client announced whom it follows now (undefined: nobody). */
  | { readonly type: 'client-follows'; readonly clientId: string; readonly target: string | undefined }
  | { readonly type: 'client-left'; readonly clientId: string }
  /** A local edit in the synced state stops following (spec 002 §4 OT). */
  | { readonly type: 'local-edit' }
  /** The followed file is no longer visible (checked FOLLOW_AWAY_CHECK_MS after the change). */
  | { readonly type: 'followed-file-hidden' };

export const NOT_FOLLOWING: FollowingState = { kind: 'NOT_FOLLOWING' };
export const NO_FOLLOWERS: FollowersState = { kind: 'NO_FOLLOWERS' };
export const INITIAL_PRESENCE: Presence = { selfId: undefined, following: NOT_FOLLOWING, followers: NO_FOLLOWERS };

/** Spec 002 §9: "Follow-away check delay 500 ms". */
export const FOLLOW_AWAY_CHECK_MS = 500;

/** What followers receive from the followed client (spec 002 §4). */
export interface FocusFileMessage {
  readonly filepath: string;
  readonly visibleLines: { readonly start: number; readonly end: number };
  readonly currentLine: number;
}

export const followedClientId = (state: FollowingState): string | undefined => (state.kind === 'FOLLOWING' ? state.clientId : undefined);
export const followerIds = (state: FollowersState): readonly string[] => (state.kind === 'FOLLOWERS' ? state.clientIds : []);

const followersOf = (ids: readonly string[]): FollowersState => (ids.length === 0 ? NO_FOLLOWERS : { kind: 'FOLLOWERS', clientIds: ids });

function follow(presence: Presence, clientId: string): Presence {
  if (clientId === presence.selfId) return presence; // following yourself is ignored
  // Following someone who follows you is allowed: on their side the rule "if someone you follow starts following
  // you, you unfollow" ends their following.
  return { ...presence, following: { kind: 'FOLLOWING', clientId } };
}

/**
 * The following rules of spec 002 §4: following yourself is ignored; if someone you follow starts following you,
 * you unfollow; clicking the avatar again unfollows; a local edit or the followed file becoming hidden ends it.
 */
export function presenceTransition(presence: Presence, event: PresenceEvent): Presence {
  switch (event.type) {
    case 'joined':
      return event.selfId === presence.selfId ? presence : { selfId: event.selfId, following: NOT_FOLLOWING, followers: NO_FOLLOWERS };
    case 'follow':
      return follow(presence, event.clientId);
    case 'toggle-follow':
      return followedClientId(presence.following) === event.clientId ? { ...presence, following: NOT_FOLLOWING } : follow(presence, event.clientId);
    case 'unfollow':
    case 'local-edit':
    case 'followed-file-hidden':
      return presence.following.kind === 'NOT_FOLLOWING' ? presence : { ...presence, following: NOT_FOLLOWING };
    case 'client-follows': {
      if (event.clientId === presence.selfId) return presence;
      const others = followerIds(presence.followers).filter((id) => id !== event.clientId);
      const followsMe = event.target !== undefined && event.target === presence.selfId;
      const followers = followersOf(followsMe ? [...others, event.clientId] : others);
      const following = followsMe && followedClientId(presence.following) === event.clientId ? NOT_FOLLOWING : presence.following;
      return { ...presence, followers, following };
    }
    case 'client-left': {
      const followers = followersOf(followerIds(presence.followers).filter((id) => id !== event.clientId));
      const following = followedClientId(presence.following) === event.clientId ? NOT_FOLLOWING : presence.following;
      return { ...presence, followers, following };
    }
    default:
      return assertNever(event);
  }
}
