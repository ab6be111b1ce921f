import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { CREDENTIAL_ID_ALPHABET, CREDENTIAL_ID_LENGTH, CREDENTIAL_SECRET_BYTES } from '../../../domain/access/credentials';
import { Secrets } from '../../application/ports/secrets.port';

export class NodeSecrets implements Secrets {
  newId(): string {
    // 32 symbols: each byte's low 5 bits pick one, uniformly.
    return [...randomBytes(CREDENTIAL_ID_LENGTH)].map((b) => CREDENTIAL_ID_ALPHABET[b & 31]).join('');
  }

  newSecret(): string {
    return randomBytes(CREDENTIAL_SECRET_BYTES).toString('base64url');
  }

  digest(value: string): string {
    return createHash('sha256').update(value, 'utf8').digest('hex');
  }

  sameDigest(a: string, b: string): boolean {
    const left = Buffer.from(a, 'utf8');
    const right = Buffer.from(b, 'utf8');
    return left.length === right.length && timingSafeEqual(left, right);
  }

  uuid(): string {
    return randomUUID();
  }
}
