import { assertNever } from '../../base/assert';

/** Spec 000 §3 "Avatar widget": the fallback name and its letter. */
export const ANONYMOUS_NAME = 'Anonymous';
/** Spec 000 §4: "The avatar falls back to the initial after a 1000 ms delay if the image has not loaded." */
export const AVATAR_FALLBACK_DELAY_MS = 1000;

/** Spec 000 §3 loading states of the avatar image: idle (no image), loading, loaded, error. */
export type AvatarLoad = 'idle' | 'loading' | 'loaded' | 'error';

export interface AvatarState {
  readonly load: AvatarLoad;
  /** AVATAR_FALLBACK_DELAY_MS passed since the image started loading. */
  readonly delayElapsed: boolean;
}

export type AvatarEvent = { readonly type: 'image-loaded' } | { readonly type: 'image-failed' } | { readonly type: 'delay-elapsed' };

/** What the avatar shows: the image, the initial, or (while an image loads, for up to 1000 ms) only its colour. */
export type AvatarFace = 'image' | 'initial' | 'blank';

/** The name shown for a user: theirs, else 'Anonymous'. */
export const avatarName = (name: string | undefined): string => name?.trim() || ANONYMOUS_NAME;

/** The initial shown: the first letter of the name, upper-cased ('A' for Anonymous). */
export const avatarInitial = (name: string | undefined): string => Array.from(avatarName(name))[0]!.toUpperCase();

/** A user without an image source starts idle (the initial at once); with one, loading. */
export const initialAvatarState = (imageUrl: string | undefined): AvatarState => ({ load: imageUrl ? 'loading' : 'idle', delayElapsed: false });

export function avatarTransition(state: AvatarState, event: AvatarEvent): AvatarState {
  switch (event.type) {
    case 'image-loaded':
      return state.load === 'idle' ? state : { ...state, load: 'loaded' };
    case 'image-failed':
      return state.load === 'idle' ? state : { ...state, load: 'error' };
    case 'delay-elapsed':
      return { ...state, delayElapsed: true };
    default:
      return assertNever(event);
  }
}

/**
 * The image once it loaded; the initial without an image, after a failed load, or once AVATAR_FALLBACK_DELAY_MS
 * passed without the image; nothing but the colour before that (no flash of a letter for an image about to show).
 */
export function avatarFace(state: AvatarState): AvatarFace {
  switch (state.load) {
    case 'loaded':
      return 'image';
    case 'idle':
    case 'error':
      return 'initial';
    case 'loading':
      return state.delayElapsed ? 'initial' : 'blank';
    default:
      return assertNever(state.load);
  }
}
