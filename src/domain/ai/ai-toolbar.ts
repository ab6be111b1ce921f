/**
 * The floating AI toolbar (spec 002 §2, §9): it appears about 1 s after a non-empty text selection stops changing and
 * hides when the editor scrolls or the selection empties. A pure state machine; the timer is the caller's.
 */
export const AI_TOOLBAR_DELAY_MS = 1000;

export type AiToolbarState =
  | { readonly kind: 'HIDDEN' }
  | { readonly kind: 'WAITING'; readonly since: number }
  | { readonly kind: 'SHOWN' };

export type AiToolbarEvent =
  | { readonly kind: 'selection'; readonly empty: boolean; readonly at: number }
  | { readonly kind: 'scroll' }
  | { readonly kind: 'tick'; readonly at: number }
  | { readonly kind: 'dismiss' };

export const AI_TOOLBAR_HIDDEN: AiToolbarState = { kind: 'HIDDEN' };

export function nextAiToolbarState(state: AiToolbarState, event: AiToolbarEvent): AiToolbarState {
  switch (event.kind) {
    case 'selection':
      return event.empty ? AI_TOOLBAR_HIDDEN : { kind: 'WAITING', since: event.at };
    case 'scroll':
    case 'dismiss':
      return AI_TOOLBAR_HIDDEN;
    case 'tick':
      return state.kind === 'WAITING' && event.at - state.since >= AI_TOOLBAR_DELAY_MS ? { kind: 'SHOWN' } : state;
  }
}
