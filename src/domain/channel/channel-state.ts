/** Spec 001 §4: a channel goes from unsubscribed to subscribed; a multi-tab channel is SOLO or MULTIPLAYER. */
export type ChannelState =
  | { readonly kind: 'UNSUBSCRIBED' }
  | { readonly kind: 'SUBSCRIBING' }
  | { readonly kind: 'SUBSCRIBED'; readonly subscribers: readonly string[] };

export type ChannelMode = 'SOLO' | 'MULTIPLAYER';

/** Spec 002 §8. */
export const CHANNEL_DISPOSED_TEXT = 'Channel is disposed';

export const UNSUBSCRIBED: ChannelState = { kind: 'UNSUBSCRIBED' };

/** SOLO while this client is the only subscriber, MULTIPLAYER once another client (or tab) joined. */
export function channelMode(state: ChannelState, selfId: string | undefined): ChannelMode {
  if (state.kind !== 'SUBSCRIBED') return 'SOLO';
  return state.subscribers.some((id) => id !== selfId) ? 'MULTIPLAYER' : 'SOLO';
}
