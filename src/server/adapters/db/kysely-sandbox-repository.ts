import { Kysely, Selectable } from 'kysely';
import { SandboxRecord, SandboxRepository } from '../../application/ports/sandbox-repository.port';
import { Database, SandboxesTable } from './database-schema';

const toRecord = (row: Selectable<SandboxesTable>): SandboxRecord => ({
  id: row.id,
  title: row.title,
  template: row.template,
  createdAt: row.created_at.toISOString(),
  ...(row.anonymous_access ? { anonymousAccess: row.anonymous_access } : {}),
  privacy: row.privacy,
  ...(row.team_id ? { teamId: row.team_id } : {}),
  ...(row.author_id ? { authorId: row.author_id } : {}),
});

export class KyselySandboxRepository implements SandboxRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<SandboxRecord[]> {
    return (await this.db.selectFrom('sandboxes').selectAll().orderBy('created_at').orderBy('id').execute()).map(toRecord);
  }

  async get(id: string): Promise<SandboxRecord | undefined> {
    const row = await this.db.selectFrom('sandboxes').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async create(record: SandboxRecord): Promise<boolean> {
    const result = await this.db
      .insertInto('sandboxes')
      .values({
        id: record.id,
        title: record.title,
        template: record.template,
        created_at: new Date(record.createdAt),
        updated_at: new Date(record.createdAt),
        anonymous_access: record.anonymousAccess ?? null,
        privacy: record.privacy,
        team_id: record.teamId ?? null,
        author_id: record.authorId ?? null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('sandboxes').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async update(record: SandboxRecord): Promise<void> {
    await this.db
      .updateTable('sandboxes')
      .set({
        title: record.title,
        template: record.template,
        anonymous_access: record.anonymousAccess ?? null,
        privacy: record.privacy,
        team_id: record.teamId ?? null,
        author_id: record.authorId ?? null,
        updated_at: new Date(),
      })
      .where('id', '=', record.id)
      .execute();
  }
}
