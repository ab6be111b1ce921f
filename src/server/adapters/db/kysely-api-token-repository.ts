import { Kysely, Selectable } from 'kysely';
import { ApiTokenRecord, ApiTokenRepository, NewApiToken } from '../../application/ports/api-token-repository.port';
import { ApiTokensTable, Database } from './database-schema';

const toRecord = (row: Selectable<ApiTokensTable>): ApiTokenRecord => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  kind: row.kind,
  secretHash: row.secret_hash,
  scopes: row.scopes,
  createdAt: row.created_at,
  expiresAt: row.expires_at ?? undefined,
  lastUsedAt: row.last_used_at ?? undefined,
  revokedAt: row.revoked_at ?? undefined,
});

export class KyselyApiTokenRepository implements ApiTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(token: NewApiToken): Promise<ApiTokenRecord> {
    const row = await this.db
      .insertInto('api_tokens')
      .values({
        id: token.id,
        user_id: token.userId,
        name: token.name,
        kind: token.kind,
        secret_hash: token.secretHash,
        scopes: JSON.stringify(token.scopes),
        created_at: token.createdAt,
        expires_at: token.expiresAt ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async replace(token: NewApiToken): Promise<ApiTokenRecord> {
    const values = {
      user_id: token.userId,
      name: token.name,
      kind: token.kind,
      secret_hash: token.secretHash,
      scopes: JSON.stringify(token.scopes),
      created_at: token.createdAt,
      expires_at: token.expiresAt ?? null,
      last_used_at: null,
      revoked_at: null,
    };
    const row = await this.db
      .insertInto('api_tokens')
      .values({ id: token.id, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async byId(id: string): Promise<ApiTokenRecord | undefined> {
    const row = await this.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async activeOf(userId: string, now: Date): Promise<ApiTokenRecord[]> {
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toRecord);
  }

  async touch(id: string, at: Date): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }

  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
