/** Randomness and digests for credentials (the application layer uses no Node built-ins). */
export const Secrets = Symbol('Secrets');

export interface Secrets {
  /** A credential id: CREDENTIAL_ID_LENGTH characters of CREDENTIAL_ID_ALPHABET. */
  newId(): string;
  /** A secret: CREDENTIAL_SECRET_BYTES random bytes, base64url. */
  newSecret(): string;
  /** SHA-256 of the text, hex: what is stored of a secret. */
  digest(value: string): string;
  /** Constant-time comparison of two digests. */
  sameDigest(a: string, b: string): boolean;
  /** A UUID, for people and teams. */
  uuid(): string;
}
