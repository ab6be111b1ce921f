/** Hashes passwords (argon2id) and checks them. */
export const PasswordHasher = Symbol('PasswordHasher');

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}
