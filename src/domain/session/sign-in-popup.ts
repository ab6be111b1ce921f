/** Spec 000 §9: the sign-in popup's size, how often its closing is polled, and how long a sign-in may take. */
export const SIGN_IN_POPUP_WIDTH = 1020;
export const SIGN_IN_POPUP_HEIGHT = 618;
export const SIGN_IN_POPUP_POLL_MS = 500;
export const SIGN_IN_TIMEOUT_MS = 60_000;

/** The providers a popup signs in with (spec 000 §1: GitHub, Google or Apple). */
export type PopupProvider = 'github' | 'google' | 'apple';

/** Optional GitHub access a sign-in may ask for (spec 000 §5). */
export type GithubScopeOption = 'public_repos' | 'private_repos';

/**
 * GitHub sign-in scopes (spec 000 §5): always the user e-mail scope; 'public_repos' adds public repo, org read and
 * workflow; 'private_repos' adds full repo, org read and workflow.
 */
export function githubScopes(option?: GithubScopeOption): string[] {
  if (option === 'public_repos') return ['user:email', 'public_repo', 'read:org', 'workflow'];
  if (option === 'private_repos') return ['user:email', 'repo', 'read:org', 'workflow'];
  return ['user:email'];
}

/** The popup page of a provider (spec 000 §7): `/auth/{provider}?version=2` plus the scope for GitHub. */
export function signInPopupPath(provider: PopupProvider, option?: GithubScopeOption): string {
  const scope = provider === 'github' ? `&scope=${encodeURIComponent(githubScopes(option).join(' '))}` : '';
  return `/auth/${provider}?version=2${scope}`;
}

/** What a sign-in popup posts to its opener when it is done (platform-api.md §2). */
export type PopupMessage = { readonly type: 'signin' } | { readonly type: 'signup'; readonly pendingUserId: string } | { readonly type: 'duplicate' };

/** Reads a message event's data as a popup message; anything else (other windows' messages) is not one. */
export function parsePopupMessage(data: unknown): PopupMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, pendingUserId } = data as { type?: unknown; pendingUserId?: unknown };
  if (type === 'signin' || type === 'duplicate') return { type };
  if (type === 'signup' && typeof pendingUserId === 'string' && pendingUserId !== '') return { type, pendingUserId };
  return undefined;
}
