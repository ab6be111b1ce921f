import { Kysely } from 'kysely';
import { OneTimePurpose, OneTimeTokenRepository } from '../../application/ports/one-time-token-repository.port';
import { Database } from './database-schema';

export class KyselyOneTimeTokenRepository implements OneTimeTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(token: { tokenHash: string; purpose: OneTimePurpose; userId: string; createdAt: Date; expiresAt: Date }): Promise<void> {
    await this.db
      .insertInto('one_time_tokens')
      .values({ token_hash: token.tokenHash, purpose: token.purpose, user_id: token.userId, created_at: token.createdAt, expires_at: token.expiresAt })
      .execute();
  }

  /** One UPDATE … WHERE used_at IS NULL: the row lock makes the second of two concurrent callers update nothing. */
  async consume(tokenHash: string, purpose: OneTimePurpose, now: Date): Promise<string | undefined> {
    const row = await this.db
      .updateTable('one_time_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }
}
