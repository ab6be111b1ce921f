/**
 * The shapes of Bullpen's credentials (ADR 0023), parsed strictly: anything else, anything appended, is not one.
 * Ids are 16 lowercase base-32 characters; secrets 43 base64url characters (32 random bytes).
 */
const ID = '[a-z2-7]{16}';
const SECRET = '[A-Za-z0-9_-]{43}';
const API_TOKEN = new RegExp(`^bp_(${ID})_(${SECRET})$`);
const SESSION = new RegExp(`^(${ID})\\.(${SECRET})$`);

export const API_TOKEN_PREFIX = 'bp_';

export interface CredentialParts {
  readonly id: string;
  readonly secret: string;
}

/** An API token as its holder sees it: `bp_<id>_<secret>`. */
export const formatApiToken = ({ id, secret }: CredentialParts): string => `${API_TOKEN_PREFIX}${id}_${secret}`;

/** What an API token shows of itself in lists: the part before its secret. */
export const apiTokenPrefix = (id: string): string => `${API_TOKEN_PREFIX}${id}_`;

export function parseApiToken(value: string): CredentialParts | undefined {
  const match = API_TOKEN.exec(value);
  return match ? { id: match[1], secret: match[2] } : undefined;
}

/** A session cookie's value: `<id>.<secret>`. */
export const formatSessionCookie = ({ id, secret }: CredentialParts): string => `${id}.${secret}`;

export function parseSessionCookie(value: string): CredentialParts | undefined {
  const match = SESSION.exec(value);
  return match ? { id: match[1], secret: match[2] } : undefined;
}

/** The id alphabet: base-32 lowercase (no 0, 1, 8, 9: nothing to misread). */
export const CREDENTIAL_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
export const CREDENTIAL_ID_LENGTH = 16;
export const CREDENTIAL_SECRET_BYTES = 32;
