import { ClientIdentity } from './client-session';

/**
 * What a pitcher token grants: one sandbox, as one identity, at one access level. Signed by the platform API.
 * The access level is an upper bound: every join takes the lower of it and what the current policy allows.
 */
export interface PitcherGrant extends ClientIdentity {
  sandboxId: string;
  /** Set when minted for a browser session: the websocket upgrade must carry that session's cookie. */
  session?: string;
  /** The person it was minted for (absent: a visitor); every join asks again what they may do now. */
  userId?: string;
  /** The scopes of the API token it was minted with (absent: a browser session or a visitor). */
  scopes?: string[];
}

export const PITCHER_TOKEN_PURPOSE = 'pitcher';
export const RECONNECT_TOKEN_PURPOSE = 'reconnect';
/** Pitcher tokens are short-lived: a reconnecting client mints a new one through `POST /vm/{id}/start`. */
export const PITCHER_TOKEN_TTL_SECONDS = 5 * 60;
export const RECONNECT_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export interface ReconnectClaim {
  sandboxId: string;
  clientId: string;
  username: string;
  name?: string;
}

/** Anonymous visitors get a new guest name with every minted token (`guest-<hex>`). */
const isGuest = (username: string): boolean => username.startsWith('guest-');

/**
 * Whether a reconnecting client may resume its client id (and so its documents' exactly-once sequence), and as whom:
 * the same user, or a guest coming back with a new guest token, who keeps the name the others already see. The
 * access level always comes from the new token.
 */
export function resumedIdentity(claim: ReconnectClaim, grant: PitcherGrant): PitcherGrant | undefined {
  if (claim.sandboxId !== grant.sandboxId) return undefined;
  if (claim.username === grant.username) return grant;
  if (!isGuest(claim.username) || !isGuest(grant.username)) return undefined;
  return { ...grant, username: claim.username, name: claim.name ?? grant.name };
}
