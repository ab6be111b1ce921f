import { ClientIdentity } from './client-session';

/** What a pitcher token grants: one sandbox, as one identity. Signed by the platform API. */
export interface PitcherGrant extends ClientIdentity {
  sandboxId: string;
}

export const PITCHER_TOKEN_PURPOSE = 'pitcher';
export const RECONNECT_TOKEN_PURPOSE = 'reconnect';
export const PITCHER_TOKEN_TTL_SECONDS = 24 * 60 * 60;
export const RECONNECT_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export interface ReconnectClaim {
  sandboxId: string;
  clientId: string;
  username: string;
}
