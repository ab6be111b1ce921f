import { Kysely } from 'kysely';
import { PendingUserRecord, PendingUserRepository } from '../../application/ports/pending-user-repository.port';
import { Database } from './database-schema';

export class KyselyPendingUserRepository implements PendingUserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(pending: PendingUserRecord): Promise<void> {
    await this.db
      .insertInto('pending_users')
      .values({
        id: pending.id,
        provider: pending.provider,
        subject: pending.subject,
        email: pending.email,
        name: pending.name ?? null,
        avatar_url: pending.avatarUrl ?? null,
        suggested_username: pending.suggestedUsername,
        created_at: pending.createdAt,
        expires_at: pending.expiresAt,
      })
      .execute();
  }

  async byId(id: string, now: Date): Promise<PendingUserRecord | undefined> {
    const row = await this.db.selectFrom('pending_users').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
    return (
      row && {
        id: row.id,
        provider: row.provider,
        subject: row.subject,
        email: row.email,
        name: row.name ?? undefined,
        avatarUrl: row.avatar_url ?? undefined,
        suggestedUsername: row.suggested_username,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
      }
    );
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('pending_users').where('id', '=', id).execute();
  }
}
