import { hash, verify } from '@node-rs/argon2';
import { PasswordHasher } from '../../application/ports/password-hasher.port';

/** argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): @node-rs/argon2's defaults. */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}
