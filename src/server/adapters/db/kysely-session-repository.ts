import { Kysely, Selectable } from 'kysely';
import { NewSession, SessionRecord, SessionRepository } from '../../application/ports/session-repository.port';
import { Database, SessionsTable } from './database-schema';

const toRecord = (row: Selectable<SessionsTable>): SessionRecord => ({
  id: row.id,
  userId: row.user_id,
  secretHash: row.secret_hash,
  ip: row.ip ?? undefined,
  userAgent: row.user_agent ?? undefined,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at ?? undefined,
});

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: NewSession): Promise<SessionRecord> {
    const row = await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        secret_hash: session.secretHash,
        ip: session.ip ?? null,
        user_agent: session.userAgent ?? null,
        created_at: session.createdAt,
        last_seen_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async byId(id: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async activeOf(userId: string, now: Date): Promise<SessionRecord[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toRecord);
  }

  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeAllOf(userId: string, at: Date, except?: string): Promise<number> {
    let query = this.db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
    if (except !== undefined) query = query.where('id', '!=', except);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
